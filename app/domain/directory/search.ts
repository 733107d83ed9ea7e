/** City product search: the rules the browser and the server share. Pure. */

export const SEARCH_PAGE_SIZE = 24;
export const SEARCH_TERM_MAX_LENGTH = 100;
export const NO_SEARCH_RESULTS_MESSAGE = "No se encontraron productos que coincidan.";

/** The term as searched: trimmed and capped; an empty result means "no search". */
export function normalizeSearchTerm(raw: string | null | undefined): string {
  return (raw ?? "").trim().slice(0, SEARCH_TERM_MAX_LENGTH);
}

/** Page numbers start at 1; anything else (missing, junk, huge) reads as a valid page. */
export function parseSearchPage(raw: string | null | undefined, maxPage = 1000): number {
  const page = Number.parseInt(raw ?? "", 10);
  if (!Number.isInteger(page) || page < 1) return 1;
  return Math.min(page, maxPage);
}

/**
 * The most results a search pages through (10 pages): enough for a shopper, and it bounds the
 * work of very common terms. A term with more matches asks for a more precise one.
 */
export const SEARCH_RESULTS_LIMIT = 240;
