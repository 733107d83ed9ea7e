import { describe, expect, it } from "vitest";
import {
  applyCode,
  applyOffers,
  cartCodeRule,
  isOfferOn,
  normalizeCode,
  offerBadge,
  offerBadgeFor,
  offerCents,
  orderDiscounts,
  PROMOTION_MESSAGES,
  type DiscountCode,
  type DiscountLine,
} from "./promotions";
import { discountCode, offer } from "./promotions.fixture";

const line = (extra: Partial<DiscountLine> = {}): DiscountLine => ({
  productId: "concha",
  category: "Pan dulce",
  unit: "pieza",
  price: 14,
  quantity: 1,
  ...extra,
});
const code = discountCode;
const NOW = new Date("2026-12-01T18:00:00Z"); // martes 12:00 en la Ciudad de México
const TZ = "America/Mexico_City";

describe("a code's discount", () => {
  it("takes its percentage of the eligible lines, rounded to the centavo", () => {
    // 3 × 33.33 = 99.99; 10 % = 9.999 → 10.00
    const result = applyCode(code(), [line({ price: 33.33, quantity: 3 })], [0], NOW);
    expect(result).toEqual({
      ok: true,
      discount: { kind: "code", id: "c1", name: "BIENVENIDA10", amount: 10 },
    });
    const half = applyCode(code({ value: 12.5 }), [line({ price: 0.99, quantity: 1 })], [0], NOW);
    expect(half.ok && half.discount.amount).toBe(0.12);
  });

  it("never takes more than the eligible subtotal, nor more than 100 %", () => {
    const fixed = applyCode(code({ kind: "amount", value: 500 }), [line({ quantity: 2 })], [0], NOW);
    expect(fixed.ok && fixed.discount.amount).toBe(28);
    const scoped = applyCode(
      code({ kind: "amount", value: 50, productIds: ["pan"] }),
      [line({ quantity: 10 }), line({ productId: "pan", price: 5, quantity: 2 })],
      [0, 0],
      NOW,
    );
    expect(scoped.ok && scoped.discount.amount).toBe(10);
  });

  it("applies to what is left of a line after its offer", () => {
    const result = applyCode(code(), [line({ quantity: 2 })], [1400], NOW);
    expect(result.ok && result.discount.amount).toBe(1.4);
  });

  it("counts only the products and categories it is for", () => {
    const lines = [line({ quantity: 10 }), line({ productId: "cafe", category: "Bebidas", price: 30 })];
    const byCategory = applyCode(code({ categories: ["Bebidas"] }), lines, [0, 0], NOW);
    expect(byCategory.ok && byCategory.discount.amount).toBe(3);
    expect(applyCode(code({ productIds: ["pastel"] }), lines, [0, 0], NOW)).toMatchObject({
      ok: false,
      reason: "notForTheseProducts",
      message: PROMOTION_MESSAGES.notForTheseProducts,
    });
  });

  it("refuses every reason in its own words", () => {
    const lines = [line({ quantity: 5 })];
    const cases: [Partial<DiscountCode>, string][] = [
      [{ paused: true }, PROMOTION_MESSAGES.paused],
      [{ startsAt: "2026-12-01T18:00:01Z" }, PROMOTION_MESSAGES.notStarted],
      [{ endsAt: "2026-12-01T18:00:00Z" }, PROMOTION_MESSAGES.expired],
      [{ maxUses: 10, uses: 10 }, PROMOTION_MESSAGES.usedUp],
      [{ minSubtotal: 100 }, "Te faltan $30.00 para usar este código."],
    ];
    for (const [extra, message] of cases)
      expect(applyCode(code(extra), lines, [0], NOW)).toMatchObject({ ok: false, message });
    expect(
      applyCode(code({ startsAt: "2026-12-01T18:00:00Z", maxUses: 10, uses: 9 }), lines, [0], NOW).ok,
    ).toBe(true);
    expect(applyCode(code({ minSubtotal: 70 }), lines, [0], NOW).ok).toBe(true);
    // The minimum is counted after the offers.
    expect(applyCode(code({ minSubtotal: 70 }), lines, [1400], NOW)).toMatchObject({
      message: "Te faltan $14.00 para usar este código.",
    });
  });

  it("is no discount when it would take nothing: its lines already free, or a share that rounds to $0", () => {
    const free = [line({ quantity: 2 })];
    for (const rule of [code(), code({ kind: "amount", value: 5 })])
      expect(applyCode(rule, free, [2800], NOW)).toEqual({
        ok: false,
        reason: "noSaving",
        message: PROMOTION_MESSAGES.noSaving,
      });
    expect(applyCode(code({ value: 1 }), [line({ price: 0.4 })], [0], NOW)).toMatchObject({
      reason: "noSaving",
    });
    // One centavo is a discount.
    expect(applyCode(code({ value: 1 }), [line({ price: 0.5 })], [0], NOW)).toMatchObject({ ok: true });
    // An order with a free line and a code for it: the offer alone, no "−$0.00" line.
    const fullDay = offer({ kind: "percent", percent: 100, productIds: ["concha"] });
    const priced = orderDiscounts(free, [fullDay], code({ productIds: ["concha"] }), NOW, TZ);
    expect(priced.discounts.map((discount) => [discount.kind, discount.amount])).toEqual([["offer", 28]]);
    expect(priced.code).toMatchObject({ ok: false, reason: "noSaving" });
  });

  it("is looked up as typed without spaces, in capitals", () => {
    expect(normalizeCode(" bienvenida 10 ")).toBe("BIENVENIDA10");
  });
});

