import { describe, expect, it } from "vitest";
import { zonedTime, type OpeningHours } from "~/domain/stores/opening-hours";
import type { ChoiceGroup } from "./choices";
import {
  cartRoom,
  firstShortfall,
  fitsRoom,
  formatStock,
  hasStock,
  isRefillDue,
  isStockAmount,
  lastRefillTime,
  MAX_STOCK,
  nextRefillTime,
  quantitiesByProduct,
  stockBadge,
  stockRefusal,
  type CartStock,
} from "./stock";

const MX = "America/Mexico_City";
const at = (date: string, time: string, zone = MX) =>
  zonedTime(date, Number(time.slice(0, 2)) * 60 + Number(time.slice(3)), zone);
const range = (open: string, close: string) => ({ open, close });
/** Mon–Sat 8–14 and 17–21, Sunday closed; closed on 2026-11-25 (a Wednesday). */
const bakery: OpeningHours = {
  weekly: [[], ...Array.from({ length: 6 }, () => [range("08:00", "14:00"), range("17:00", "21:00")])],
  exceptions: [{ date: "2026-11-25", ranges: [] }],
};

describe("which plans have stock", () => {
  it("Negocio and Pro have it, Emprendedor does not", () => {
    expect(hasStock("starter")).toBe(false);
    expect(hasStock("basic")).toBe(true);
    expect(hasStock("premier")).toBe(true);
  });
});

describe("what the store page says of a product's stock", () => {
  const piece = { unit: "pieza" as const, stock: 5, lowStockThreshold: 3 };

  it("says nothing of a product that is not counted, or has more than its threshold", () => {
    expect(stockBadge({ ...piece, stock: null })).toBeNull();
    expect(stockBadge({ ...piece, stock: 4 })).toBeNull();
    expect(stockBadge({ ...piece, stock: 2, lowStockThreshold: null })).toBeNull();
  });

  it("says «Quedan N» at and under the threshold, «Queda 1» for one piece", () => {
    expect(stockBadge({ ...piece, stock: 3 })).toEqual({ soldOut: false, left: "Quedan 3" });
    expect(stockBadge({ ...piece, stock: 2 })).toEqual({ soldOut: false, left: "Quedan 2" });
    expect(stockBadge({ ...piece, stock: 1 })).toEqual({ soldOut: false, left: "Queda 1" });
  });

  it("says «Agotado» at 0, and for a measured product under the least one can order", () => {
    expect(stockBadge({ ...piece, stock: 0 })).toEqual({ soldOut: true, left: null });
    expect(stockBadge({ ...piece, stock: 0, lowStockThreshold: null })).toEqual({
      soldOut: true,
      left: null,
    });
    const cheese = { unit: "kg" as const, quantityStep: 0.25, minQuantity: 0.5, lowStockThreshold: 2 };
    expect(stockBadge({ ...cheese, stock: 0.25 })).toEqual({ soldOut: true, left: null });
    expect(stockBadge({ ...cheese, stock: 0.5 })).toEqual({ soldOut: false, left: "Quedan 0.5 kg" });
    expect(stockBadge({ ...cheese, stock: 1.5 })).toEqual({ soldOut: false, left: "Quedan 1.5 kg" });
    expect(stockBadge({ ...cheese, stock: 1 })).toEqual({ soldOut: false, left: "Quedan 1 kg" });
  });

  it("writes amounts the Mexican way", () => {
    expect(formatStock(1250, "pieza")).toBe("1,250");
    expect(formatStock(0.75, "L")).toBe("0.75 L");
  });
});

describe("an order's refusal", () => {
  it("names the product and says how many are left, or that it sold out", () => {
    expect(stockRefusal("Concha de vainilla", 2, "pieza")).toBe("Solo quedan 2 de Concha de vainilla.");
    expect(stockRefusal("Concha de vainilla", 1, "pieza")).toBe("Solo queda 1 de Concha de vainilla.");
    expect(stockRefusal("Concha de vainilla", 0, "pieza")).toBe("Concha de vainilla se agotó.");
    expect(stockRefusal("Queso Oaxaca", 1.5, "kg")).toBe("Solo quedan 1.5 kg de Queso Oaxaca.");
    expect(stockRefusal("Queso Oaxaca", 1, "kg")).toBe("Solo quedan 1 kg de Queso Oaxaca.");
  });
});

