import { describe, expect, it } from "vitest";
import { PROMOTION_MESSAGES, type DiscountCode } from "~/domain/promotions/promotions";
import { discountCode, offer } from "~/domain/promotions/promotions.fixture";
import type { PromotionsRead } from "~/domain/promotions/redeem.server";
import { AppError } from "~/lib/errors";
import { discountLines, priceDiscounts } from "./discounts";
import type { PricedLine, ProductRow } from "./price";
import { productRow } from "./price.fixture";

const product = (id: string, extra: Partial<ProductRow> = {}) => productRow(id, { price: 14, ...extra });
const line = (productId: string, extra: Partial<PricedLine> = {}): PricedLine => ({
  productId,
  variation: "",
  quantity: 1,
  name: productId,
  unit: "pieza",
  price: 14,
  chosen: [],
  ...extra,
});
const code = ({ phoneUsed = false, ...extra }: Partial<DiscountCode & { phoneUsed: boolean }> = {}) => ({
  ...discountCode(extra),
  phoneUsed,
});
const NOW = new Date("2026-12-01T18:00:00Z"); // martes 12:00 en la Ciudad de México
const store = { now: NOW, timeZone: "America/Mexico_City" };
const products = [
  product("concha", { category: "Pan dulce" }),
  product("bolillo", { price: 3, category: "Pan salado" }),
];
const noPromotions: PromotionsRead = { offers: [], code: null };
const typed = (couponCode = "", phone = "5512345678") => ({ couponCode, phone });

/** The refusal thrown, so a test can check its code, field and message at once. */
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, field: error.field, message: error.message };
    throw error;
  }
  throw new Error("nothing was refused");
};
const refused = (message: string) => ({ code: "VALIDATION", field: "couponCode", message });

describe("the lines as the promotions see them", () => {
  it("keeps each line's product, unit, unit price and quantity, with its product's category, in order", () => {
    const lines = [
      line("bolillo", { price: 3, quantity: 6, name: "Bolillo", variation: "Grande" }),
      line("concha", { price: 16.5, quantity: 2, unit: "pieza", choices: ["vainilla"] }),
    ];
    expect(discountLines(lines, products)).toEqual([
      { productId: "bolillo", category: "Pan salado", unit: "pieza", price: 3, quantity: 6 },
      { productId: "concha", category: "Pan dulce", unit: "pieza", price: 16.5, quantity: 2 },
    ]);
  });

  it("gives a line whose product was not read no category at all", () => {
    expect(discountLines([line("tamal", { unit: "kg", price: 120, quantity: 0.5 })], products)).toEqual([
      { productId: "tamal", category: "", unit: "kg", price: 120, quantity: 0.5 },
    ]);
  });

  it("gives no lines for an empty order", () => {
    expect(discountLines([], products)).toEqual([]);
  });
});

describe("an order's discounts without a code", () => {
  it("are none when the store has no offers and no code was typed", () => {
    expect(priceDiscounts([line("concha", { quantity: 3 })], products, noPromotions, typed(), store)).toEqual(
      {
        discounts: [],
        total: 0,
      },
    );
  });

  it("are the offers running at the order's time, with what they take off in all", () => {
    const promotions: PromotionsRead = { offers: [offer()], code: null };
    // 4 conchas at 14 in a 2×1: two are free.
    expect(priceDiscounts([line("concha", { quantity: 4 })], products, promotions, typed(), store)).toEqual({
      discounts: [{ kind: "offer", id: "o1", name: "2×1 en conchas", amount: 28 }],
      total: 28,
    });
  });

  it("leave out an offer that does not run on the store's weekday", () => {
    // NOW is a Tuesday (2) in the store's time zone; the offer runs on Mondays only.
    const promotions: PromotionsRead = { offers: [offer({ weekdays: [1] })], code: null };
    expect(priceDiscounts([line("concha", { quantity: 4 })], products, promotions, typed(), store)).toEqual({
      discounts: [],
      total: 0,
    });
  });

  it("read the offer's hours on the store's own clock, not UTC", () => {
    // 18:00 UTC is 12:00 in Mexico City: an offer from 11:00 to 13:00 there runs.
    const hours = offer({ startMinute: 11 * 60, endMinute: 13 * 60 });
    const promotions: PromotionsRead = { offers: [hours], code: null };
    const priced = priceDiscounts([line("concha", { quantity: 2 })], products, promotions, typed(), store);
    expect(priced.total).toBe(14);
    const utc = priceDiscounts([line("concha", { quantity: 2 })], products, promotions, typed(), {
      now: NOW,
      timeZone: "UTC",
    });
    expect(utc.total).toBe(0);
  });

  it("apply an offer by category through the product's category", () => {
    const byCategory = offer({ kind: "percent", percent: 50, productIds: [], categories: ["Pan dulce"] });
    const promotions: PromotionsRead = { offers: [byCategory], code: null };
    const lines = [line("concha", { quantity: 2 }), line("bolillo", { price: 3, quantity: 10 })];
    expect(priceDiscounts(lines, products, promotions, typed(), store)).toEqual({
      discounts: [{ kind: "offer", id: "o1", name: "2×1 en conchas", amount: 14 }],
      total: 14,
    });
  });
});

