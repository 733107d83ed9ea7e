import { describe, expect, it } from "vitest";
import { parseOrderForm } from "./order-form";
import { TipSettingsSchema } from "./order-settings-form";
import {
  amountToPay,
  MAX_OWN_TIP,
  orderTip,
  ownTipCap,
  parseTipAmount,
  parseTipChoice,
  parseTipPercentages,
  percentTip,
  TIP_MESSAGES,
  tipLabel,
  tipOffer,
  type TipSettings,
} from "./tips";

const offering: TipSettings = { tipsEnabled: true, tipPercentages: [10, 15, 20], tipOwnAmount: true };
const percentsOnly: TipSettings = { ...offering, tipOwnAmount: false };
const off: TipSettings = { tipsEnabled: false, tipPercentages: [10, 15, 20], tipOwnAmount: true };

describe("a percentage tip", () => {
  it("is the percentage of the base in whole centavos, half a centavo rounded up", () => {
    expect(percentTip(100, 15)).toBe(15);
    expect(percentTip(89.9, 15)).toBe(13.49); // 13.485 → 13.49
    expect(percentTip(33.33, 10)).toBe(3.33); // 3.333 → 3.33
    expect(percentTip(0.1, 15)).toBe(0.02); // 0.015 → 0.02
    expect(percentTip(1234.57, 20)).toBe(246.91); // 246.914
    expect(percentTip(0, 20)).toBe(0);
  });

  it("is only one the store offers, while it offers tips", () => {
    expect(orderTip(offering, { kind: "percent", percent: 15 }, 89.9)).toEqual({
      ok: true,
      tip: { tip: 13.49, tipPercent: 15 },
    });
    expect(orderTip(offering, { kind: "percent", percent: 25 }, 100)).toEqual({
      ok: false,
      field: "tip",
      message: TIP_MESSAGES.percentNotOffered,
    });
    expect(orderTip(off, { kind: "percent", percent: 15 }, 100)).toEqual({
      ok: false,
      field: "tip",
      message: TIP_MESSAGES.notOffered,
    });
  });
});

describe("an amount of the shopper's own", () => {
  it("is taken only where the store allows it", () => {
    expect(orderTip(offering, { kind: "own", amount: 25.5 }, 100)).toEqual({
      ok: true,
      tip: { tip: 25.5, tipPercent: null },
    });
    expect(orderTip(percentsOnly, { kind: "own", amount: 10 }, 100)).toMatchObject({
      ok: false,
      message: TIP_MESSAGES.ownNotAllowed,
    });
  });

  it("is capped at the subtotal and never above $5,000", () => {
    expect(ownTipCap(80)).toBe(80);
    expect(ownTipCap(20_000)).toBe(MAX_OWN_TIP);
    expect(orderTip(offering, { kind: "own", amount: 80 }, 80)).toMatchObject({ ok: true });
    expect(orderTip(offering, { kind: "own", amount: 80.01 }, 80)).toEqual({
      ok: false,
      field: "tipAmount",
      message: TIP_MESSAGES.tooLarge(80),
    });
    expect(orderTip(offering, { kind: "own", amount: 5000 }, 20_000)).toMatchObject({ ok: true });
    expect(orderTip(offering, { kind: "own", amount: 5000.01 }, 20_000)).toMatchObject({
      ok: false,
      message: TIP_MESSAGES.tooLarge(5000),
    });
  });

  it("refuses a negative, more than two decimals or no number at all", () => {
    for (const amount of [-1, 1.005, Number.NaN, Number.POSITIVE_INFINITY])
      expect(orderTip(offering, { kind: "own", amount }, 100)).toMatchObject({
        ok: false,
        field: "tipAmount",
        message: TIP_MESSAGES.amountInvalid,
      });
    expect(orderTip(offering, { kind: "own", amount: 0.29 }, 100)).toMatchObject({ ok: true });
  });

  it("is read from what was typed: pesos with up to two decimals", () => {
    expect(parseTipAmount("25")).toBe(25);
    expect(parseTipAmount(" $1,200.50 ")).toBe(1200.5);
    for (const typed of ["-5", "5.123", "cinco", "", "1e3"]) expect(parseTipAmount(typed)).toBe("invalid");
  });
});

