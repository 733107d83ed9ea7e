/**
 * The Content-Security-Policy of Tianguis's pages (docs/decisions/012). Scripts run only
 * from our own origin or with the request's nonce (React Router's and React's inline scripts carry
 * it); nothing may change the base URL or embed plugins; violations are reported. No page may be
 * framed, but for the kitchen ticket, which our own pages may frame (below).
 */
export const CSP_REPORT_PATH = "/i/csp-report";

/** The kitchen ticket's address (app/domain/orders/kitchen-ticket.ts `ticketPath`). */
const FRAMED_BY_OWN_PAGES = /^\/i\/admin\/pedidos\/[^/]+\/ticket$/;

/**
 * Whether our own pages may frame this page: only the kitchen ticket, which the pending orders tab
 * prints out of sight in a hidden frame (app/components/admin/kitchen-printing.tsx), and only on the
 * platform, where the panel is (a store's own domain serves no panel and no ticket). Everything else
 * refuses every frame (`X-Frame-Options: DENY`, `frame-ancestors 'none'`): nothing of ours is
 * shown inside another site, nor inside one of our pages, where a click could be stolen.
 */
export function framedByOwnPages(pathname: string, onStoreDomain: boolean): boolean {
  return !onStoreDomain && FRAMED_BY_OWN_PAGES.test(pathname);
}

export function contentSecurityPolicy({
  nonce,
  scriptHashes,
  imageOrigins = [],
  framedByOwnPages = false,
}: {
  /** The request's nonce; without it or hashes (a page React does not render) no script runs at all. */
  nonce?: string;
  /** Instead of a nonce, the hashes of a cached page's inline scripts (docs/decisions/021). */
  scriptHashes?: string[];
  /** Where else images may come from: the S3 public URL's origin. */
  imageOrigins?: string[];
  /** Our own pages may frame it (`framedByOwnPages`); otherwise nothing may. */
  framedByOwnPages?: boolean;
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
    ["frame-ancestors", framedByOwnPages ? "'self'" : "'none'"],
    ["report-uri", CSP_REPORT_PATH],
    ["report-to", "csp"],
  ];
  return directives.map((directive) => directive.join(" ")).join("; ");
}

/** The Reporting API's endpoint the `report-to csp` directive names. */
export const REPORTING_ENDPOINTS = `csp="${CSP_REPORT_PATH}"`;
