import { describe, expect, it } from "vitest";
import type { CartStock } from "~/domain/products/stock";
import {
  addRefusal,
  addToCart,
  cartBadgeCount,
  decrementLine,
  incrementLine,
  isOrderableOption,
  isQuantityShape,
  lineRoom,
  MAX_CART_LINES,
  MAX_QUANTITY,
  removeLine,
  lineTotal,
  orderTotal,
  resolveCart,
  sanitizeCart,
  setLineQuantity,
  type CartLine,
} from "./cart";

describe("cart arithmetic", () => {
  it("prices quantities with decimals (kilos, litres) to the centavo", () => {
    expect(lineTotal({ price: 260, quantity: 0.75 })).toBe(195);
    expect(lineTotal({ price: 33.33, quantity: 0.25 })).toBe(8.33);
    expect(
      orderTotal([
        { price: 0.1, quantity: 3 },
        { price: 19.99, quantity: 1.5 },
      ]),
    ).toBe(30.29);
  });

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
      // Decimal quantities (0.75 kg) are well-formed; each product's step is checked by the server.
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

  it("another product with the same option is a line of its own", () => {
    const lines = addToCart([{ productId: "concha", variation: "Grande", quantity: 1 }], "pastel", "Grande");
    expect(lines).toEqual([
      { productId: "concha", variation: "Grande", quantity: 1 },
      { productId: "pastel", variation: "Grande", quantity: 1 },
    ]);
  });

  it("plus and minus change only the line they belong to, by the product's step from its minimum", () => {
    const kilos = { step: 0.25, minimum: 0.5 };
    const lines: CartLine[] = [
      { productId: "galletas", variation: "", quantity: 0.75 },
      { productId: "concha", variation: "", quantity: 2 },
    ];
    expect(incrementLine(lines, 0, kilos)).toEqual([
      { productId: "galletas", variation: "", quantity: 1 },
      { productId: "concha", variation: "", quantity: 2 },
    ]);
    expect(decrementLine(lines, 0, kilos)).toEqual([
      { productId: "galletas", variation: "", quantity: 0.5 },
      { productId: "concha", variation: "", quantity: 2 },
    ]);
    expect(decrementLine(decrementLine(lines, 0, kilos), 0, kilos)).toEqual([lines[1]]);
    expect(decrementLine(lines, 5)).toBe(lines);
    expect(addToCart([], "galletas", "", kilos)).toEqual([
      { productId: "galletas", variation: "", quantity: 0.5 },
    ]);
    expect(addToCart(lines, "galletas", "", kilos)[0]!.quantity).toBe(1);
  });

  it("a typed quantity replaces its own line's; a malformed one changes nothing", () => {
    const lines: CartLine[] = [
      { productId: "queso", variation: "", quantity: 0.25 },
      { productId: "pan", variation: "", quantity: 2 },
    ];
    expect(setLineQuantity(lines, 0, 0.75)).toEqual([{ ...lines[0], quantity: 0.75 }, lines[1]]);
    for (const quantity of [0, -1, 1000, 0.0001, Number.NaN])
      expect(setLineQuantity(lines, 0, quantity)).toBe(lines);
  });

  it("the bin removes one line and keeps the others", () => {
    const lines: CartLine[] = [
      { productId: "a", variation: "", quantity: 1 },
      { productId: "b", variation: "", quantity: 2 },
      { productId: "c", variation: "", quantity: 3 },
    ];
    expect(removeLine(lines, 1)).toEqual([lines[0], lines[2]]);
    expect(removeLine(lines, 7)).toEqual(lines);
  });

  it("holds at most 100 lines and 999 of one line", () => {
    const full = Array.from({ length: MAX_CART_LINES }, (_, i) => ({
      productId: `p${i}`,
      variation: "",
      quantity: 1,
    }));
    expect(addToCart(full, "otro", "")).toBe(full);
    expect(addToCart(full, "p0", "")[0]!.quantity).toBe(2);
    const almost = addToCart(full.slice(0, 99), "otro", "");
    expect(almost).toHaveLength(100);
    expect(incrementLine([{ productId: "a", variation: "", quantity: MAX_QUANTITY }], 0)[0]!.quantity).toBe(
      999,
    );
  });

  it("a well-formed quantity is a finite number above 0, at most 999, in thousandths", () => {
    for (const quantity of [1, 0.001, 0.75, 998.999, 999]) expect(isQuantityShape(quantity)).toBe(true);
    for (const quantity of [0, -1, 999.001, 1000, 0.0001, Number.NaN, Number.POSITIVE_INFINITY, "2", null])
      expect(isQuantityShape(quantity)).toBe(false);
  });

  it("keeps at most 100 lines from the browser's storage", () => {
    const stored = Array.from({ length: 120 }, (_, i) => ({
      productId: `p${i}`,
      variation: "",
      quantity: 1,
    }));
    expect(sanitizeCart(stored)).toEqual(stored.slice(0, 100));
    expect(sanitizeCart([{ productId: "a", quantity: 1 }])).toEqual([]);
    for (const stored of [null, {}, { 0: { productId: "a", variation: "", quantity: 1 } }, 7])
      expect(sanitizeCart(stored)).toEqual([]);
    expect(sanitizeCart([{ productId: "a", variation: "", quantity: 1, price: 0 }])).toEqual([
      { productId: "a", variation: "", quantity: 1 },
    ]);
  });

  it("a product without options takes none; one with options takes one of them", () => {
    expect(isOrderableOption({ variations: [] }, "")).toBe(true);
    expect(isOrderableOption({ variations: [] }, "Grande")).toBe(false);
    expect(isOrderableOption({ variations: ["Chico", "Grande"] }, "Grande")).toBe(true);
    expect(isOrderableOption({ variations: ["Chico", "Grande"] }, "")).toBe(false);
  });
});

