import { and, asc, eq, sql } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { products, stores, storeSettings } from "~/db/schema";
import { recordEvent } from "~/domain/analytics/events.server";
import { containsPattern } from "./contains-pattern.server";
import { SEARCH_PAGE_SIZE } from "./search";

export type ProductSearch = { cityId: string; term: string; page: number; pageSize?: number };

/**
 * "The product's name or description contains the term". The left side is the very expression
 * products_search_trgm_idx indexes (drizzle/0001): keep the two identical.
 */
export function productMatches(term: string) {
  return sql`tianguis_search_text(${products.name} || ' ' || ${products.description}) like ${containsPattern(term)}`;
}

/**
 * One query for the whole city (ARCHITECTURE.md §7): available products of the city's visible
 * stores whose name or description contains the term, ignoring case and accents. It reads one
 * row more than a page to know whether another page follows, so no count is needed.
 */
export async function searchProducts(db: Executor, search: ProductSearch) {
  const pageSize = search.pageSize ?? SEARCH_PAGE_SIZE;
  const rows = await productSearchQuery(db, search);
  return { products: rows.slice(0, pageSize), hasNextPage: rows.length > pageSize };
}

/** The search's one statement (exposed so tests and the benchmark can EXPLAIN it). */
export function productSearchQuery(db: Executor, search: ProductSearch) {
  const pageSize = search.pageSize ?? SEARCH_PAGE_SIZE;
  return db
    .select({
      storeId: products.storeId,
      id: products.id,
      name: products.name,
      price: products.price,
      unit: products.unit,
      imageKey: products.imageKey,
      storeName: storeSettings.displayName,
    })
    .from(products)
    .innerJoin(stores, eq(stores.id, products.storeId))
    .innerJoin(storeSettings, eq(storeSettings.storeId, products.storeId))
    .where(
      and(
        eq(stores.cityId, search.cityId),
        eq(stores.isHidden, false),
        eq(products.available, true),
        productMatches(search.term),
      ),
    )
    .orderBy(asc(products.storeId), asc(products.id))
    .limit(pageSize + 1)
    .offset((search.page - 1) * pageSize);
}

export type SearchResult = Awaited<ReturnType<typeof searchProducts>>;

/** A shopper's search with its two analytics events (spec §7). */
export async function searchCityProducts(db: Executor, search: ProductSearch): Promise<SearchResult> {
  const [result] = await Promise.all([
    searchProducts(db, search),
    recordEvent(db, "search_products", null, { cityId: search.cityId, term: search.term, page: search.page }),
  ]);
  await recordEvent(db, "search_results", null, {
    cityId: search.cityId,
    term: search.term,
    page: search.page,
    results: result.products.length,
  });
  return result;
}
