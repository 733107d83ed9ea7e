import { countAvailableProducts, listStoreProducts } from "~/domain/products/admin-products.server";
import { waitingByProduct } from "~/domain/products/restock.server";
import { hasStock } from "~/domain/products/stock";
import { availableProductLimit, hasCustomCategories } from "~/domain/stores/licence";
import type { TabContext } from "./context";

/**
 * Productos: every product, how many are on sale, how many the plan allows and how many shoppers
 * wait for each sold-out one.
 */
export async function load({ db, store }: TabContext) {
  const [products, enabled, waiting] = await Promise.all([
    listStoreProducts(db, store.id),
    countAvailableProducts(db, store.id),
    waitingByProduct(db, store.id),
  ]);
  return {
    tab: "productos",
    products,
    enabled,
    limit: availableProductLimit(store.licence.tier),
    categories: hasCustomCategories(store.licence.tier) ? store.settings.customCategories : [],
    /** Stock is a Negocio and Pro feature: Emprendedor sees its fields switched off. */
    stock: hasStock(store.licence.tier),
    /** Shoppers waiting for "Avísame cuando haya", by product id. */
    waiting,
  } as const;
}
