import { describe, expect, it } from "vitest";
import { schemaIssues } from "../../../tests/support/schema-issues";
import { HOURS_MESSAGES } from "~/domain/stores/opening-hours";
import {
  HoursSchema,
  parsePostalCodes,
  PauseSchema,
  SHOP_RULES_MESSAGES,
  ZonesSchema,
} from "./shop-rules-form";

const closedWeek = () => [[], [], [], [], [], [], []] as { open: string; close: string }[][];
const hours = (overrides: Record<string, unknown> = {}) => ({
  openingHours: { weekly: closedWeek(), exceptions: [] },
  outsideHours: "refuse",
  slotMinutes: "30",
  leadMinutes: "0",
  slotCapacity: "",
  ...overrides,
});

describe("opening hours form", () => {
  it("saves a week of ranges, dated exceptions and how orders outside hours are taken", () => {
    const weekly = closedWeek();
    weekly[1] = [
      { open: "08:00", close: "14:00" },
      { open: "17:00", close: "02:00" },
    ];
    const parsed = HoursSchema.parse(
      hours({
        openingHours: { weekly, exceptions: [{ date: "2026-12-25", ranges: [] }] },
        outsideHours: "schedule",
        slotMinutes: "60",
        leadMinutes: "45",
        slotCapacity: "12",
      }),
    );
    expect(parsed).toEqual({
      openingHours: { weekly, exceptions: [{ date: "2026-12-25", ranges: [] }] },
      outsideHours: "schedule",
      slotMinutes: 60,
      leadMinutes: 45,
      slotCapacity: 12,
    });
    expect(HoursSchema.parse(hours()).slotCapacity).toBeNull();
  });

  it("says what is wrong with a range, next to it", () => {
    const weekly = closedWeek();
    weekly[2] = [{ open: "8:00", close: "14:00" }];
    weekly[3] = [{ open: "09:00", close: "09:00" }];
    weekly[4] = Array.from({ length: 5 }, (_, i) => ({ open: `0${i}:00`, close: `0${i}:30` }));
    expect(schemaIssues(HoursSchema.safeParse(hours({ openingHours: { weekly, exceptions: [] } })))).toEqual([
      { path: "openingHours.weekly.2.0", message: HOURS_MESSAGES.time },
      { path: "openingHours.weekly.3.0", message: HOURS_MESSAGES.sameTime },
      { path: "openingHours.weekly.4", message: HOURS_MESSAGES.tooMany },
    ]);
    const exceptions = [{ date: "2026-02-31x", ranges: [{ open: "10:00", close: "25:00" }] }];
    expect(
      schemaIssues(HoursSchema.safeParse(hours({ openingHours: { weekly: closedWeek(), exceptions } }))),
    ).toEqual([
      { path: "openingHours.exceptions.0.date", message: HOURS_MESSAGES.date },
      { path: "openingHours.exceptions.0.ranges.0", message: HOURS_MESSAGES.time },
    ]);
  });

  it("a week has seven days, and at most 60 exceptions", () => {
    expect(HoursSchema.safeParse(hours({ openingHours: { weekly: [[]], exceptions: [] } })).success).toBe(
      false,
    );
    const exceptions = Array.from({ length: 61 }, (_, i) => ({
      date: `2027-01-${String((i % 28) + 1).padStart(2, "0")}`,
      ranges: [],
    }));
    expect(
      HoursSchema.safeParse(
        hours({ openingHours: { weekly: closedWeek(), exceptions: exceptions.slice(0, 60) } }),
      ).success,
    ).toBe(true);
    expect(HoursSchema.safeParse(hours({ openingHours: { weekly: closedWeek(), exceptions } })).success).toBe(
      false,
    );
  });

  it("slots are 15, 30, 60 or 120 minutes; the lead time 0 to 2880 minutes; the capacity 1 to 500 or none", () => {
    for (const slotMinutes of ["15", "30", "60", "120"])
      expect(HoursSchema.safeParse(hours({ slotMinutes })).success).toBe(true);
    for (const slotMinutes of ["10", "45", "30.5"])
      expect(HoursSchema.safeParse(hours({ slotMinutes })).success).toBe(false);
    expect(HoursSchema.parse(hours({ leadMinutes: "2880" })).leadMinutes).toBe(2880);
    for (const leadMinutes of ["-1", "2881"])
      expect(schemaIssues(HoursSchema.safeParse(hours({ leadMinutes })))).toEqual([
        { path: "leadMinutes", message: "El tiempo de anticipación va de 0 a 2880 minutos." },
      ]);
    expect(HoursSchema.parse(hours({ slotCapacity: "1" })).slotCapacity).toBe(1);
    expect(HoursSchema.parse(hours({ slotCapacity: "500" })).slotCapacity).toBe(500);
    for (const slotCapacity of ["0", "501"])
      expect(schemaIssues(HoursSchema.safeParse(hours({ slotCapacity })))).toContainEqual({
        path: "slotCapacity",
        message: "El cupo por horario va de 1 a 500 pedidos, o vacío para no limitar.",
      });
    expect(HoursSchema.safeParse(hours({ outsideHours: "ignore" })).success).toBe(false);
  });
});

