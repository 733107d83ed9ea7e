import {
  normalizeSearchTerm,
  parseSearchPage,
  SEARCH_PAGE_SIZE,
  SEARCH_RESULTS_LIMIT,
} from "~/domain/directory/search";
import { isValidStoreId, RESERVED_STORE_IDS } from "~/domain/stores/store-id";
import { entryFor } from "~/lib/entry-points";

/**
 * Which requests the rendered-page cache answers (docs/decisions/021), and what each
 * page depends on. Only the entry points whose declaration says so (`pageCache: "public"` in
 * app/lib/entry-points.ts): the landing, a store's page (and a product's page inside it), and a
 * city's directory with or without a search. Everything else is rendered for its request.
 *
 * `scopes` are the rows of `page_versions` the page is rendered from: a write to a store bumps
 * `store:<id>` and its city's `city:<id>`; category names bump `directory` (migration 0012).
 */
export type CacheablePage = {
  key: string;
  scopes: string[];
  /** A city's search: answering it from memory still records its analytics events. */
  search?: { cityId: string; term: string; page: number };
  /**
   * A store's page on the platform: the store it shows. Without a version row that id never was a
   * store, and the page is the "free address" 404 (server/unknown-store-page.ts). That row is the
   * page's one scope, `scopes[0]`.
   */
  storeId?: string;
  /**
   * A city's page, with its search section: a search's results may be put into the kept page later
   * without rendering it again (server/search-page.ts), so it carries their stylesheet rules too.
   */
  searchSection?: true;
};

/** How many results a search page's render found, for the search it answers from memory. */
export const SEARCH_RESULTS_HEADER = "X-Tianguis-Search-Results";

/** A search past the last page of results renders nothing new: those are not kept. */
const LAST_SEARCH_PAGE = Math.ceil(SEARCH_RESULTS_LIMIT / SEARCH_PAGE_SIZE);
const CITY_ID = /^[a-z0-9-]{1,40}$/;
const PRODUCT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The rows a city's page is rendered from: its stores and products, and the category names. */
export function cityPageScopes(cityId: string) {
  return [`city:${cityId}`, "directory"];
}

export function cacheablePage({
  path,
  query,
  site,
}: {
  /** The platform path the app renders (a store's own domain has already been mapped onto it). */
  path: string;
  query: URLSearchParams;
  /** `""` on the platform; a store's own origin on its domain (its links and canonical differ). */
  site: string;
}): CacheablePage | null {
  // A page's data request (`.data`) is React Router's, never kept.
  const entry = path.endsWith(".data") ? undefined : entryFor(path, "GET");
  if (entry?.pageCache !== "public") return null;
  if (entry.name === "landing") return site === "" ? { key: "/", scopes: [] } : null;
  const segments = path.split("/").slice(1);
  if (segments.some((segment) => segment === "")) return null;

  if (entry.name === "city") {
    const city = segments[1]!;
    if (site !== "" || !CITY_ID.test(city)) return null;
    const scopes = cityPageScopes(city);
    const term = normalizeSearchTerm(query.get("q"));
    if (term === "") return { key: path, scopes, searchSection: true };
    const page = parseSearchPage(query.get("page"));
    if (page > LAST_SEARCH_PAGE) return null;
    return {
      key: `${path}?${new URLSearchParams({ q: term, page: String(page) })}`,
      scopes,
      search: { cityId: city, term, page },
      searchSection: true,
    };
  }

  // The store's page entries: /<store>, /s/<store>, and a product's page inside either: /<store>/p/<product>.
  const [storeId, ...rest] = entry.name.startsWith("storefront-s") ? segments.slice(1) : segments;
  if (storeId === undefined || !isValidStoreId(storeId) || RESERVED_STORE_IDS.has(storeId)) return null;
  const product = rest.length === 0 ? "" : rest.length === 2 && rest[0] === "p" ? rest[1]! : null;
  if (product === null || (product !== "" && !PRODUCT_ID.test(product))) return null;
  // The store's page ignores the query (a link shared with ?fbclid=… is the same page).
  const scopes = [`store:${storeId}`];
  return site === "" ? { key: path, scopes, storeId } : { key: `${site}${path}`, scopes };
}
