/**
 * The 404 of a store address that no store ever had ("Esta tienda todavía no existe … está
 * disponible"). It is the same page for every such address but for the address itself, so it is
 * rendered once — for an id nobody has — and each request fills its own id in: a flood of made-up
 * addresses costs the page cache's one look-up each, not a render.
 *
 * Whether a store ever had the id is that look-up: every write to a store bumps `store:<id>` in
 * `page_versions` (migration 0012) and migration 0016 gave the stores that were there before a row,
 * so an id without one never was a store. A store that closed, or whose id went free again, keeps
 * its row and is rendered for its request as before (docs/decisions/025).
 */
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { contentSecurityPolicy, REPORTING_ENDPOINTS } from "~/lib/csp";
import { gzipTemplate, type GzipTemplate } from "~/lib/gzip-template.server";
import { inlineScriptHashes } from "~/lib/page-cache/script-hashes.server";
import { isValidStoreId } from "~/domain/stores/store-id";

export type UnknownStoreTemplate = {
  /** The page split where the id goes, compressed once (each request only fills its id in). */
  page: GzipTemplate;
  contentType: string;
  csp: string;
};

/** An id of the right shape that no store has (checked: its page must come back as the 404). */
const placeholderId = () => `plantilla-${randomBytes(8).toString("hex").slice(0, 10)}`;

/** Renders the app's page at `path`, as the visitor's request would be otherwise. */
type Render = (path: string) => Promise<globalThis.Response>;

export function createUnknownStorePage({ imageOrigins }: { imageOrigins: string[] }) {
  let template: UnknownStoreTemplate | undefined;
  let preparing: Promise<UnknownStoreTemplate | undefined> | undefined;

  const prepare = async (render: Render): Promise<UnknownStoreTemplate | undefined> => {
    const id = placeholderId();
    const response = await render(`/${id}`);
    const contentType = response.headers.get("content-type") ?? "";
    const html = await response.text();
    // Anything but the plain 404 of a free address (a cookie, a redirect, a store that has this
    // id after all): no template, and each such request is rendered as before.
    if (response.status !== 404 || !contentType.startsWith("text/html") || response.headers.has("set-cookie"))
      return undefined;
    const parts = html.split(id);
    if (parts.length < 2) return undefined;
    template = {
      page: gzipTemplate(parts),
      contentType,
      csp: contentSecurityPolicy({ scriptHashes: inlineScriptHashes(html), imageOrigins }),
    };
    return template;
  };

  return {
    /** The template, once rendered. */
    current: () => template,
    /** Renders it, once however many requests ask at the same time. */
    prepare(render: Render): Promise<UnknownStoreTemplate | undefined> {
      preparing ??= prepare(render).finally(() => (preparing = undefined));
      return preparing;
    },
  };
}

/** The page for `storeId`, compressed when the browser takes gzip; its headers beside the ones already set. */
export function sendUnknownStore(
  template: UnknownStoreTemplate,
  storeId: string,
  req: IncomingMessage,
  res: ServerResponse,
) {
  // Only ids of the store-id shape reach here ([a-z0-9-]): nothing to escape in HTML or a URL.
  if (!isValidStoreId(storeId)) throw new Error(`not a store id: ${storeId}`);
  const filled = template.page.fill(storeId);
  const gzip = /\bgzip\b/.test(req.headers["accept-encoding"] ?? "");
  const body = gzip ? filled.gzip : filled.joined;
  res.statusCode = 404;
  res.setHeader("Content-Type", template.contentType);
  res.setHeader("Content-Security-Policy", template.csp);
  res.setHeader("Reporting-Endpoints", REPORTING_ENDPOINTS);
  res.setHeader("Cache-Control", "no-cache");
  res.setHeader("Vary", "Accept-Encoding");
  if (gzip) res.setHeader("Content-Encoding", "gzip");
  res.setHeader("Content-Length", body.length);
  res.end(req.method === "HEAD" ? undefined : body);
}
