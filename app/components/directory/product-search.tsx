import { ProductCard } from "~/components/directory/product-card";
import { NO_SEARCH_RESULTS_MESSAGE, SEARCH_TERM_MAX_LENGTH } from "~/domain/directory/search";
import type { SearchResult } from "~/domain/directory/search.server";

/** A city's search as its page shows it: the term, the page and that page's results. */
export type CitySearch = SearchResult & { term: string; page: number };

/**
 * The city page's search: the form and, after a search, its results. Plain HTML (the city page
 * ships no scripts), so it renders the same outside the router: the page cache renders only this
 * section for a search not seen before and puts it into the kept city page (server/search-page.ts).
 */
export function ProductSearch({
  cityId,
  cityName,
  search,
}: {
  cityId: string;
  cityName: string;
  search: CitySearch | null;
}) {
  const pageLink = (page: number) =>
    `/c/${cityId}?${new URLSearchParams({ q: search!.term, page: String(page) })}#resultados`;
  return (
    <section aria-labelledby="buscar" className="px-4 py-6">
      <h2 id="buscar" className="text-xl font-bold">
        Busca productos en {cityName}
      </h2>
      {/* Only a term searches: the browser itself keeps an empty or blank one from leaving. */}
      <form method="get" action={`/c/${cityId}`} role="search" className="mt-3 flex gap-2">
        <label htmlFor="q" className="sr-only">
          Buscar productos
        </label>
        <input
          id="q"
          name="q"
          type="search"
          enterKeyHint="search"
          maxLength={SEARCH_TERM_MAX_LENGTH}
          required
          pattern=".*\S.*"
          title="Escribe qué buscas."
          defaultValue={search?.term ?? ""}
          key={search?.term ?? ""}
          placeholder="Pastel, café, tacos…"
          className="min-w-0 flex-1 rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base shadow-sm placeholder:text-stone-500"
        />
        <button
          type="submit"
          className="rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800"
        >
          Buscar
        </button>
      </form>
      {search ? (
        <div id="resultados" className="mt-4">
          <p role="status" className="mb-3 text-stone-700">
            {search.products.length === 0 && search.page === 1
              ? NO_SEARCH_RESULTS_MESSAGE
              : `Resultados para “${search.term}”${search.page > 1 ? `, página ${search.page}` : ""}`}
          </p>
          {search.products.length > 0 ? (
            <ul
              aria-label="Resultados de la búsqueda"
              className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"
            >
              {search.products.map((product) => (
                <li key={`${product.storeId}/${product.id}`}>
                  <ProductCard product={product} />
                </li>
              ))}
            </ul>
          ) : null}
          {search.page > 1 || search.hasNextPage ? (
            <nav aria-label="Páginas de resultados" className="mt-4 flex justify-between gap-2">
              {search.page > 1 ? (
                <a
                  href={pageLink(search.page - 1)}
                  className="rounded-lg px-3 py-2 font-semibold text-brand-800 ring-1 ring-stone-300"
                >
                  Anterior
                </a>
              ) : (
                <span />
              )}
              {search.hasNextPage ? (
                <a
                  href={pageLink(search.page + 1)}
                  className="rounded-lg px-3 py-2 font-semibold text-brand-800 ring-1 ring-stone-300"
                >
                  Siguiente
                </a>
              ) : null}
            </nav>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
