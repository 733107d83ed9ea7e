import { describe, expect, it } from "vitest";
import { schemaIssues } from "../../../tests/support/schema-issues";
import { CHOICE_MESSAGES } from "./choices";
import {
  normalizeOptions,
  planLimitMessage,
  PRODUCT_MESSAGES,
  ProductFormSchema,
  productFormValues,
  STOCK_MESSAGES,
} from "./product-form";

const valid = {
  name: "Concha",
  description: "Pan dulce",
  price: "14.5",
  unit: "pieza",
  variations: [],
  category: "",
};

/** The refused fields and their messages, as the dialog shows them. */
function issuesOf(input: Record<string, unknown>) {
  return schemaIssues(ProductFormSchema.safeParse(input));
}

describe("product form", () => {
  it("needs name, description and a non-zero price, with one fixed message", () => {
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

  it("price is a number ≥ 0 with at most two decimals, said next to the price", () => {
    expect(ProductFormSchema.parse(valid).price).toBe(14.5);
    expect(ProductFormSchema.parse({ ...valid, price: "7" }).price).toBe(7);
    for (const price of ["-3", "abc", "1.234", "1e3", "1.", ".5", "1,5"]) {
      expect(issuesOf({ ...valid, price })).toEqual([{ path: "price", message: PRODUCT_MESSAGES.price }]);
    }
  });

  it("trims what the owner typed, and keeps an image key", () => {
    const parsed = ProductFormSchema.parse({
      ...valid,
      description: "  Pan dulce  ",
      price: " 14.50 ",
      unit: "kg",
      category: " Dulce ",
      imageKey: " product-images/la-espiga/abcdefghij0123456789.webp ",
      quantityStep: " 0.25 ",
      minQuantity: " 0.5 ",
    });
    expect(parsed).toMatchObject({
      description: "Pan dulce",
      price: 14.5,
      category: "Dulce",
      imageKey: "product-images/la-espiga/abcdefghij0123456789.webp",
      quantityStep: 0.25,
      minQuantity: 0.5,
    });
    expect(ProductFormSchema.parse({ ...valid, imageKey: "" }).imageKey).toBe("");
    expect(issuesOf({ ...valid, imageKey: "k".repeat(201) })).toEqual([
      { path: "imageKey", message: PRODUCT_MESSAGES.image },
    ]);
  });

  it("a price stays below a million pesos", () => {
    expect(ProductFormSchema.parse({ ...valid, price: "999999.99" }).price).toBe(999_999.99);
    for (const price of ["1000000", "1000000.00", "25000000"]) {
      expect(issuesOf({ ...valid, price })).toEqual([
        { path: "price", message: "El precio debe ser menor que $1,000,000.00." },
      ]);
    }
  });

  it("a measured unit keeps its step and minimum; pieza is always whole and keeps none", () => {
    const kilos = ProductFormSchema.parse({ ...valid, unit: "kg", quantityStep: "0.25", minQuantity: "0.5" });
    expect(kilos).toMatchObject({ unit: "kg", quantityStep: 0.25, minQuantity: 0.5 });
    // Empty: the unit's default step applies.
    expect(ProductFormSchema.parse({ ...valid, unit: "L", quantityStep: "", minQuantity: "" })).toMatchObject(
      {
        quantityStep: null,
        minQuantity: null,
      },
    );
    expect(
      ProductFormSchema.parse({ ...valid, unit: "pieza", quantityStep: "0.5", minQuantity: "2" }),
    ).toMatchObject({ quantityStep: null, minQuantity: null });
  });

  it("a step or minimum is a positive amount up to 999 with at most three decimals", () => {
    for (const amount of ["0.001", "1", "2.5", "999"]) {
      expect(issuesOf({ ...valid, unit: "kg", quantityStep: amount, minQuantity: amount })).toEqual([]);
    }
    for (const amount of ["0", "0.000", "-1", "0.0005", "1000", "999.5", "abc", "1e2"]) {
      expect(issuesOf({ ...valid, unit: "kg", quantityStep: amount, minQuantity: amount })).toEqual([
        { path: "quantityStep", message: PRODUCT_MESSAGES.quantityStep },
        { path: "minQuantity", message: PRODUCT_MESSAGES.quantityStep },
      ]);
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

  it("missing fields give the form's one message on the form, not on a field", () => {
    expect(issuesOf({ ...valid, name: "" })).toEqual([{ path: "form", message: PRODUCT_MESSAGES.required }]);
  });

  it("reads repeated option fields and a comma decimal from FormData", () => {
    const formData = new FormData();
    formData.set("name", "Pan");
    formData.set("description", "Bolillo");
    formData.set("price", "12,50");
    formData.append("variations", "Uno");
    formData.append("variations", "Dos");
    formData.set("unit", "kg");
    formData.set("quantityStep", "0,25");
    formData.set("minQuantity", "1,5");
    formData.set("category", "Dulce");
    formData.set("imageKey", "product-images/la-espiga/abc.webp");
    expect(productFormValues(formData)).toEqual({
      name: "Pan",
      description: "Bolillo",
      price: "12.50",
      unit: "kg",
      variations: ["Uno", "Dos"],
      category: "Dulce",
      imageKey: "product-images/la-espiga/abc.webp",
      quantityStep: "0.25",
      minQuantity: "1.5",
      stock: "",
      stockWas: undefined,
      dailyStock: "",
      lowStockThreshold: "",
    });
  });

  it("an empty FormData is an empty pieza product that keeps its image; a file is never a text field", () => {
    expect(productFormValues(new FormData())).toEqual({
      name: "",
      description: "",
      price: "",
      unit: "pieza",
      variations: [],
      category: "",
      imageKey: undefined,
      quantityStep: "",
      minQuantity: "",
      stock: "",
      stockWas: undefined,
      dailyStock: "",
      lowStockThreshold: "",
    });
    const formData = new FormData();
    formData.set("name", new File(["x"], "nombre.txt"));
    formData.append("variations", new File(["x"], "opcion.txt"));
    formData.append("variations", "Chica");
    expect(productFormValues(formData)).toMatchObject({ name: "", variations: ["Chica"] });
  });

  it("formats the plan-limit message verbatim", () => {
    expect(planLimitMessage(10)).toBe(
      "Has alcanzado el límite de productos disponibles para tu plan (10). Mejora tu plan para habilitar más productos.",
    );
  });
});

/** The valid form with `input` on top, parsed; a refusal fails the test with its issues. */
const parsed = (input: Record<string, unknown>) => {
  const result = ProductFormSchema.safeParse({ ...valid, ...input });
  if (!result.success) throw new Error(JSON.stringify(result.error.issues));
  return result.data;
};

describe("the product's stock fields", () => {
  it("leaves stock off when they are empty: the product sells without limit, as before", () => {
    expect(parsed({})).toMatchObject({ stock: null, dailyStock: null, lowStockThreshold: null });
    expect(parsed({ stock: "", dailyStock: "", lowStockThreshold: "" })).toMatchObject({ stock: null });
  });

  it("takes 0 as sold out, and starts a daily stock full when no stock is typed", () => {
    expect(parsed({ stock: "0" }).stock).toBe(0);
    expect(parsed({ dailyStock: "40" })).toMatchObject({ stock: 40, dailyStock: 40 });
    expect(parsed({ stock: "3", dailyStock: "40", lowStockThreshold: "5" })).toMatchObject({
      stock: 3,
      dailyStock: 40,
      lowStockThreshold: 5,
    });
    expect(parsed({ unit: "kg", stock: "2.5", lowStockThreshold: "0.5" })).toMatchObject({
      stock: 2.5,
      lowStockThreshold: 0.5,
    });
  });

  it("writes the stock only when the owner changed what the dialog showed", () => {
    expect(parsed({ stock: "5", stockWas: "5" }).stockEdited).toBe(false);
    expect(parsed({ stock: "4", stockWas: "5" }).stockEdited).toBe(true);
    expect(parsed({ stock: "", stockWas: "5" }).stockEdited).toBe(true);
    expect(parsed({ stock: "5", stockWas: "" }).stockEdited).toBe(true);
    // A new product has no stock shown.
    expect(parsed({ stock: "5" }).stockEdited).toBe(true);
  });

  it("says next to each field what it takes: whole pieces, or up to 3 decimals", () => {
    expect(issuesOf({ ...valid, stock: "-1" })).toEqual([
      { path: "stock", message: STOCK_MESSAGES.stock.whole },
    ]);
    expect(issuesOf({ ...valid, stock: "2.5" })).toEqual([
      { path: "stock", message: STOCK_MESSAGES.stock.whole },
    ]);
    expect(issuesOf({ ...valid, stock: "muchos" })).toEqual([
      { path: "stock", message: STOCK_MESSAGES.stock.whole },
    ]);
    expect(issuesOf({ ...valid, stock: "1000000" })).toEqual([
      { path: "stock", message: STOCK_MESSAGES.stock.whole },
    ]);
    expect(issuesOf({ ...valid, unit: "kg", stock: "2.5555" })).toEqual([
      { path: "stock", message: STOCK_MESSAGES.stock.measure },
    ]);
    expect(issuesOf({ ...valid, dailyStock: "0" })).toEqual([
      { path: "dailyStock", message: STOCK_MESSAGES.dailyStock.whole },
    ]);
    expect(issuesOf({ ...valid, unit: "L", dailyStock: "0" })).toEqual([
      { path: "dailyStock", message: STOCK_MESSAGES.dailyStock.measure },
    ]);
    expect(issuesOf({ ...valid, stock: "3", lowStockThreshold: "0" })).toEqual([
      { path: "lowStockThreshold", message: STOCK_MESSAGES.lowStockThreshold.whole },
    ]);
  });

  it("asks for the stock before a «Quedan N» threshold", () => {
    expect(issuesOf({ ...valid, lowStockThreshold: "3" })).toEqual([
      { path: "lowStockThreshold", message: STOCK_MESSAGES.thresholdWithoutStock },
    ]);
    expect(issuesOf({ ...valid, dailyStock: "40", lowStockThreshold: "3" })).toEqual([]);
  });

  it("reads the fields from the dialog's form, with a decimal comma", () => {
    const form = new FormData();
    form.set("stock", "1,5");
    form.set("stockWas", "2");
    form.set("dailyStock", "40");
    form.set("lowStockThreshold", "3");
    expect(productFormValues(form)).toMatchObject({
      stock: "1.5",
      stockWas: "2",
      dailyStock: "40",
      lowStockThreshold: "3",
    });
  });
});

describe("product form: choice groups", () => {
  const sizes = {
    id: "tam",
    name: "Tamaño",
    kind: "size",
    min: "1",
    max: "1",
    options: [
      { id: "p5", name: "5 piezas", price: "70" },
      { id: "p3", name: "3 piezas", price: "45" },
    ],
  };
  const extras = {
    id: "ext",
    name: "Extras",
    kind: "extras",
    min: "0",
    max: "1",
    options: [{ id: "queso", name: "Queso", price: "10" }],
  };

  it("keeps none when the field is absent, as for every product before", () => {
    expect(ProductFormSchema.parse(valid)).toMatchObject({ price: 14.5, choiceGroups: [] });
  });

  it("prices a product with sizes at its cheapest size, and asks for no price of its own", () => {
    const parsed = ProductFormSchema.parse({
      ...valid,
      price: "",
      choiceGroups: JSON.stringify([sizes, extras]),
    });
    expect(parsed.price).toBe(45);
    expect(parsed.choiceGroups.map((group) => group.name)).toEqual(["Tamaño", "Extras"]);
  });

  it("still asks for a price when the groups only add to it", () => {
    expect(
      ProductFormSchema.safeParse({ ...valid, price: "", choiceGroups: JSON.stringify([extras]) }).error
        ?.issues[0]?.message,
    ).toBe(PRODUCT_MESSAGES.required);
  });

  it("refuses groups that do not pass, with the first group's message, and reads them from the form", () => {
    const bad = { ...extras, max: "5" };
    expect(issuesOf({ ...valid, choiceGroups: JSON.stringify([bad]) })).toEqual([
      { path: "choiceGroups", message: CHOICE_MESSAGES.range },
    ]);
    const formData = new FormData();
    formData.set("choiceGroups", "[]");
    expect(productFormValues(formData).choiceGroups).toBe("[]");
  });
});

describe("the product's stock fields, as typed", () => {
  it("reads amounts typed with spaces around them", () => {
    expect(
      parsed({ stock: " 3 ", stockWas: " 3 ", dailyStock: " 40 ", lowStockThreshold: " 5 " }),
    ).toMatchObject({ stock: 3, stockEdited: false, dailyStock: 40, lowStockThreshold: 5 });
  });

  it("writes the stock, even none, when the form does not say what the dialog showed", () => {
    expect(parsed({}).stockEdited).toBe(true);
    expect(parsed({ stock: "" }).stockEdited).toBe(true);
  });

  it("a blank stock shown was no stock, so a 0 typed now is a change", () => {
    expect(parsed({ stock: "0", stockWas: " " }).stockEdited).toBe(true);
  });

  it("a refused threshold says only that, not also that the stock is missing", () => {
    expect(issuesOf({ ...valid, lowStockThreshold: "0" })).toEqual([
      { path: "lowStockThreshold", message: STOCK_MESSAGES.lowStockThreshold.whole },
    ]);
  });

  it("reads a daily stock and a threshold typed with a decimal comma", () => {
    const form = new FormData();
    form.set("dailyStock", "1,5");
    form.set("lowStockThreshold", "0,25");
    expect(productFormValues(form)).toMatchObject({ dailyStock: "1.5", lowStockThreshold: "0.25" });
  });
});
