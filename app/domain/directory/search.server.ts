import { sql } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { products } from "~/db/schema";
import { recordLimitedEvents } from "~/domain/analytics/events.server";
import { containsPattern } from "./contains-pattern.server";
import { SEARCH_PAGE_SIZE, SEARCH_RESULTS_LIMIT } from "./search";
import type { DirectoryProduct } from "./directory-product";
import { readSql, type ReadDatabase, type ReadSql } from "~/db/read-database.server";

export type ProductSearch = { cityId: string; term: string; page: number; pageSize?: number };

/**
 * "The product's name or description contains the term": the kept search text (name and
 * description without accents, in lower case; products.search_text) holds the term's own
 * search text. products_search_trgm_idx indexes that column.
 */
export function productMatches(term: string) {
  return sql`${products.searchText} like ${containsPattern(term)}`;
}

/**
 * The search as one call of tianguis_city_search (drizzle/0020_city_search.sql): available
 * products of the city's visible stores whose search text contains the term, gathered up to
 * SEARCH_RESULTS_LIMIT without order, then sorted and paged. One row more than a page is asked
 * for, to know whether another page follows.
 */
export function productSearchStatement(search: ProductSearch): ReadSql {
  const pageSize = search.pageSize ?? SEARCH_PAGE_SIZE;
  return readSql`select * from tianguis_city_search(${search.cityId}::text, ${search.term}::text,
    ${SEARCH_RESULTS_LIMIT}::integer, ${pageSize + 1}::integer, ${(search.page - 1) * pageSize}::integer)`;
}

/** One page of results; one row more than a page is read to know whether another page follows. */
export async function searchProducts(db: ReadDatabase, search: ProductSearch) {
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