describe("the form's choice", () => {
  it("is none unless the shopper picked one", () => {
    expect(parseTipChoice(undefined, undefined)).toEqual({ ok: true, choice: { kind: "none" } });
    expect(parseTipChoice("", "50")).toEqual({ ok: true, choice: { kind: "none" } });
    expect(parseTipChoice("none", "")).toEqual({ ok: true, choice: { kind: "none" } });
    expect(orderTip(off, { kind: "none" }, 100)).toEqual({ ok: true, tip: { tip: 0, tipPercent: null } });
  });

  it("takes a whole percentage or an own amount, and refuses anything else beside its field", () => {
    expect(parseTipChoice("15", "")).toEqual({ ok: true, choice: { kind: "percent", percent: 15 } });
    expect(parseTipChoice("own", "20")).toEqual({ ok: true, choice: { kind: "own", amount: 20 } });
    expect(parseTipChoice("own", "-20")).toMatchObject({ ok: false, field: "tipAmount" });
    for (const tip of ["15.5", "-10", "100", "mucho", 15])
      expect(parseTipChoice(tip, "")).toMatchObject({ ok: false, field: "tip" });
  });

  it("reaches the order form: a malformed tip is the tip field's error", () => {
    const form = {
      customerName: "Ana",
      customerPhone: "",
      deliveryType: "pickup",
      address: "",
      comments: "",
      idempotencyKey: "clave-de-prueba-123",
      lines: [{ productId: "concha", variation: "", quantity: 1 }],
    };
    expect(parseOrderForm({ ...form, tip: "15" })).toMatchObject({
      success: true,
      data: { tip: { kind: "percent", percent: 15 } },
    });
    expect(parseOrderForm({ ...form, tip: "own", tipAmount: "abc" })).toEqual({
      success: false,
      errors: { tipAmount: TIP_MESSAGES.amountInvalid },
    });
  });
});

describe("what the store offers", () => {
  it("is nothing while off, or with no percentage and no own amount", () => {
    expect(tipOffer(off)).toBeNull();
    expect(tipOffer({ tipsEnabled: true, tipPercentages: [], tipOwnAmount: false })).toBeNull();
    expect(tipOffer(offering)).toEqual({ percentages: [10, 15, 20], ownAmount: true });
  });

  it("reads the owner's percentages: up to 3 whole numbers from 1 to 50, each once, in order", () => {
    expect(parseTipPercentages("20, 10, 15")).toEqual([10, 15, 20]);
    expect(parseTipPercentages("10% 15%")).toEqual([10, 15]);
    expect(parseTipPercentages("10, 10")).toEqual([10]);
    expect(parseTipPercentages("")).toEqual([]);
    for (const typed of ["10, 15, 20, 25", "0", "51", "12.5", "diez", "-5"])
      expect(parseTipPercentages(typed)).toBeNull();
  });

  it("is refused beside its field, in Spanish, when the percentages are wrong or nothing is offered", () => {
    const parse = (tipPercentages: string, tipOwnAmount = false) =>
      TipSettingsSchema.safeParse({ tipsEnabled: true, tipPercentages, tipOwnAmount });
    expect(parse("60").error?.issues).toMatchObject([
      { path: ["tipPercentages"], message: TIP_MESSAGES.percentages },
    ]);
    expect(parse("").error?.issues).toMatchObject([
      { path: ["tipPercentages"], message: TIP_MESSAGES.nothingOffered },
    ]);
    expect(parse("", true).success).toBe(true);
    expect(parse("10, 15").data).toEqual({
      tipsEnabled: true,
      tipPercentages: [10, 15],
      tipOwnAmount: false,
    });
    // Switched off, whatever is kept need not offer anything.
    expect(
      TipSettingsSchema.safeParse({ tipsEnabled: false, tipPercentages: "", tipOwnAmount: false }).success,
    ).toBe(true);
  });
});

describe("what the shopper pays", () => {
  it("is the total with the tip, in centavos", () => {
    expect(amountToPay({ total: 103.5, tip: 15.53 })).toBe(119.03);
    expect(amountToPay({ total: 0.1, tip: 0.2 })).toBe(0.3);
    expect(tipLabel(15)).toBe("Propina (15 %)");
    expect(tipLabel(null)).toBe("Propina");
  });
});
