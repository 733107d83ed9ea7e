/**
 * GET /sitemap.xml and /sitemaps/<n>.xml — the visible stores and their available products. One
 * file up to 50,000 addresses; past that, an index of numbered files.
 */
import {
  countSitemapEntries,
  listSitemapEntries,
  listStoreSitemapEntries,
  sitemapIndexXml,
  sitemapPages,
  urlSetXml,
} from "~/domain/share/sitemap.server";
import type { Route } from "./+types/sitemap";

const xml = (body: string) =>
  new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, env } = context.services;
  // On a store's own domain: that store's pages only (docs/decisions/018).
  if (context.site.kind === "store") {
    return xml(urlSetXml(await listStoreSitemapEntries(db, context.site.storeId, context.site.origin)));
  }
  const origin = env.publicOrigin;
  const pages = sitemapPages(await countSitemapEntries(db));
  if (params.file === undefined) {
    if (pages > 1) return xml(sitemapIndexXml(origin, pages));
    return xml(urlSetXml(await listSitemapEntries(db, 0, origin)));
  }
  const page = Number(/^([1-9][0-9]{0,5})\.xml$/.exec(params.file)?.[1] ?? 0);
  if (!page || page > pages) {
    return new Response("No encontramos este mapa del sitio.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return xml(urlSetXml(await listSitemapEntries(db, page - 1, origin)));
}
