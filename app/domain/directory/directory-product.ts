/** A product as the directory shows it (search results, carousels, featured): it links to its store. */
export type DirectoryProduct = {
  storeId: string;
  id: string;
  name: string;
  price: number;
  unit: string;
  imageKey: string | null;
  storeName: string;
  /** "2×1", "−20 %": the store's offer running now on it (docs/decisions/036); carousels only. */
  offer?: string | null;
};