describe("N×M offers", () => {
  it("makes every Nth group's N−M units free", () => {
    expect(offerCents(offer(), [line({ quantity: 5 })])).toEqual([2800]);
    expect(offerCents(offer({ buy: 3, pay: 2 }), [line({ quantity: 5 })])).toEqual([1400]);
    expect(offerCents(offer({ buy: 3, pay: 2 }), [line({ quantity: 6 })])).toEqual([2800]);
    expect(offerCents(offer(), [line({ quantity: 1 })])).toEqual([0]);
  });

  it("counts a product's units across its sizes and add-ons, the cheapest free", () => {
    const chica = line({ price: 14, quantity: 1 });
    const grande = line({ price: 22.5, quantity: 2 });
    // 3 units: one free, the cheapest (chica).
    expect(offerCents(offer(), [grande, chica])).toEqual([0, 1400]);
    // 4 units: two free — the chica and one grande.
    expect(offerCents(offer(), [grande, chica, line({ price: 30, quantity: 1 })])).toEqual([2250, 1400, 0]);
  });

  it("gives nothing on a product sold by the kilo or litre", () => {
    const queso = line({ productId: "queso", unit: "kg", price: 260, quantity: 2 });
    expect(offerCents(offer({ productIds: ["queso"] }), [queso])).toEqual([0]);
    expect(
      offerBadgeFor([offer({ productIds: ["queso"] })], { id: "queso", category: "", unit: "kg" }),
    ).toBeNull();
  });

  it("badges as 2×1 and −20 %", () => {
    expect(offerBadge(offer())).toBe("2×1");
    expect(offerBadge(offer({ kind: "percent", percent: 20 }))).toBe("−20 %");
  });
});

