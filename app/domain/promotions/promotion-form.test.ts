import { describe, expect, it } from "vitest";
import { parseCodeForm, parseOfferForm, PROMOTION_FORM_MESSAGES } from "./promotion-form";

const MX = "America/Mexico_City";
const errorsOf = <T>(parsed: { ok: true; data: T } | { ok: false; errors: Record<string, string> }) =>
  parsed.ok ? {} : parsed.errors;

describe("the code form", () => {
  it("keeps the code in capitals without spaces, and the dates as whole local days, the last included", () => {
    const parsed = parseCodeForm(
      {
        code: " bienvenida 10 ",
        kind: "percent",
        value: "10",
        minSubtotal: "100",
        startsOn: "2026-12-01",
        endsOn: "2026-12-31",
        maxUses: "50",
        oncePerPhone: "on",
        productIds: ["concha", "oreja"],
        categories: "Pan dulce",
      },
      MX,
    );
    expect(parsed).toEqual({
      ok: true,
      data: {
        code: "BIENVENIDA10",
        kind: "percent",
        value: 10,
        minSubtotal: 100,
        startsAt: new Date("2026-12-01T06:00:00Z"),
        endsAt: new Date("2027-01-01T06:00:00Z"),
        maxUses: 50,
        oncePerPhone: true,
        productIds: ["concha", "oreja"],
        categories: ["Pan dulce"],
      },
    });
  });

  it("refuses each field with its own message, all at once", () => {
    expect(
      errorsOf(
        parseCodeForm(
          {
            code: "¡hola!",
            kind: "percent",
            value: "120",
            minSubtotal: "-1",
            startsOn: "2026-12-10",
            endsOn: "2026-12-01",
            maxUses: "0",
          },
          MX,
        ),
      ),
    ).toEqual({
      code: PROMOTION_FORM_MESSAGES.code,
      value: PROMOTION_FORM_MESSAGES.percent,
      minSubtotal: PROMOTION_FORM_MESSAGES.minSubtotal,
      endsOn: PROMOTION_FORM_MESSAGES.endBeforeStart,
      maxUses: PROMOTION_FORM_MESSAGES.maxUses,
    });
    expect(errorsOf(parseCodeForm({ code: "AB", kind: "x", value: "1" }, MX))).toEqual({
      code: PROMOTION_FORM_MESSAGES.code,
      kind: PROMOTION_FORM_MESSAGES.kind,
    });
    expect(errorsOf(parseCodeForm({ code: "FIJO50", kind: "amount", value: "0.001" }, MX))).toEqual({
      value: PROMOTION_FORM_MESSAGES.amount,
    });
    expect(parseCodeForm({ code: "FIJO50", kind: "amount", value: "50.5", maxUses: "" }, MX)).toMatchObject({
      ok: true,
      data: { value: 50.5, minSubtotal: 0, maxUses: null, startsAt: null, endsAt: null, oncePerPhone: false },
    });
  });
});

describe("the offer form", () => {
  it("reads a weekday percentage with its hours", () => {
    expect(
      parseOfferForm({
        name: "Martes de conchas",
        kind: "percent",
        percent: "20",
        categories: ["Pan dulce"],
        weekdays: ["2"],
        startTime: "07:00",
        endTime: "12:00",
      }),
    ).toEqual({
      ok: true,
      data: {
        name: "Martes de conchas",
        kind: "percent",
        buy: 0,
        pay: 0,
        percent: 20,
        productIds: [],
        categories: ["Pan dulce"],
        weekdays: [2],
        startMinute: 420,
        endMinute: 720,
      },
    });
  });

  it("asks an N×M for products and a pay under the buy, and hours in order", () => {
    expect(errorsOf(parseOfferForm({ name: "2×2", kind: "bundle", buy: "2", pay: "2" }))).toEqual({
      buy: PROMOTION_FORM_MESSAGES.bundle,
      productIds: PROMOTION_FORM_MESSAGES.bundleProducts,
    });
    expect(
      errorsOf(
        parseOfferForm({
          name: "Tarde",
          kind: "percent",
          percent: "10",
          startTime: "12:00",
          endTime: "07:00",
        }),
      ),
    ).toEqual({ startTime: PROMOTION_FORM_MESSAGES.time });
    expect(
      parseOfferForm({
        name: "3×2",
        kind: "bundle",
        buy: "3",
        pay: "2",
        productIds: "concha",
        categories: "x",
      }),
    ).toMatchObject({ ok: true, data: { buy: 3, pay: 2, productIds: ["concha"], categories: [] } });
  });
});
