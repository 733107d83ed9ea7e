/**
 * What the super-admin's store list shows, read from and written to the page's address: a search,
 * only the stores without an owner ("Tiendas sin dueño"), and the page, as the
 * last store id of the previous one (the list is ordered by id).
 */
export type StoreListFilter = { query: string; ownerless: boolean; after: string | null };

export const STORE_LIST_PARAMS = { query: "tienda", ownerless: "sin-dueno", after: "desde" } as const;

const MAX_QUERY = 100;
/** Store ids are short lowercase words with hyphens; anything else is no page of this list. */
const AFTER_PATTERN = /^[a-z0-9-]{1,64}$/;

export function parseStoreListFilter(params: URLSearchParams): StoreListFilter {
  const after = params.get(STORE_LIST_PARAMS.after) ?? "";
  return {
    query: (params.get(STORE_LIST_PARAMS.query) ?? "").slice(0, MAX_QUERY),
    ownerless: params.get(STORE_LIST_PARAMS.ownerless) === "1",
    after: AFTER_PATTERN.test(after) ? after : null,
  };
}

/** The panel's address for a filter; a default part is left out. */
export function storeListHref(filter: Partial<StoreListFilter>): string {
  const params = new URLSearchParams();
  if (filter.query) params.set(STORE_LIST_PARAMS.query, filter.query);
  if (filter.ownerless) params.set(STORE_LIST_PARAMS.ownerless, "1");
  if (filter.after) params.set(STORE_LIST_PARAMS.after, filter.after);
  const search = params.toString();
  return search ? `/i/super-admin?${search}` : "/i/super-admin";
}