describe("offers by weekday and hour", () => {
  const martes = offer({
    kind: "percent",
    name: "Martes de conchas",
    percent: 20,
    productIds: [],
    categories: ["Pan dulce"],
    weekdays: [2],
    startMinute: 7 * 60,
    endMinute: 12 * 60,
  });

  it("runs on its weekdays, from its start to before its end, by the store's clock", () => {
    expect(isOfferOn(martes, new Date("2026-12-01T17:59:00Z"), TZ)).toBe(true); // martes 11:59
    expect(isOfferOn(martes, NOW, TZ)).toBe(false); // martes 12:00
    expect(isOfferOn(martes, new Date("2026-12-01T13:00:00Z"), TZ)).toBe(true); // martes 7:00
    expect(isOfferOn(martes, new Date("2026-12-01T12:59:00Z"), TZ)).toBe(false); // martes 6:59
    expect(isOfferOn(martes, new Date("2026-12-02T15:00:00Z"), TZ)).toBe(false); // miércoles 9:00
    expect(isOfferOn({ ...martes, paused: true }, new Date("2026-12-01T15:00:00Z"), TZ)).toBe(false);
    expect(isOfferOn({ ...martes, weekdays: [], startMinute: null, endMinute: null }, NOW, TZ)).toBe(true);
  });

  it("takes its percentage per line, rounded, and the best offer wins a line", () => {
    const at = new Date("2026-12-01T15:00:00Z");
    const lines = [line({ quantity: 3, price: 14.15 }), line({ productId: "cafe", category: "Bebidas" })];
    expect(applyOffers(lines, [martes], at, TZ)).toEqual({
      lineCents: [849, 0],
      applied: [{ kind: "offer", id: "o1", name: "Martes de conchas", amount: 8.49 }],
    });
    const both = applyOffers(lines, [martes, offer({ id: "o2", name: "2×1" })], at, TZ);
    expect(both.lineCents).toEqual([1415, 0]);
    expect(both.applied.map((applied) => applied.name)).toEqual(["2×1"]);
  });

  it("offers first, then the code on what is left", () => {
    const at = new Date("2026-12-01T15:00:00Z");
    const priced = orderDiscounts([line({ quantity: 10 })], [martes], code(), at, TZ);
    expect(priced.discounts.map((discount) => [discount.kind, discount.amount])).toEqual([
      ["offer", 28],
      ["code", 11.2],
    ]);
    expect(priced.total).toBe(39.2);
  });
});

describe("a code's rules at the edges", () => {
  it("keeps at most 32 characters of what was typed", () => {
    expect(normalizeCode("a".repeat(40))).toBe("A".repeat(32));
  });

  it("runs until its end, the end excluded", () => {
    expect(applyCode(code({ endsAt: "2026-12-01T18:00:01Z" }), [line()], [0], NOW).ok).toBe(true);
  });

  it("says by how much the cart falls short of the minimum", () => {
    expect(applyCode(code({ minSubtotal: 20 }), [line()], [0], NOW)).toEqual({
      ok: false,
      reason: "minimum",
      message: "Te faltan $6.00 para usar este código.",
    });
  });

  it("does not count a product without a category as in any category", () => {
    const result = applyCode(code({ categories: [""] }), [line({ category: "" })], [0], NOW);
    expect(result).toMatchObject({ ok: false, reason: "notForTheseProducts" });
  });

  it("is read from the cart as an unpaused rule without dates or a limit of uses", () => {
    const kept = {
      id: "c1",
      code: "BIENVENIDA10",
      kind: "percent" as const,
      value: 10,
      minSubtotal: 0,
      oncePerPhone: false,
      productIds: [],
      categories: [],
    };
    expect(cartCodeRule(kept)).toEqual(code());
    expect(applyCode(cartCodeRule(kept), [line({ quantity: 10 })], [0], NOW)).toMatchObject({
      ok: true,
      discount: { amount: 14 },
    });
  });

  it("leaves an order without a code with its offers alone", () => {
    expect(orderDiscounts([line({ quantity: 2 })], [offer()], null, NOW, TZ)).toEqual({
      discounts: [{ kind: "offer", id: "o1", name: "2×1 en conchas", amount: 14 }],
      total: 14,
      code: null,
    });
  });
});

