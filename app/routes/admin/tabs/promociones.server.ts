import { and, asc, eq } from "drizzle-orm";
import { products } from "~/db/schema";
import { listPromotions } from "~/domain/promotions/promotions.server";
import type { TabContext } from "./context";

/** Promociones (docs/decisions/036): the store's codes and offers, and its products and categories to aim them at. */
export async function load({ db, store }: TabContext) {
  const [promotions, productRows] = await Promise.all([
    listPromotions(db, store.id),
    db
      .select({ id: products.id, name: products.name, unit: products.unit, category: products.category })
      .from(products)
      .where(and(eq(products.storeId, store.id)))
      .orderBy(asc(products.name)),
  ]);
  const categories = [...new Set(productRows.map((product) => product.category).filter(Boolean))].sort();
  return {
    tab: "promociones",
    codes: promotions.codes.map((code) => ({
      ...code,
      startsAt: code.startsAt?.toISOString() ?? null,
      endsAt: code.endsAt?.toISOString() ?? null,
      createdAt: code.createdAt.toISOString(),
    })),
    offers: promotions.offers.map((offer) => ({ ...offer, createdAt: offer.createdAt.toISOString() })),
    products: productRows,
    categories,
    timeZone: store.settings.timeZone,
  } as const;
}
