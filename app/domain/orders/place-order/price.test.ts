import { describe, expect, it } from "vitest";
import { AppError } from "~/lib/errors";
import { ORDER_MESSAGES } from "../order-form";
import { priceLines, ProductUnavailableError, quantityRefusal, type ProductRow } from "./price";
import { productRow } from "./price.fixture";
import { quantityRule } from "~/domain/products/quantity";

const product = productRow;
const line = (productId: string, quantity = 1, variation = "") => ({ productId, variation, quantity });

describe("pricing the lines from the database's products", () => {
  it("takes the name, unit and price of the product as read, in the lines' order", () => {
    const products = [
      product("queso", { name: "Queso", price: 260, unit: "kg", quantityStep: 0.25 }),
      product("pan", { name: "Pan" }),
    ];
    expect(priceLines([line("pan", 2), line("queso", 0.75)], products)).toEqual([
      { productId: "pan", variation: "", quantity: 2, name: "Pan", unit: "pieza", price: 10, chosen: [] },
      {
        productId: "queso",
        variation: "",
        quantity: 0.75,
        name: "Queso",
        unit: "kg",
        price: 260,
        chosen: [],
      },
    ]);
  });

  const tacos = product("tacos", {
    name: "Orden de tacos",
    price: 45,
    choiceGroups: [
      {
        id: "tam",
        name: "Tamaño",
        kind: "size",
        min: 1,
        max: 1,
        options: [
          { id: "p3", name: "3 piezas", price: 45 },
          { id: "p5", name: "5 piezas", price: 70 },
        ],
      },
      {
        id: "ext",
        name: "Extras",
        kind: "extras",
        min: 0,
        max: 2,
        options: [
          { id: "queso", name: "Queso", price: 10 },
          { id: "agua", name: "Aguacate", price: 15 },
          { id: "cebolla", name: "Cebolla", price: 5 },
        ],
      },
    ],
  });
  const withChoices = (choices: string[], quantity = 1) => ({
    productId: "tacos",
    variation: "",
    choices,
    quantity,
  });

  it("prices a line with choices from the product's groups, and keeps a copy of them", () => {
    expect(priceLines([withChoices(["queso", "p5"], 2)], [tacos])).toEqual([
      {
        ...withChoices(["queso", "p5"], 2),
        name: "Orden de tacos",
        unit: "pieza",
        price: 80,
        chosen: [
          { group: "Tamaño", kind: "size", options: [{ name: "5 piezas", price: 70 }] },
          { group: "Extras", kind: "extras", options: [{ name: "Queso", price: 10 }] },
        ],
      },
    ]);
  });

  it("refuses a missing size, too many add-ons and a pick twice, naming the product", () => {
    for (const [choices, message] of [
      [["queso"], "Orden de tacos: Elige una opción de «Tamaño»."],
      [[], "Orden de tacos: Elige una opción de «Tamaño»."],
      [["p3", "queso", "agua", "cebolla"], "Orden de tacos: Elige hasta 2 opciones de «Extras»."],
      [["p3", "p5"], "Orden de tacos: Elige hasta 1 opción de «Tamaño»."],
      [["p3", "queso", "queso"], "Orden de tacos: Elegiste la misma opción dos veces."],
    ] as const)
      expect(() => priceLines([withChoices([...choices])], [tacos])).toThrow(
        expect.objectContaining({ code: "VALIDATION", field: "lines", message }),
      );
  });

  it("refuses a removed or made-up pick as an unavailable line, and picks on a product without groups", () => {
    for (const [productId, choices] of [
      ["tacos", ["p3", "borrada"]],
      ["pan", ["p3"]],
    ] as const) {
      const price = () =>
        priceLines(
          [{ productId, variation: "", choices: [...choices], quantity: 1 }],
          [tacos, product("pan")],
        );
      expect(price).toThrow(ProductUnavailableError);
      expect(price).toThrow(
        expect.objectContaining({ details: { unavailable: { productId, variation: "", choices } } }),
      );
    }
  });

  it("refuses a product that was not read, is switched off or lacks the option, naming the line", () => {
    const products = [
      product("pan"),
      product("apagado", { available: false }),
      product("cafe", { variations: ["chico"] }),
    ];
    for (const [wanted, variation] of [
      ["otro", ""],
      ["apagado", ""],
      ["cafe", "grande"],
      ["cafe", ""],
      ["pan", "integral"],
    ] as const) {
      const price = () => priceLines([line("pan"), line(wanted, 1, variation)], products);
      expect(price).toThrow(ProductUnavailableError);
      expect(price).toThrow(
        expect.objectContaining({
          code: "UNAVAILABLE",
          message: ORDER_MESSAGES.unavailable,
          field: "lines",
          productId: wanted,
          variation,
          details: { unavailable: { productId: wanted, variation } },
        }),
      );
    }
    expect(priceLines([line("cafe", 1, "chico")], products)[0]!.variation).toBe("chico");
  });

  it("refuses a quantity off the product's step or under its minimum, with the product's name", () => {
    const products = [product("queso", { name: "Queso", unit: "kg", quantityStep: 0.25, minQuantity: 0.5 })];
    for (const quantity of [0.25, 0.6]) {
      const price = () => priceLines([line("queso", quantity)], products);
      expect(price).toThrow(AppError);
      expect(price).not.toThrow(ProductUnavailableError);
      expect(price).toThrow(
        expect.objectContaining({
          code: "VALIDATION",
          field: "lines",
          message: "Queso: La cantidad debe ser de al menos 0.5 kg y en pasos de 0.25 kg.",
        }),
      );
    }
    expect(priceLines([line("queso", 0.75)], products)[0]!.quantity).toBe(0.75);
  });

  it("refuses a kilo line that is no number above zero in kilos and decimals, never as a whole number", () => {
    const products = [product("queso", { name: "Queso", price: 260, unit: "kg", quantityStep: 0.25 })];
    for (const quantity of [Number.NaN, 0, -0.5, -2]) {
      const price = () => priceLines([line("queso", quantity)], products);
      expect(price).toThrow(
        expect.objectContaining({
          code: "VALIDATION",
          field: "lines",
          message:
            "Queso: La cantidad debe ser un número de kilos mayor que cero (puede llevar decimales, por ejemplo 0.75 kg).",
        }),
      );
    }
    // Over the maximum, the maximum; off the step, the step (with decimals, as the unit is sold).
    expect(() => priceLines([line("queso", 1500)], products)).toThrow(
      expect.objectContaining({ message: "Queso: La cantidad máxima es 999 kg." }),
    );
    expect(() => priceLines([line("queso", 0.3)], products)).toThrow(
      expect.objectContaining({
        message: "Queso: La cantidad debe ser de al menos 0.25 kg y en pasos de 0.25 kg.",
      }),
    );
  });

  it("words a measured refusal in the product's own unit, with an example on its steps", () => {
    const refusal = (unit: "kg" | "L" | "mL", extra: Partial<ProductRow> = {}) =>
      quantityRefusal("Agua", quantityRule({ unit, ...extra }), 0);
    expect(refusal("L", { quantityStep: 0.25 })).toBe(
      "Agua: La cantidad debe ser un número de litros mayor que cero (puede llevar decimales, por ejemplo 0.75 L).",
    );
    expect(refusal("mL", { quantityStep: 250 })).toBe(
      "Agua: La cantidad debe ser un número entero de mililitros, de al menos 250 mL.",
    );
    // Without a step of its owner's, a product by the litre is sold in whole litres: no decimals offered.
    expect(refusal("L")).toBe("Agua: La cantidad debe ser un número entero de litros, de al menos 1 L.");
    // A minimum of 0.3 kg in steps of 0.25: three minimums (0.9) is off the steps; the example is not.
    expect(refusal("kg", { minQuantity: 0.3, quantityStep: 0.25 })).toContain("por ejemplo 0.8 kg");
  });

  it("keeps a piece's message: a whole number from 1, and the step for a fraction", () => {
    const products = [product("pan", { name: "Pan" })];
    for (const quantity of [Number.NaN, 0, -2, 1.2345, 1000]) {
      expect(() => priceLines([line("pan", quantity)], products)).toThrow(
        expect.objectContaining({ code: "VALIDATION", field: "lines", message: ORDER_MESSAGES.quantity }),
      );
    }
    expect(ORDER_MESSAGES.quantity).toBe("La cantidad debe ser un número entero de al menos 1.");
    expect(() => priceLines([line("pan", 1.5)], products)).toThrow(
      expect.objectContaining({
        message: "Pan: La cantidad debe ser de al menos 1 pieza y en pasos de 1 pieza.",
      }),
    );
  });
});

