import { describe, expect, it } from "vitest";
import {
  codeDays,
  codeValidity,
  parseCodeForm,
  parseOfferForm,
  PROMOTION_FORM_MESSAGES,
} from "./promotion-form";

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

describe("the code form's limits", () => {
  const percent = (value: string) => parseCodeForm({ code: "PROMO", kind: "percent", value }, MX);
  const amount = (value: string) => parseCodeForm({ code: "PROMO", kind: "amount", value }, MX);
  const uses = (maxUses: string) =>
    parseCodeForm({ code: "PROMO", kind: "percent", value: "10", maxUses }, MX);

  it("takes a code of 3 to 20 capital letters or digits, nothing else around them", () => {
    const named = (code: string) => parseCodeForm({ code, kind: "percent", value: "10" }, MX);
    expect(named("ab1")).toMatchObject({ ok: true, data: { code: "AB1" } });
    expect(named("A".repeat(20))).toMatchObject({ ok: true, data: { code: "A".repeat(20) } });
    for (const code of ["A".repeat(21), "HOLA-10", "¡HOLA", "ñandu"])
      expect(errorsOf(named(code))).toEqual({ code: PROMOTION_FORM_MESSAGES.code });
  });

  it("takes a percentage from 1 to 100 with up to 2 decimals", () => {
    expect(percent("1")).toMatchObject({ ok: true, data: { value: 1 } });
    expect(percent("100")).toMatchObject({ ok: true, data: { value: 100 } });
    for (const value of ["0.5", "100.01", "12.345", "1e1"])
      expect(errorsOf(percent(value))).toEqual({ value: PROMOTION_FORM_MESSAGES.percent });
  });

  it("takes any amount above zero, even over 100 pesos, with up to 2 decimals", () => {
    expect(amount("150")).toMatchObject({ ok: true, data: { kind: "amount", value: 150 } });
    expect(amount("0.01")).toMatchObject({ ok: true, data: { value: 0.01 } });
    for (const value of ["0", "12.345", "-5"])
      expect(errorsOf(amount(value))).toEqual({ value: PROMOTION_FORM_MESSAGES.amount });
  });

  it("takes a whole number of uses from 1 to 100,000", () => {
    expect(uses("1")).toMatchObject({ ok: true, data: { maxUses: 1 } });
    expect(uses("100000")).toMatchObject({ ok: true, data: { maxUses: 100_000 } });
    for (const maxUses of ["100001", "1.5", "5e1", "-3", "diez"])
      expect(errorsOf(uses(maxUses))).toEqual({ maxUses: PROMOTION_FORM_MESSAGES.maxUses });
  });
});

describe("the code form's dates", () => {
  const dates = (startsOn: string | undefined, endsOn: string | undefined) =>
    parseCodeForm({ code: "PROMO", kind: "percent", value: "10", startsOn, endsOn }, MX);

  it("refuses a day that is not a date", () => {
    expect(errorsOf(dates("mañana", undefined))).toEqual({ startsOn: PROMOTION_FORM_MESSAGES.date });
    expect(errorsOf(dates(undefined, "2026-13-01"))).toEqual({ endsOn: PROMOTION_FORM_MESSAGES.date });
    // A start that is no date is its own error, not a start after the end.
    expect(errorsOf(dates("zzz", "2026-12-01"))).toEqual({ startsOn: PROMOTION_FORM_MESSAGES.date });
  });

  it("takes a single day, and a start or an end alone", () => {
    expect(dates("2026-12-01", "2026-12-01")).toMatchObject({
      ok: true,
      data: { startsAt: new Date("2026-12-01T06:00:00Z"), endsAt: new Date("2026-12-02T06:00:00Z") },
    });
    expect(dates("2026-12-01", "")).toMatchObject({
      ok: true,
      data: { startsAt: new Date("2026-12-01T06:00:00Z"), endsAt: null },
    });
    expect(dates("", "2026-12-31")).toMatchObject({
      ok: true,
      data: { startsAt: null, endsAt: new Date("2027-01-01T06:00:00Z") },
    });
  });
});

describe("a code's days read back", () => {
  const stored = (startsOn: string, endsOn: string, timeZone = MX) => {
    const parsed = parseCodeForm({ code: "PROMO", kind: "percent", value: "10", startsOn, endsOn }, timeZone);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    return parsed.data;
  };

  it("are the days the owner typed, the last one included, whatever the zone", () => {
    expect(codeDays(stored("2026-11-01", "2026-11-20"), MX)).toEqual({
      startsOn: "2026-11-01",
      endsOn: "2026-11-20",
    });
    expect(codeDays(stored("", "2026-12-31"), MX)).toEqual({ startsOn: "", endsOn: "2026-12-31" });
    // Tijuana changes its clock in spring and autumn: the days still come back as typed.
    for (const [start, end] of [
      ["2026-03-07", "2026-03-08"],
      ["2026-10-31", "2026-11-01"],
    ] as const) {
      expect(codeDays(stored(start, end, "America/Tijuana"), "America/Tijuana")).toEqual({
        startsOn: start,
        endsOn: end,
      });
    }
  });

  it("say in the list until which day a code is valid: the last day, not the midnight after it", () => {
    expect(codeValidity(stored("", "2026-11-20"), MX)).toBe("válido hasta el 20/11/2026");
    expect(codeValidity(stored("2026-11-01", "2026-11-20"), MX)).toBe("válido del 01/11/2026 al 20/11/2026");
    expect(codeValidity(stored("2026-11-01", ""), MX)).toBe("válido desde el 01/11/2026");
    expect(codeValidity({ startsAt: null, endsAt: null }, MX)).toBe("");
    // An end stored at another instant (not from the form): the day of its last valid minute.
    expect(codeValidity({ startsAt: null, endsAt: "2026-11-21T05:59:00Z" }, MX)).toBe(
      "válido hasta el 20/11/2026",
    );
  });
});

