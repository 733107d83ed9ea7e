import { countAvailableProducts, listStoreProducts } from "~/domain/products/admin-products.server";
import { hasStock } from "~/domain/products/stock";
import { availableProductLimit, hasCustomCategories } from "~/domain/stores/licence";
import type { TabContext } from "./context";

/** Productos: every product, how many are on sale and how many the plan allows. */
export async function load({ db, store }: TabContext) {
  const [products, enabled] = await Promise.all([
    listStoreProducts(db, store.id),
    countAvailableProducts(db, store.id),
  ]);
  return {
    tab: "productos",
    products,
    enabled,
    limit: availableProductLimit(store.licence.tier),
    categories: hasCustomCategories(store.licence.tier) ? store.settings.customCategories : [],
    /** Stock is a Negocio and Pro feature: Emprendedor sees its fields switched off. */
    stock: hasStock(store.licence.tier),
  } as const;
}