describe("quantity against stock", () => {
  const products = [
    { id: "concha", stock: 5 },
    { id: "queso", stock: 0.3 },
    { id: "cafe", stock: null },
  ];

  it("adds up one product's lines (its options), in exact thousandths", () => {
    const totals = quantitiesByProduct([
      { productId: "queso", quantity: 0.1 },
      { productId: "concha", quantity: 2 },
      { productId: "queso", quantity: 0.2 },
    ]);
    expect(totals).toEqual(
      new Map([
        ["queso", 0.3],
        ["concha", 2],
      ]),
    );
  });

  it("lets an order take exactly what is left, decimals included", () => {
    expect(firstShortfall([{ productId: "concha", quantity: 5 }], products)).toBeNull();
    const cheese = [
      { productId: "queso", quantity: 0.1 },
      { productId: "queso", quantity: 0.2 },
    ];
    expect(firstShortfall(cheese, products)).toBeNull();
  });

  it("finds the first product asked for beyond what is left, across its options", () => {
    const shortfall = firstShortfall(
      [
        { productId: "cafe", quantity: 900 },
        { productId: "concha", quantity: 3 },
        { productId: "concha", quantity: 3 },
      ],
      products,
    );
    expect(shortfall).toEqual({ product: products[0], left: 5 });
    expect(firstShortfall([{ productId: "queso", quantity: 0.301 }], products)).toEqual({
      product: products[1],
      left: 0.3,
    });
  });

  it("never limits a product that is not counted, or one it did not read", () => {
    expect(firstShortfall([{ productId: "cafe", quantity: 999 }], products)).toBeNull();
    expect(firstShortfall([{ productId: "otro", quantity: 999 }], products)).toBeNull();
  });
});

describe("when daily stock refills", () => {
  it("at the store's first opening of the day, not at its second", () => {
    // Monday 2026-11-23.
    expect(lastRefillTime(bakery, at("2026-11-23", "08:00"), MX)).toEqual(at("2026-11-23", "08:00"));
    expect(lastRefillTime(bakery, at("2026-11-23", "18:00"), MX)).toEqual(at("2026-11-23", "08:00"));
    expect(nextRefillTime(bakery, at("2026-11-23", "08:00"), MX)).toEqual(at("2026-11-24", "08:00"));
  });

  it("before the day's opening, the last one was the previous day the store opened", () => {
    expect(lastRefillTime(bakery, at("2026-11-23", "07:59"), MX)).toEqual(at("2026-11-21", "08:00"));
    expect(nextRefillTime(bakery, at("2026-11-23", "07:59"), MX)).toEqual(at("2026-11-23", "08:00"));
  });

  it("skips a day closed by an exception", () => {
    expect(lastRefillTime(bakery, at("2026-11-25", "12:00"), MX)).toEqual(at("2026-11-24", "08:00"));
    expect(nextRefillTime(bakery, at("2026-11-24", "12:00"), MX)).toEqual(at("2026-11-26", "08:00"));
  });

  it("at local midnight for a store with no opening hours, in its own time zone", () => {
    expect(lastRefillTime(null, at("2026-11-23", "00:30"), MX)).toEqual(at("2026-11-23", "00:00"));
    const tijuana = "America/Tijuana";
    expect(lastRefillTime(null, at("2026-11-23", "00:30", tijuana), tijuana)).toEqual(
      at("2026-11-23", "00:00", tijuana),
    );
  });

  it("never for a store that has not opened in two weeks", () => {
    // Open on Mondays only, and closed by exceptions on three Mondays before and after this one.
    const mondays = ["2026-11-02", "2026-11-09", "2026-11-16", "2026-11-23", "2026-11-30", "2026-12-07"];
    const closed: OpeningHours = {
      weekly: [[], [range("08:00", "14:00")], [], [], [], [], []],
      exceptions: mondays.map((date) => ({ date, ranges: [] })),
    };
    expect(lastRefillTime(closed, at("2026-11-23", "12:00"), MX)).toBeNull();
    expect(nextRefillTime(closed, at("2026-11-23", "12:00"), MX)).toBeNull();
  });

  it("is due when the store opened since the product last refilled, and only with daily stock", () => {
    const opening = at("2026-11-23", "08:00");
    const product = { dailyStock: 40, stockRefilledAt: at("2026-11-21", "08:00") };
    expect(isRefillDue(product, opening)).toBe(true);
    expect(isRefillDue({ ...product, stockRefilledAt: null }, opening)).toBe(true);
    expect(isRefillDue({ ...product, stockRefilledAt: opening }, opening)).toBe(false);
    // Switched on after the opening: the next refill is the next opening.
    expect(isRefillDue({ ...product, stockRefilledAt: at("2026-11-23", "10:00") }, opening)).toBe(false);
    expect(isRefillDue({ ...product, dailyStock: null }, opening)).toBe(false);
    expect(isRefillDue(product, null)).toBe(false);
  });
});

describe("what a stock field takes", () => {
  it("whole pieces from 0 to 999,999", () => {
    expect(MAX_STOCK).toBe(999_999);
    for (const value of ["0", "7", "25", "999999"]) expect(isStockAmount(value, "pieza"), value).toBe(true);
    for (const value of ["1000000", "1.5", "-1", "", " 3", "3 "])
      expect(isStockAmount(value, "pieza"), value).toBe(false);
  });

  it("a measure with up to 3 decimals, up to 999,999", () => {
    for (const value of ["0", "12", "12.5", "0.125", "999999", "999998.999"])
      expect(isStockAmount(value, "kg"), value).toBe(true);
    for (const value of ["1000000", "999999.001", "1.2345", "1.", ".5", "1,5"])
      expect(isStockAmount(value, "kg"), value).toBe(false);
  });

  it("from the least the form asks for", () => {
    expect(isStockAmount("0", "pieza", 1)).toBe(false);
    expect(isStockAmount("1", "pieza", 1)).toBe(true);
    expect(isStockAmount("0.001", "kg", 0.001)).toBe(true);
  });
});

