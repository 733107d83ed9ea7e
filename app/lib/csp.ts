/**
 * The Content-Security-Policy of Tianguis's pages (docs/decisions/012). Scripts run only
 * from our own origin or with the request's nonce (React Router's and React's inline scripts carry
 * it); nothing may frame us, change the base URL or embed plugins; violations are reported.
 */
export const CSP_REPORT_PATH = "/i/csp-report";

export function contentSecurityPolicy({
  nonce,
  scriptHashes,
  imageOrigins = [],
}: {
  /** The request's nonce; without it or hashes (a page React does not render) no script runs at all. */
  nonce?: string;
  /** Instead of a nonce, the hashes of a cached page's inline scripts (docs/decisions/021). */
  scriptHashes?: string[];
  /** Where else images may come from: the S3 public URL's origin. */
  imageOrigins?: string[];
}): string {
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    nonce
      ? ["script-src", "'self'", `'nonce-${nonce}'`]
      : scriptHashes
        ? ["script-src", "'self'", ...scriptHashes]
        : ["script-src", "'none'"],
    // Inline style attributes (a store's colours, a bar's width) are data, not code.
    ["style-src", "'self'", "'unsafe-inline'"],
    ["img-src", "'self'", "data:", "blob:", ...imageOrigins],
    ["font-src", "'self'"],
    ["connect-src", "'self'"],
    // The photo compressor runs in a worker made from a blob.
    ["worker-src", "'self'", "blob:"],
    ["manifest-src", "'self'"],
    ["object-src", "'none'"],
    ["base-uri", "'none'"],
    ["form-action", "'self'"],
    ["frame-ancestors", "'none'"],
    ["report-uri", CSP_REPORT_PATH],
    ["report-to", "csp"],
  ];
  return directives.map((directive) => directive.join(" ")).join("; ");
}

/** The Reporting API's endpoint the `report-to csp` directive names. */
export const REPORTING_ENDPOINTS = `csp="${CSP_REPORT_PATH}"`;
