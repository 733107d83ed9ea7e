/**
 * robots.txt and the sitemap: every visible store and each of its available products, with the
 * date it last changed. Past 50,000 addresses (the protocol's limit per file) `/sitemap.xml`
 * becomes an index of `/sitemaps/<n>.xml` files.
 */
import { sql } from "drizzle-orm";
import { readSql, type ReadDatabase } from "~/db/read-database.server";

export const SITEMAP_LIMIT = 50_000;

export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Allow: /i/og/",
    "Disallow: /i/",
    "Disallow: /s/*/api",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}

/**
 * A store's own domain: its page and its available products' pages there, at their
 * short addresses; nothing when the store is hidden from search.
 */
export async function listStoreSitemapEntries(db: ReadDatabase, storeId: string, origin: string) {
  const result = await db.execute<Entry>(
    readSql`select * from (${ENTRIES}) e where store_id = ${storeId} order by product_id nulls first
        limit ${SITEMAP_LIMIT}`,
  );
  return result.rows.map((row) => ({
    loc: row.product_id ? `${origin}/p/${encodeURIComponent(row.product_id)}` : `${origin}/`,
    lastModified: new Date(row.last_modified).toISOString(),
  }));
}

/** Store pages and product pages of visible stores, in a stable order, one page of them. */
const ENTRIES = sql`
  select s.id as store_id, null::text as product_id, ss.updated_at as last_modified
    from stores s join store_settings ss on ss.store_id = s.id
   where not s.is_hidden
  union all
  select p.store_id, p.id, p.updated_at
    from products p join stores s on s.id = p.store_id
   where not s.is_hidden and p.available`;

export async function countSitemapEntries(db: ReadDatabase): Promise<number> {
  const result = await db.execute<{ total: number }>(
    readSql`select count(*)::int as total from (${ENTRIES}) e`,
  );
  return result.rows[0]?.total ?? 0;
}

type Entry = { store_id: string; product_id: string | null; last_modified: Date | string };

export async function listSitemapEntries(db: ReadDatabase, page: number, origin: string) {
  const result = await db.execute<Entry>(
    readSql`select * from (${ENTRIES}) e order by store_id, product_id nulls first
        limit ${SITEMAP_LIMIT} offset ${page * SITEMAP_LIMIT}`,
  );
  return result.rows.map((row) => ({
    loc: row.product_id
      ? `${origin}/${row.store_id}/p/${encodeURIComponent(row.product_id)}`
      : `${origin}/${row.store_id}`,
    lastModified: new Date(row.last_modified).toISOString(),
  }));
}

export function sitemapPages(total: number): number {
  return Math.max(1, Math.ceil(total / SITEMAP_LIMIT));
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function urlSetXml(entries: { loc: string; lastModified: string }[]): string {
  const urls = entries.map(
    (entry) => `<url><loc>${escapeXml(entry.loc)}</loc><lastmod>${entry.lastModified}</lastmod></url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

export function sitemapIndexXml(origin: string, pages: number): string {
  const items = Array.from(
    { length: pages },
    (_, page) => `<sitemap><loc>${escapeXml(`${origin}/sitemaps/${page + 1}.xml`)}</loc></sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join("\n")}\n</sitemapindex>\n`;
}