describe("how far the refill looks for an opening", () => {
  // Open on Mondays only; 2026-11-23 is a Monday.
  const mondaysOnly = (closedMondays: string[]): OpeningHours => ({
    weekly: [[], [range("08:00", "14:00")], [], [], [], [], []],
    exceptions: closedMondays.map((date) => ({ date, ranges: [] })),
  });

  it("finds an opening exactly two weeks back", () => {
    const hours = mondaysOnly(["2026-11-16", "2026-11-23"]);
    expect(lastRefillTime(hours, at("2026-11-23", "12:00"), MX)).toEqual(at("2026-11-09", "08:00"));
  });

  it("finds an opening exactly two weeks ahead", () => {
    const hours = mondaysOnly(["2026-11-23", "2026-11-30"]);
    expect(nextRefillTime(hours, at("2026-11-23", "12:00"), MX)).toEqual(at("2026-12-07", "08:00"));
  });
});

describe("the cart's limit: what is left, less what the cart's other lines hold", () => {
  const sizes: ChoiceGroup = {
    id: "tamano",
    name: "Tamaño",
    kind: "size",
    min: 1,
    max: 1,
    options: [
      { id: "chica", name: "Chica", price: 12 },
      { id: "grande", name: "Grande", price: 18 },
    ],
  };
  const extras: ChoiceGroup = {
    id: "extras",
    name: "Extras",
    kind: "extras",
    min: 0,
    max: 1,
    options: [{ id: "nata", name: "Nata", price: 5 }],
  };
  const oreja: CartStock = { id: "oreja", name: "Oreja", unit: "pieza", stockLeft: 3, optionStockLeft: {} };
  const concha: CartStock = {
    id: "concha",
    name: "Concha",
    unit: "pieza",
    choiceGroups: [sizes, extras],
    stockLeft: null,
    optionStockLeft: { grande: 2 },
  };
  const line = (productId: string, quantity: number, choices?: string[]) => ({
    productId,
    quantity,
    choices,
  });

  it("sets no limit on a product that counts no stock, nor on a size that counts none", () => {
    expect(cartRoom({ ...oreja, stockLeft: null }, [], [])).toBeNull();
    expect(cartRoom(concha, ["chica"], [line("concha", 40, ["grande"])])).toBeNull();
    expect(fitsRoom(null, 999)).toBe(true);
  });

  it("lets a line hold what is left of the product, less the other lines of it, with the order's refusal", () => {
    expect(cartRoom(oreja, [], [])).toEqual({ most: 3, message: "Solo quedan 3 de Oreja." });
    expect(cartRoom(oreja, [], [line("oreja", 2), line("cuerno", 5)])).toEqual({
      most: 1,
      message: "Solo quedan 3 de Oreja.",
    });
    expect(cartRoom(oreja, [], [line("oreja", 3)])!.most).toBe(0);
    expect(cartRoom({ ...oreja, stockLeft: 1 }, [], [])!.message).toBe("Solo queda 1 de Oreja.");
    expect(fitsRoom({ most: 3, message: "" }, 3)).toBe(true);
    expect(fitsRoom({ most: 3, message: "" }, 4)).toBe(false);
  });

  it("counts a size's stock over the lines of that size whatever their add-ons, and not over the other size", () => {
    expect(cartRoom(concha, ["grande"], [line("concha", 1, ["grande", "nata"])])).toEqual({
      most: 1,
      message: "Solo quedan 2 de Concha (Grande).",
    });
    expect(cartRoom(concha, ["grande"], [line("concha", 5, ["chica"])])!.most).toBe(2);
  });

  it("takes the tighter of the product's stock and the size's", () => {
    const both = { ...concha, stockLeft: 4, optionStockLeft: { grande: 10 } };
    expect(cartRoom(both, ["grande"], [line("concha", 3, ["chica"])])).toEqual({
      most: 1,
      message: "Solo quedan 4 de Concha.",
    });
    expect(cartRoom({ ...both, stockLeft: 20 }, ["grande"], [line("concha", 9, ["grande"])])).toEqual({
      most: 1,
      message: "Solo quedan 10 de Concha (Grande).",
    });
  });

  it("keeps a measured product on its steps: 1.2 kg left holds 1 kg by half kilos, and nothing under the minimum", () => {
    const nuez: CartStock = {
      id: "nuez",
      name: "Nuez",
      unit: "kg",
      quantityStep: 0.5,
      minQuantity: 0.5,
      stockLeft: 1.2,
      optionStockLeft: {},
    };
    expect(cartRoom(nuez, [], [])).toEqual({ most: 1, message: "Solo quedan 1.2 kg de Nuez." });
    expect(cartRoom({ ...nuez, minQuantity: 1, stockLeft: 0.9 }, [], [])!.most).toBe(0);
    expect(cartRoom({ ...nuez, quantityStep: 0.25, stockLeft: 1.2 }, [], [line("nuez", 0.2)])!.most).toBe(1);
  });
});