describe("a measured line's refusal by the product's steps", () => {
  it("asks for decimals when the steps are fractions, even from a whole minimum", () => {
    // 1 kg at least, in steps of 0.25 kg: 1.25 kg can be ordered, so "a whole number" would be wrong.
    const rule = quantityRule({ unit: "kg", quantityStep: 0.25, minQuantity: 1 });
    expect(quantityRefusal("Queso", rule, 0)).toBe(
      "Queso: La cantidad debe ser un número de kilos mayor que cero (puede llevar decimales, por ejemplo 3 kg).",
    );
  });

  it("asks for a whole number only when both the steps and the minimum are whole", () => {
    const rule = quantityRule({ unit: "kg", quantityStep: 1, minQuantity: 2 });
    expect(quantityRefusal("Queso", rule, -1)).toBe(
      "Queso: La cantidad debe ser un número entero de kilos, de al menos 2 kg.",
    );
  });
});

describe("an unavailable line", () => {
  it("names no choices when the line had none", () => {
    const error = new ProductUnavailableError("pan", "integral");
    expect(error.details).toEqual({ unavailable: { productId: "pan", variation: "integral" } });
    expect(error).toMatchObject({ code: "UNAVAILABLE", field: "lines", message: ORDER_MESSAGES.unavailable });
  });
});
