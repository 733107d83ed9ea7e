/**
 * Test data shared by the unit tests of an order's steps: a product as the order re-reads it
 * from the database, available, sold by the piece, with no stock count, sizes or add-ons. Not
 * mutated by Stryker (stryker.config.mjs) and imported by tests only.
 */
import type { ProductRow } from "./price";

export const productRow = (id: string, extra: Partial<ProductRow> = {}): ProductRow => ({
  id,
  name: id,
  price: 10,
  unit: "pieza",
  available: true,
  variations: [],
  choiceGroups: [],
  quantityStep: null,
  minQuantity: null,
  stock: null,
  dailyStock: null,
  stockRefilledAt: null,
  category: "",
  optionStock: null,
  ...extra,
});
