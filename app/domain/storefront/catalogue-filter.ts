/** Storefront search and category chips. Pure: runs on the server and in the browser. */

/** Lower case without accents: "Panadería" and "panaderia" match, as shoppers often type without them. */
export function searchText(value: string): string {
  return value
    .normalize("NFD")
    .replace(/\p{Mn}/gu, "")
    .toLowerCase();
}

export const ALL_CATEGORIES = "";

export function filterCatalogue<P extends { name: string; description: string; category: string }>(
  products: P[],
  filter: { query: string; category: string },
): P[] {
  const query = searchText(filter.query.trim());
  return products.filter(
    (product) =>
      (filter.category === ALL_CATEGORIES || product.category === filter.category) &&
      (query === "" || searchText(`${product.name} ${product.description}`).includes(query)),
  );
}