describe("the fields as the browser sends them", () => {
  it("reads the first of repeated fields, trimmed, and an empty list as empty", () => {
    expect(parseOfferForm({ name: [" Martes ", "otro"], kind: "percent", percent: "10" })).toMatchObject({
      ok: true,
      data: { name: "Martes" },
    });
    expect(errorsOf(parseOfferForm({ name: [], kind: "percent", percent: "10" }))).toEqual({
      name: PROMOTION_FORM_MESSAGES.name,
    });
  });

  it("keeps the chosen products and categories trimmed, without blanks", () => {
    expect(
      parseCodeForm(
        {
          code: "PROMO",
          kind: "percent",
          value: "10",
          productIds: [" concha ", "", "  "],
          categories: ["Pan dulce", " "],
        },
        MX,
      ),
    ).toMatchObject({ ok: true, data: { productIds: ["concha"], categories: ["Pan dulce"] } });
  });
});

describe("the offer form's limits", () => {
  const named = (name: string) => parseOfferForm({ name, kind: "percent", percent: "10" });
  const bundle = (buy: string, pay: string) =>
    parseOfferForm({ name: "N×M", kind: "bundle", buy, pay, productIds: "concha" });
  const percent = (value: string) => parseOfferForm({ name: "Oferta", kind: "percent", percent: value });

  it("takes a name of 1 to 60 characters", () => {
    expect(named("A")).toMatchObject({ ok: true, data: { name: "A" } });
    expect(named("a".repeat(60)).ok).toBe(true);
    expect(errorsOf(named("a".repeat(61)))).toEqual({ name: PROMOTION_FORM_MESSAGES.name });
    expect(errorsOf(named("   "))).toEqual({ name: PROMOTION_FORM_MESSAGES.name });
  });

  it("is an N×M or a percentage, nothing else", () => {
    expect(errorsOf(parseOfferForm({ name: "Oferta", kind: "regalo" }))).toEqual({
      kind: PROMOTION_FORM_MESSAGES.kind,
    });
  });

  it("takes an N×M of whole numbers, paying at least one and fewer than taken, up to 10", () => {
    expect(bundle("2", "1")).toMatchObject({ ok: true, data: { buy: 2, pay: 1 } });
    expect(bundle("10", "9")).toMatchObject({ ok: true, data: { buy: 10, pay: 9 } });
    for (const [buy, pay] of [
      ["2", "0"],
      ["11", "10"],
      ["20", "1"],
      ["2.5", "1"],
      ["3", "1.5"],
    ])
      expect(errorsOf(bundle(buy!, pay!))).toEqual({ buy: PROMOTION_FORM_MESSAGES.bundle });
  });

  it("takes a percentage from 1 to 100 with up to 2 decimals", () => {
    expect(percent("1")).toMatchObject({ ok: true, data: { percent: 1 } });
    expect(percent("100")).toMatchObject({ ok: true, data: { percent: 100 } });
    for (const value of ["0", "0.5", "100.01", "101", "12.345", "1e1"])
      expect(errorsOf(percent(value))).toEqual({ percent: PROMOTION_FORM_MESSAGES.percent });
  });

  it("keeps only the numbers of its own kind", () => {
    expect(
      parseOfferForm({ name: "Oferta", kind: "percent", percent: "10", buy: "2", pay: "1" }),
    ).toMatchObject({ ok: true, data: { buy: 0, pay: 0, percent: 10 } });
    expect(
      parseOfferForm({
        name: "2×1",
        kind: "bundle",
        buy: "2",
        pay: "1",
        percent: "20",
        productIds: "concha",
      }),
    ).toMatchObject({ ok: true, data: { buy: 2, pay: 1, percent: 0 } });
  });
});

describe("the offer form's days and hours", () => {
  const days = (weekdays: string[]) =>
    parseOfferForm({ name: "Oferta", kind: "percent", percent: "10", weekdays });
  const hours = (startTime: string, endTime: string) =>
    parseOfferForm({ name: "Oferta", kind: "percent", percent: "10", startTime, endTime });

  it("takes weekdays from 0 (domingo) to 6 (sábado), each once, in order", () => {
    expect(days(["6", "0", "6"])).toMatchObject({ ok: true, data: { weekdays: [0, 6] } });
    expect(days(["5", "1"])).toMatchObject({ ok: true, data: { weekdays: [1, 5] } });
    for (const day of ["7", "-1", "1.5", "lunes"])
      expect(errorsOf(days([day]))).toEqual({ weekdays: PROMOTION_FORM_MESSAGES.weekdays });
  });

  it("asks for both hours, written as 07:00, the end after the start", () => {
    expect(hours("", "")).toMatchObject({ ok: true, data: { startMinute: null, endMinute: null } });
    expect(hours("00:00", "23:59")).toMatchObject({ ok: true, data: { startMinute: 0, endMinute: 1439 } });
    for (const [start, end] of [
      ["07:00", ""],
      ["", "12:00"],
      ["07:00", "07:00"],
      ["7:00", "12:00"],
      ["07:00", "24:00"],
    ])
      expect(errorsOf(hours(start!, end!))).toEqual({ startTime: PROMOTION_FORM_MESSAGES.time });
  });
});