describe("cart lines with choices", () => {
  const tacos = {
    id: "tacos",
    variations: [],
    price: 45,
    choiceGroups: [
      {
        id: "tam",
        name: "Tamaño",
        kind: "size" as const,
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
        kind: "extras" as const,
        min: 0,
        max: 2,
        options: [
          { id: "queso", name: "Queso", price: 10 },
          { id: "agua", name: "Aguacate", price: 15 },
        ],
      },
    ],
  };

  it("keys a line by its product, option and picks, whatever order they were picked in", () => {
    let lines: CartLine[] = [];
    lines = addToCart(lines, "tacos", "", undefined, ["queso", "p5"]);
    lines = addToCart(lines, "tacos", "", undefined, ["p5", "queso"]);
    lines = addToCart(lines, "tacos", "", undefined, ["p3"]);
    lines = addToCart(lines, "pan", "");
    expect(lines).toEqual([
      { productId: "tacos", variation: "", choices: ["p5", "queso"], quantity: 2 },
      { productId: "tacos", variation: "", choices: ["p3"], quantity: 1 },
      { productId: "pan", variation: "", quantity: 1 },
    ]);
  });

  it("prices each kept line with its picks and drops those that no longer fit the groups", () => {
    const { items, removed } = resolveCart(
      [
        { productId: "tacos", variation: "", choices: ["p5", "queso", "agua"], quantity: 1 },
        { productId: "tacos", variation: "", quantity: 1 },
        { productId: "tacos", variation: "", choices: ["p3", "borrada"], quantity: 1 },
        { productId: "pan", variation: "", quantity: 2 },
      ],
      [tacos, { id: "pan", variations: [], price: 8 }],
    );
    expect(items.map((item) => [item.line.productId, item.price])).toEqual([
      ["tacos", 95],
      ["pan", 8],
    ]);
    expect(removed.map((line) => line.choices)).toEqual([undefined, ["p3", "borrada"]]);
  });

  it("loads a cart saved before choices existed, and keeps the picks of a newer one", () => {
    expect(
      sanitizeCart([
        { productId: "pan", variation: "", quantity: 1 },
        { productId: "tacos", variation: "", choices: ["queso", "p5"], quantity: 1 },
        { productId: "tacos", variation: "", choices: "p5", quantity: 1 },
        { productId: "tacos", variation: "", choices: [5], quantity: 1 },
      ]),
    ).toEqual([
      { productId: "pan", variation: "", quantity: 1 },
      { productId: "tacos", variation: "", choices: ["p5", "queso"], quantity: 1 },
      { productId: "tacos", variation: "", quantity: 1 },
      { productId: "tacos", variation: "", quantity: 1 },
    ]);
  });
});

describe("the cart within what is left", () => {
  const oreja: CartStock = { id: "oreja", name: "Oreja", unit: "pieza", stockLeft: 3, optionStockLeft: {} };
  const concha: CartStock = {
    id: "concha",
    name: "Concha",
    unit: "pieza",
    choiceGroups: [
      {
        id: "tamano",
        name: "Tamaño",
        kind: "size",
        min: 1,
        max: 1,
        options: [
          { id: "chica", name: "Chica", price: 12 },
          { id: "grande", name: "Grande", price: 18 },
        ],
      },
    ],
    stockLeft: null,
    optionStockLeft: { grande: 2 },
  };

  it("adds up to what is left, counting the product's lines in other options, then says why not", () => {
    let lines: CartLine[] = [];
    for (const variation of ["Azúcar", "Azúcar", "Canela"]) {
      expect(addRefusal(lines, oreja, variation, [])).toBeNull();
      lines = addToCart(lines, "oreja", variation);
    }
    expect(addRefusal(lines, oreja, "Azúcar", [])).toBe("Solo quedan 3 de Oreja.");
    expect(addRefusal(lines, oreja, "Chocolate", [])).toBe("Solo quedan 3 de Oreja.");
    expect(addRefusal(lines, { ...oreja, stockLeft: null }, "Azúcar", [])).toBeNull();
  });

  it("adds a size up to what is left of it, and the other size freely", () => {
    const lines = addToCart(addToCart([], "concha", "", undefined, ["grande"]), "concha", "", undefined, [
      "grande",
    ]);
    expect(addRefusal(lines, concha, "", ["grande"])).toBe("Solo quedan 2 de Concha (Grande).");
    expect(addRefusal(lines, concha, "", ["chica"])).toBeNull();
  });

  it("gives a line the room left beside the cart's other lines", () => {
    const lines: CartLine[] = [
      { productId: "oreja", variation: "Azúcar", quantity: 2 },
      { productId: "oreja", variation: "Canela", quantity: 1 },
    ];
    expect(lineRoom(lines, 0, oreja)).toEqual({ most: 2, message: "Solo quedan 3 de Oreja." });
    expect(lineRoom(lines, 1, oreja)!.most).toBe(1);
    expect(lineRoom(lines, 5, oreja)).toBeNull();
  });
});
