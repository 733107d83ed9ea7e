/** The units a product is sold in. Pure: the schema, the server and the browser share it. */
export const PRODUCT_UNITS = ["pieza", "kg", "L", "mL"] as const;
export type ProductUnit = (typeof PRODUCT_UNITS)[number];

export const UNIT_LABELS: Record<ProductUnit, string> = {
  pieza: "pieza",
  kg: "kg",
  L: "L",
  mL: "mL",
};