describe("delivery zones form", () => {
  const zone = (overrides: Record<string, unknown> = {}) => ({
    id: "centro",
    name: " Centro ",
    postalCodes: ["20000"],
    fee: "35.5",
    minimum: "100",
    ...overrides,
  });

  it("saves zones with their fee and minimum to the centavo, a flat fee and free delivery over an amount", () => {
    expect(ZonesSchema.parse({ zones: [zone({ fee: "35.555" })], flatFee: "0", freeOver: "500" })).toEqual({
      zones: [{ id: "centro", name: "Centro", postalCodes: ["20000"], fee: 35.56, minimum: 100 }],
      flatFee: 0,
      freeOver: 500,
    });
    expect(ZonesSchema.parse({ zones: [], flatFee: "25", freeOver: "" }).freeOver).toBeNull();
    expect(ZonesSchema.parse({ zones: [], flatFee: "25", freeOver: null }).freeOver).toBeNull();
  });

  it("refuses an amount that is not a number of pesos up to 100,000, a zone without a name and a bad postal code", () => {
    const money = "Escribe una cantidad válida, por ejemplo 35 o 35.50.";
    for (const fee of ["-1", "100001", "treinta"])
      expect(
        schemaIssues(ZonesSchema.safeParse({ zones: [zone({ fee })], flatFee: "0", freeOver: "" })),
      ).toEqual([{ path: "zones.0.fee", message: money }]);
    expect(ZonesSchema.parse({ zones: [], flatFee: "100000", freeOver: "" }).flatFee).toBe(100_000);
    expect(
      schemaIssues(
        ZonesSchema.safeParse({
          zones: [zone({ name: "  ", postalCodes: ["2000"] })],
          flatFee: "0",
          freeOver: "",
        }),
      ),
    ).toEqual([
      { path: "zones.0.name", message: "Escribe el nombre de la zona o colonia." },
      {
        path: "zones.0.postalCodes.0",
        message: "Los códigos postales tienen 5 dígitos, separados por comas.",
      },
    ]);
    expect(
      ZonesSchema.safeParse({ zones: [zone({ postalCodes: ["200001"] })], flatFee: "0", freeOver: "" })
        .success,
    ).toBe(false);
  });

  it("keeps at most 30 zones", () => {
    const zones = (n: number) => Array.from({ length: n }, (_, i) => zone({ id: `z${i}` }));
    expect(ZonesSchema.safeParse({ zones: zones(30), flatFee: "0", freeOver: "" }).success).toBe(true);
    expect(schemaIssues(ZonesSchema.safeParse({ zones: zones(31), flatFee: "0", freeOver: "" }))).toEqual([
      { path: "zones", message: SHOP_RULES_MESSAGES.tooManyZones },
    ]);
    expect(SHOP_RULES_MESSAGES.tooManyZones).toBe("Puedes tener como máximo 30 zonas.");
  });

  it("reads postal codes as the owner types them: commas, spaces or semicolons, each once", () => {
    expect(parsePostalCodes("20000, 20010;20020  20000\n")).toEqual(["20000", "20010", "20020"]);
    expect(parsePostalCodes("")).toEqual([]);
  });
});

describe("pause form", () => {
  it("pauses for 5 minutes to a day, or until resumed, with a message of up to 120 characters", () => {
    expect(PauseSchema.parse({ message: "  Volvemos en un rato ", minutes: "30" })).toEqual({
      message: "Volvemos en un rato",
      minutes: 30,
    });
    expect(PauseSchema.parse({ message: "", minutes: "" }).minutes).toBeNull();
    expect(PauseSchema.parse({ message: "x".repeat(120), minutes: "1440" }).minutes).toBe(1440);
    expect(PauseSchema.parse({ message: "", minutes: "5" }).minutes).toBe(5);
    for (const minutes of ["4", "1441", "1.5"])
      expect(PauseSchema.safeParse({ message: "", minutes }).success).toBe(false);
    expect(PauseSchema.safeParse({ message: "x".repeat(121), minutes: "" }).success).toBe(false);
  });

  it("the header's one tap sends no message and no end; the details may keep the end already chosen", () => {
    expect(PauseSchema.parse({ message: "", minutes: "" })).toEqual({ message: "", minutes: null });
    expect(PauseSchema.parse({ message: "Volvemos a las 5", minutes: "keep" })).toEqual({
      message: "Volvemos a las 5",
      minutes: "keep",
    });
    expect(PauseSchema.safeParse({ message: "", minutes: "kept" }).success).toBe(false);
  });
});