describe("N×M offers at the edges", () => {
  it("gives nothing when it does not have the buyer pay fewer units than taken, at least one", () => {
    for (const [buy, pay] of [
      [2, 0],
      [1, 2],
      [2, 2],
    ])
      expect(offerCents(offer({ buy, pay }), [line({ quantity: 4 })])).toEqual([0]);
  });

  it("frees N−M units of every N: two of every three on a 3×1", () => {
    expect(offerCents(offer({ buy: 3, pay: 1 }), [line({ quantity: 3 })])).toEqual([2800]);
  });
});

describe("offers' hours at the edges", () => {
  const at = (time: string) => new Date(`2026-12-01T${time}:00-06:00`);

  it("runs the whole day when it has only one of its hours", () => {
    expect(isOfferOn(offer({ startMinute: 7 * 60, endMinute: null }), at("06:00"), TZ)).toBe(true);
    expect(isOfferOn(offer({ startMinute: null, endMinute: 12 * 60 }), at("13:00"), TZ)).toBe(true);
  });

  it("counts the minutes within the hour", () => {
    const morning = offer({ startMinute: 7 * 60 + 15, endMinute: 11 * 60 + 30 });
    expect(isOfferOn(morning, at("07:30"), TZ)).toBe(true);
    expect(isOfferOn(morning, at("07:10"), TZ)).toBe(false);
    expect(isOfferOn(morning, at("11:45"), TZ)).toBe(false);
  });
});

describe("which offer a line gets", () => {
  const half = offer({ id: "o2", name: "Mitad", kind: "percent", percent: 50 });
  const none = offer({ id: "o3", name: "Pasteles", productIds: ["pastel"] });

  it("skips the offers that are not running", () => {
    expect(applyOffers([line({ quantity: 2 })], [offer({ paused: true })], NOW, TZ)).toEqual({
      lineCents: [0],
      applied: [],
    });
  });

  it("keeps the offer that saves more, whatever the order of the offers", () => {
    const lines = [line({ quantity: 2 }), line({ productId: "cafe", category: "Bebidas" })];
    expect(
      applyOffers(lines, [offer(), offer({ id: "o2", name: "10 %", kind: "percent", percent: 10 })], NOW, TZ),
    ).toEqual({
      lineCents: [1400, 0],
      applied: [{ kind: "offer", id: "o1", name: "2×1 en conchas", amount: 14 }],
    });
  });

  it("keeps the owner's first of two offers that save the same, and lists none that saves nothing", () => {
    const lines = [line({ quantity: 2 })];
    expect(applyOffers(lines, [offer(), half, none], NOW, TZ)).toEqual({
      lineCents: [1400],
      applied: [{ kind: "offer", id: "o1", name: "2×1 en conchas", amount: 14 }],
    });
    expect(applyOffers(lines, [half, offer()], NOW, TZ).applied.map((applied) => applied.name)).toEqual([
      "Mitad",
    ]);
  });
});

describe("an offer's badge on a product", () => {
  const percent = offer({ id: "o2", kind: "percent", percent: 15, productIds: [], categories: ["Quesos"] });

  it("is the first offer that covers the product, by id or category", () => {
    const concha = { id: "concha", category: "Pan dulce", unit: "pieza" as const };
    expect(offerBadgeFor([offer()], concha)).toBe("2×1");
    expect(offerBadgeFor([percent, offer({ buy: 3, pay: 2 })], concha)).toBe("3×2");
    expect(offerBadgeFor([percent], concha)).toBeNull();
    expect(offerBadgeFor([percent], { id: "panela", category: "Quesos", unit: "pieza" })).toBe("−15 %");
  });

  it("shows a percentage on a product by the kilo, an N×M only by the piece", () => {
    const queso = { id: "queso", category: "Quesos", unit: "kg" as const };
    expect(offerBadgeFor([offer({ productIds: ["queso"] }), percent], queso)).toBe("−15 %");
  });

  it("writes a percentage with up to 2 decimals", () => {
    expect(offerBadge(offer({ kind: "percent", percent: 12.5 }))).toBe("−12.5 %");
    expect(offerBadge(offer({ kind: "percent", percent: 33.333 }))).toBe("−33.33 %");
  });
});
