import { describe, expect, it } from "vitest";
import {
  addToCart,
  cartBadgeCount,
  decrementLine,
  incrementLine,
  lineTotal,
  orderTotal,
  resolveCart,
  sanitizeCart,
  type CartLine,
} from "./cart";

describe("cart arithmetic", () => {
  it("adds a new line with quantity 1, and increments the same product and option", () => {
    let lines: CartLine[] = [];
    lines = addToCart(lines, "concha", "Vainilla");
    lines = addToCart(lines, "concha", "Chocolate");
    lines = addToCart(lines, "concha", "Vainilla");
    expect(lines).toEqual([
      { productId: "concha", variation: "Vainilla", quantity: 2 },
      { productId: "concha", variation: "Chocolate", quantity: 1 },
    ]);
  });

  it("minus decrements down to 1, then removes the line", () => {
    let lines: CartLine[] = [
      { productId: "a", variation: "", quantity: 2 },
      { productId: "b", variation: "", quantity: 1 },
    ];
    lines = decrementLine(lines, 0);
    expect(lines[0]!.quantity).toBe(1);
    lines = decrementLine(lines, 0);
    expect(lines).toEqual([{ productId: "b", variation: "", quantity: 1 }]);
    lines = incrementLine(lines, 0);
    expect(lines).toEqual([{ productId: "b", variation: "", quantity: 2 }]);
  });

  it("totals price × quantity to two decimals without floating-point drift", () => {
    expect(lineTotal({ price: 0.1, quantity: 3 })).toBe(0.3);
    expect(lineTotal({ price: 14.99, quantity: 3 })).toBe(44.97);
    expect(
      orderTotal([
        { price: 0.1, quantity: 1 },
        { price: 0.2, quantity: 1 },
      ]),
    ).toBe(0.3);
    expect(
      orderTotal([
        { price: 14, quantity: 2 },
        { price: 420, quantity: 1 },
        { price: 19.99, quantity: 7 },
      ]),
    ).toBe(587.93);
    expect(orderTotal([])).toBe(0);
  });

  it("counts pieza items by quantity and other units once per distinct product", () => {
    expect(
      cartBadgeCount([
        { productId: "concha", unit: "pieza", quantity: 3 },
        { productId: "pastel", unit: "pieza", quantity: 1 },
        { productId: "galletas", unit: "kg", quantity: 2 },
        { productId: "horchata", unit: "L", quantity: 4 },
        { productId: "horchata", unit: "L", quantity: 1 },
        { productId: "salsa", unit: "mL", quantity: 250 },
      ]),
    ).toBe(4 + 3);
    expect(cartBadgeCount([])).toBe(0);
  });

  it("keeps only well-formed lines from the browser's storage", () => {
    expect(sanitizeCart("nope")).toEqual([]);
    expect(
      sanitizeCart([
        { productId: "a", variation: "", quantity: 2 },
        { productId: "b", variation: "", quantity: 0 },
        { productId: "c", variation: "", quantity: 1.2345 },
        { productId: "d", variation: "", quantity: 0.75 },
        { productId: 3, variation: "", quantity: 1 },
        null,
      ]),
    ).toEqual([
      { productId: "a", variation: "", quantity: 2 },
      // Decimal quantities are well-formed (issue 16); each product's step is checked by the server.
      { productId: "d", variation: "", quantity: 0.75 },
    ]);
  });

  it("drops lines whose product or option is no longer in the catalogue", () => {
    const catalogue = [
      { id: "concha", variations: ["Vainilla", "Chocolate"] },
      { id: "bolillo", variations: [] },
    ];
    const { items, removed } = resolveCart(
      [
        { productId: "concha", variation: "Chocolate", quantity: 1 },
        { productId: "concha", variation: "Fresa", quantity: 1 },
        { productId: "bolillo", variation: "", quantity: 5 },
        { productId: "rosca", variation: "", quantity: 1 },
      ],
      catalogue,
    );
    expect(items.map((item) => item.line.productId)).toEqual(["concha", "bolillo"]);
    expect(removed.map((line) => `${line.productId}:${line.variation}`)).toEqual(["concha:Fresa", "rosca:"]);
  });
});