describe("an order's code that is taken", () => {
  it("adds the code's discount after the offers, and both to the total", () => {
    const promotions: PromotionsRead = { offers: [offer()], code: code() };
    // 4 conchas (56) less the 2×1 (28) = 28; 10 % of 28 = 2.80.
    expect(
      priceDiscounts([line("concha", { quantity: 4 })], products, promotions, typed("BIENVENIDA10"), store),
    ).toEqual({
      discounts: [
        { kind: "offer", id: "o1", name: "2×1 en conchas", amount: 28 },
        { kind: "code", id: "c1", name: "BIENVENIDA10", amount: 2.8 },
      ],
      total: 30.8,
    });
  });

  it("limits a code for a category to the lines of products in it", () => {
    const promotions: PromotionsRead = { offers: [], code: code({ categories: ["Pan salado"] }) };
    const lines = [line("concha", { quantity: 5 }), line("bolillo", { price: 3, quantity: 10 })];
    expect(priceDiscounts(lines, products, promotions, typed("BIENVENIDA10"), store)).toEqual({
      discounts: [{ kind: "code", id: "c1", name: "BIENVENIDA10", amount: 3 }],
      total: 3,
    });
  });

  it.each([
    { when: "a once-per-phone code when the phone is typed", oncePerPhone: true, phone: "5512345678" },
    { when: "a code without the once-per-phone rule when no phone is typed", oncePerPhone: false, phone: "" },
    {
      when: "a once-per-phone code without a phone when the phone is not asked for yet",
      oncePerPhone: true,
      phone: "",
      phoneRequired: false,
    },
  ])("takes $when", ({ oncePerPhone, phone, phoneRequired }) => {
    const promotions: PromotionsRead = { offers: [], code: code({ oncePerPhone }) };
    const lines = [line("concha", { quantity: 10 })];
    const options = phoneRequired === undefined ? undefined : { phoneRequired };
    expect(priceDiscounts(lines, products, promotions, typed("X", phone), store, options)).toEqual({
      discounts: [{ kind: "code", id: "c1", name: "BIENVENIDA10", amount: 14 }],
      total: 14,
    });
  });
});

describe("an order's code that takes nothing", () => {
  it("is left out of the order, not refused: its lines are already free from an offer", () => {
    const free = offer({ kind: "percent", percent: 100, productIds: ["concha"] });
    const promotions: PromotionsRead = { offers: [free], code: code({ productIds: ["concha"] }) };
    expect(
      priceDiscounts([line("concha", { quantity: 2 })], products, promotions, typed("BIENVENIDA10"), store),
    ).toEqual({ discounts: [{ kind: "offer", id: "o1", name: "2×1 en conchas", amount: 28 }], total: 28 });
  });
});

describe("an order's code that is refused beside its field", () => {
  it("refuses a typed code the store does not have", () => {
    const run = () => priceDiscounts([line("concha")], products, noPromotions, typed("NOEXISTE"), store);
    expect(refusal(run)).toEqual(refused(PROMOTION_MESSAGES.unknown));
    expect(refusal(run).message).toBe("Ese código no existe en esta tienda.");
  });

  it("refuses a once-per-phone code without a phone, when the phone is required", () => {
    const promotions: PromotionsRead = { offers: [], code: code({ oncePerPhone: true }) };
    const run = () => priceDiscounts([line("concha")], products, promotions, typed("X", ""), store);
    expect(refusal(run)).toEqual(
      refused("Escribe tu teléfono para usar este código: se puede usar una vez por teléfono."),
    );
    const required = () =>
      priceDiscounts([line("concha")], products, promotions, typed("X", ""), store, { phoneRequired: true });
    expect(refusal(required)).toEqual(refused(PROMOTION_MESSAGES.phoneNeeded));
  });

  it("refuses a code this phone already used, even before the phone is required", () => {
    const promotions: PromotionsRead = { offers: [], code: code({ oncePerPhone: true, phoneUsed: true }) };
    const run = () => priceDiscounts([line("concha")], products, promotions, typed("X"), store);
    expect(refusal(run)).toEqual(refused("Ya usaste este código con este teléfono."));
    const notYet = () =>
      priceDiscounts([line("concha")], products, promotions, typed("X"), store, { phoneRequired: false });
    expect(refusal(notYet)).toEqual(refused(PROMOTION_MESSAGES.usedByPhone));
  });

  it("refuses a code its own rules refuse, with the rule's message", () => {
    const paused: PromotionsRead = { offers: [], code: code({ paused: true }) };
    const run = () => priceDiscounts([line("concha")], products, paused, typed("X"), store);
    expect(refusal(run)).toEqual(refused("Este código está pausado."));
  });

  it("refuses a code under its minimum, counted after the offers, saying how much is missing", () => {
    const promotions: PromotionsRead = { offers: [offer()], code: code({ minSubtotal: 50 }) };
    // 4 conchas = 56, less the 2×1 (28) = 28: 22 short of 50.
    const run = () =>
      priceDiscounts([line("concha", { quantity: 4 })], products, promotions, typed("X"), store);
    expect(refusal(run)).toEqual(refused("Te faltan $22.00 para usar este código."));
  });

  it("refuses a code for a category none of the cart's products is in", () => {
    const promotions: PromotionsRead = { offers: [], code: code({ categories: ["Pasteles"] }) };
    const run = () => priceDiscounts([line("concha")], products, promotions, typed("X"), store);
    expect(refusal(run)).toEqual(refused("Este código no aplica a los productos de tu carrito."));
  });
});
