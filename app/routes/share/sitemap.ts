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
import { recentReads } from "~/lib/public-reads.server";
import type { Route } from "./+types/sitemap";

const xml = (body: string) =>
  new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });

export async function loader({ params, context }: Route.LoaderArgs) {
  const { env } = context.services;
  const site = context.site;
  // On the read replica once it has replayed what the primary had when the request came (docs/decisions/047).
  return recentReads(context, async (db) => {
    // On a store's own domain: that store's pages only (docs/decisions/018).
    if (site.kind === "store") {
      return xml(urlSetXml(await listStoreSitemapEntries(db, site.storeId, site.origin)));
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
  });
}
