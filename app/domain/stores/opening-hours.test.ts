import { describe, expect, it } from "vitest";
import { isOpenAt, nextOpening, openStatus, zonedTime, type OpeningHours } from "./opening-hours";

const MX = "America/Mexico_City"; // no Daylight Saving Time since 2022
const NY = "America/New_York"; // Daylight Saving Time: 2026-03-08 and 2026-11-01

const range = (open: string, close: string) => ({ open, close });
/** Mon–Sat 8–14 and 17–21; Sunday closed. */
const bakery: OpeningHours = {
  weekly: [[], ...Array.from({ length: 6 }, () => [range("08:00", "14:00"), range("17:00", "21:00")])],
  exceptions: [{ date: "2026-12-25", ranges: [] }],
};
/** A taquería open 19:00–02:00 every night. */
const taqueria: OpeningHours = {
  weekly: Array.from({ length: 7 }, () => [range("19:00", "02:00")]),
  exceptions: [],
};

// Monday 2026-11-23, wall clock in Mexico City.
const mx = (date: string, time: string) =>
  zonedTime(date, Number(time.slice(0, 2)) * 60 + Number(time.slice(3)), MX);

describe("opening hours", () => {
  it("converts a wall-clock time to the instant, DST included", () => {
    expect(zonedTime("2026-11-23", 8 * 60, MX).toISOString()).toBe("2026-11-23T14:00:00.000Z");
    expect(zonedTime("2026-07-01", 8 * 60, NY).toISOString()).toBe("2026-07-01T12:00:00.000Z");
    expect(zonedTime("2026-12-01", 8 * 60, NY).toISOString()).toBe("2026-12-01T13:00:00.000Z");
  });

  it("is open inside a range and closed between ranges", () => {
    expect(isOpenAt(bakery, mx("2026-11-23", "08:00"), MX)).toBe(true);
    expect(isOpenAt(bakery, mx("2026-11-23", "13:59"), MX)).toBe(true);
    expect(isOpenAt(bakery, mx("2026-11-23", "14:00"), MX)).toBe(false);
    expect(isOpenAt(bakery, mx("2026-11-23", "16:00"), MX)).toBe(false);
    expect(isOpenAt(bakery, mx("2026-11-22", "10:00"), MX)).toBe(false); // Sunday
  });

  it("a range past midnight stays open into the next day", () => {
    expect(isOpenAt(taqueria, mx("2026-11-23", "23:30"), MX)).toBe(true);
    expect(isOpenAt(taqueria, mx("2026-11-24", "01:59"), MX)).toBe(true);
    expect(isOpenAt(taqueria, mx("2026-11-24", "02:00"), MX)).toBe(false);
    expect(openStatus(taqueria, mx("2026-11-24", "00:30"), MX)?.text).toBe(
      "Abierto ahora · cierra a las 2:00",
    );
  });

  it("an exception closes a day", () => {
    expect(isOpenAt(bakery, mx("2026-12-25", "10:00"), MX)).toBe(false);
    expect(nextOpening(bakery, mx("2026-12-25", "10:00"), MX)?.toISOString()).toBe(
      mx("2026-12-26", "08:00").toISOString(),
    );
  });

  it("says when it closes or when it opens next", () => {
    expect(openStatus(bakery, mx("2026-11-23", "18:00"), MX)?.text).toBe(
      "Abierto ahora · cierra a las 21:00",
    );
    expect(openStatus(bakery, mx("2026-11-23", "15:00"), MX)?.text).toBe("Cerrado · abre hoy a las 17:00");
    expect(openStatus(bakery, mx("2026-11-23", "22:00"), MX)?.text).toBe("Cerrado · abre mañana a las 8:00");
    expect(openStatus(bakery, mx("2026-11-21", "22:00"), MX)?.text).toBe(
      "Cerrado · abre el lunes a las 8:00",
    );
  });

  it("a store with no hours is always open and says nothing", () => {
    const none: OpeningHours = { weekly: [[], [], [], [], [], [], []], exceptions: [] };
    expect(isOpenAt(none, mx("2026-11-22", "03:00"), MX)).toBe(true);
    expect(openStatus(none, new Date(), MX)).toBeNull();
  });

  it("follows the zone's clock across a DST change", () => {
    const hours: OpeningHours = {
      weekly: Array.from({ length: 7 }, () => [range("09:00", "17:00")]),
      exceptions: [],
    };
    // Sunday 2026-11-01 the clocks in New York go back an hour: 09:00 is 14:00Z, not 13:00Z.
    expect(isOpenAt(hours, new Date("2026-11-01T13:30:00Z"), NY)).toBe(false);
    expect(isOpenAt(hours, new Date("2026-11-01T14:00:00Z"), NY)).toBe(true);
    expect(isOpenAt(hours, new Date("2026-10-31T13:00:00Z"), NY)).toBe(true);
  });
});
