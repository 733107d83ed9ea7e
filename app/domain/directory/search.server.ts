import { sql } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { products, stores, storeSettings } from "~/db/schema";
import { recordLimitedEvents } from "~/domain/analytics/events.server";
import { containsPattern } from "./contains-pattern.server";
import { SEARCH_PAGE_SIZE, SEARCH_RESULTS_LIMIT } from "./search";
import type { DirectoryProduct } from "./directory-product";

export type ProductSearch = { cityId: string; term: string; page: number; pageSize?: number };

/**
 * "The product's name or description contains the term". The left side is the very expression
 * products_search_trgm_idx indexes (drizzle/0001): keep the two identical.
 */
export function productMatches(term: string) {
  return sql`tianguis_search_text(${products.name} || ' ' || ${products.description}) like ${containsPattern(term)}`;
}

/**
 * The search as one statement: available products of the city's visible
 * stores whose name or description contains the term, ignoring case and accents.
 *
 * Why the shape: the matches are gathered first, without any order, up to SEARCH_RESULTS_LIMIT,
 * and only then sorted and paged. With an ORDER BY next to the LIMIT, PostgreSQL may walk
 * products in index order, testing each one, whenever it expects many matches; a misestimated
 * term then scanned the whole catalogue (2.4 s at 500,000 products). Unordered, the trigram
 * index's bitmap scan stops as soon as it has enough, for common and rare terms alike.
 */
export function productSearchStatement(search: ProductSearch) {
  const pageSize = search.pageSize ?? SEARCH_PAGE_SIZE;
  return sql`
    with matches as materialized (
      select p.store_id, p.id
      from ${products} p
      join ${stores} s on s.id = p.store_id
      where s.city_id = ${search.cityId} and not s.is_hidden and p.available
        and tianguis_search_text(p.name || ' ' || p.description) like ${containsPattern(search.term)}
      limit ${SEARCH_RESULTS_LIMIT}
    )
    select p.store_id as "storeId", p.id, p.name, p.price::float8 as price, p.unit, p.image_key as "imageKey",
           ss.display_name as "storeName"
    from matches m
    join ${products} p on p.store_id = m.store_id and p.id = m.id
    join ${storeSettings} ss on ss.store_id = m.store_id
    order by m.store_id, m.id
    limit ${pageSize + 1} offset ${(search.page - 1) * pageSize}`;
}

/** One page of results; one row more than a page is read to know whether another page follows. */
export async function searchProducts(db: Executor, search: ProductSearch) {
  const pageSize = search.pageSize ?? SEARCH_PAGE_SIZE;
  const { rows } = await db.execute<DirectoryProduct>(productSearchStatement(search));
  return { products: rows.slice(0, pageSize), hasNextPage: rows.length > pageSize };
}

export type SearchResult = Awaited<ReturnType<typeof searchProducts>>;

/**
 * A shopper's search with its two analytics events (search_products, search_results); an address
 * past its limit still gets its results, its searches just stop being counted.
 */
export async function searchCityProducts(
  db: Executor,
  search: ProductSearch,
  clientIp: string,
): Promise<SearchResult> {
  const result = await searchProducts(db, search);
  await recordSearch(db, search, result.products.length, clientIp);
  return result;
}

/**
 * The two analytics events of one search, also for a search page answered from the page
 * cache (server/page-cache.ts), within the address's limit.
 */
export async function recordSearch(db: Executor, search: ProductSearch, results: number, clientIp: string) {
  const where = { cityId: search.cityId, term: search.term, page: search.page };
  await recordLimitedEvents(
    db,
    [{ name: "searchEventsPerAddress", subject: clientIp }],
    [
      { name: "search_products", storeId: null, data: where },
      { name: "search_results", storeId: null, data: { ...where, results } },
    ],
  );
}
