import { describe, expect, it } from "vitest";
import {
  normalizeOptions,
  planLimitMessage,
  PRODUCT_MESSAGES,
  ProductFormSchema,
  productFormValues,
} from "./product-form";

const valid = {
  name: "Concha",
  description: "Pan dulce",
  price: "14.5",
  unit: "pieza",
  variations: [],
  category: "",
};

describe("product form", () => {
  it("needs name, description and a non-zero price, with the spec's message", () => {
    for (const missing of [
      { name: " " },
      { description: "" },
      { price: "" },
      { price: "0" },
      { price: "0.00" },
    ]) {
      const parsed = ProductFormSchema.safeParse({ ...valid, ...missing });
      expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([PRODUCT_MESSAGES.required]);
    }
  });

  it("price is a number ≥ 0 with at most two decimals", () => {
    expect(ProductFormSchema.parse(valid).price).toBe(14.5);
    for (const price of ["-3", "abc", "1.234", "1e3"]) {
      expect(ProductFormSchema.safeParse({ ...valid, price }).success).toBe(false);
    }
  });

  it("unit is one of pieza, kg, L, mL", () => {
    for (const unit of ["pieza", "kg", "L", "mL"])
      expect(ProductFormSchema.safeParse({ ...valid, unit }).success).toBe(true);
    expect(ProductFormSchema.safeParse({ ...valid, unit: "litro" }).success).toBe(false);
  });

  it("options are trimmed, non-empty and unique", () => {
    expect(normalizeOptions([" Chico", "Chico ", "", "Grande"])).toEqual(["Chico", "Grande"]);
    expect(ProductFormSchema.parse({ ...valid, variations: ["A ", " A", "B"] }).variations).toEqual([
      "A",
      "B",
    ]);
  });

  it("reads repeated option fields and a comma decimal from FormData", () => {
    const formData = new FormData();
    formData.set("name", "Pan");
    formData.set("price", "12,50");
    formData.append("variations", "Uno");
    formData.append("variations", "Dos");
    expect(productFormValues(formData)).toMatchObject({
      name: "Pan",
      price: "12.50",
      variations: ["Uno", "Dos"],
    });
  });

  it("formats the plan-limit message verbatim", () => {
    expect(planLimitMessage(10)).toBe(
      "Has alcanzado el límite de productos disponibles para tu plan (10). Mejora tu plan para habilitar más productos.",
    );
  });
});
