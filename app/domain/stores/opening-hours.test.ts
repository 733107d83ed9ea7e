import { beforeEach, describe, expect, it } from "vitest";
import {
  DEFAULT_TIME_ZONE,
  EMPTY_HOURS,
  forgetZoneOffsets,
  hasHours,
  isDate,
  isOpenAt,
  isTime,
  localParts,
  nextOpening,
  openStatus,
  periodsOn,
  zonedTime,
  type OpeningHours,
} from "./opening-hours";

const MX = "America/Mexico_City"; // no Daylight Saving Time since 2022
const NY = "America/New_York"; // Daylight Saving Time: 2026-03-08 and 2026-11-01
const TJ = "America/Tijuana"; // Mexico's border keeps the US changes: 2026-03-08 02:00 → 03:00, 2026-11-01 02:00 → 01:00

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

  it("opens and closes on the minute given", () => {
    const lunch: OpeningHours = {
      weekly: Array.from({ length: 7 }, () => [range("13:30", "16:45")]),
      exceptions: [],
    };
    expect(isOpenAt(lunch, mx("2026-11-23", "13:29"), MX)).toBe(false);
    expect(isOpenAt(lunch, mx("2026-11-23", "13:30"), MX)).toBe(true);
    expect(isOpenAt(lunch, mx("2026-11-23", "16:44"), MX)).toBe(true);
    expect(isOpenAt(lunch, mx("2026-11-23", "16:45"), MX)).toBe(false);
    expect(openStatus(lunch, mx("2026-11-23", "14:00"), MX)).toEqual({
      open: true,
      text: "Abierto ahora · cierra a las 16:45",
    });
    expect(openStatus(lunch, mx("2026-11-23", "12:00"), MX)).toEqual({
      open: false,
      text: "Cerrado · abre hoy a las 13:30",
    });
  });

  it("a store's ranges may be typed in any order; the next one to open is the earliest", () => {
    const evening = range("17:00", "21:00");
    const morning = range("08:00", "14:00");
    const hours: OpeningHours = {
      weekly: Array.from({ length: 7 }, () => [evening, morning]),
      exceptions: [],
    };
    expect(nextOpening(hours, mx("2026-11-23", "06:00"), MX)?.toISOString()).toBe(
      mx("2026-11-23", "08:00").toISOString(),
    );
    expect(openStatus(hours, mx("2026-11-23", "15:00"), MX)?.text).toBe("Cerrado · abre hoy a las 17:00");
  });

  it("at the very minute it opens, the next opening is the following one", () => {
    expect(nextOpening(bakery, mx("2026-11-23", "08:00"), MX)?.toISOString()).toBe(
      mx("2026-11-23", "17:00").toISOString(),
    );
  });

  it("ignores a range it cannot read or one that opens and closes at the same time", () => {
    const broken: OpeningHours = {
      weekly: Array.from({ length: 7 }, () => [
        range("9", "17:00"),
        range("10:00", "25:00"),
        range("12:00", "12:00"),
      ]),
      exceptions: [],
    };
    expect(isOpenAt(broken, mx("2026-11-23", "12:00"), MX)).toBe(false);
    expect(isOpenAt(broken, mx("2026-11-23", "16:00"), MX)).toBe(false);
  });

  it("an exception can open a day the week keeps closed, on its own date only", () => {
    const hours: OpeningHours = {
      weekly: [[], [], [], [], [], [], []],
      exceptions: [{ date: "2026-01-04", ranges: [range("10:00", "12:00")] }],
    };
    expect(hasHours(hours)).toBe(true);
    expect(isOpenAt(hours, mx("2026-01-04", "11:00"), MX)).toBe(true);
    expect(isOpenAt(hours, mx("2026-01-05", "11:00"), MX)).toBe(false);
    expect(isOpenAt(hours, mx("2026-01-11", "11:00"), MX)).toBe(false);
    expect(openStatus(hours, mx("2026-01-03", "20:00"), MX)).toEqual({
      open: false,
      text: "Cerrado · abre mañana a las 10:00",
    });
  });

  it("says only 'Cerrado' when it will not open within the next week", () => {
    const hours: OpeningHours = {
      weekly: [[], [], [], [], [], [], []],
      exceptions: [{ date: "2026-01-04", ranges: [range("10:00", "12:00")] }],
    };
    expect(nextOpening(hours, mx("2026-02-01", "09:00"), MX)).toBeNull();
    expect(openStatus(hours, mx("2026-02-01", "09:00"), MX)).toEqual({ open: false, text: "Cerrado" });
  });

  it("names every day of the week it opens next", () => {
    // Each day of one week, open only that day: seen from the Tuesday before (2026-11-24), at night.
    const days = ["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"];
    days.forEach((name, weekday) => {
      const weekly = Array.from({ length: 7 }, (_, day) =>
        day === weekday ? [range("09:00", "10:00")] : [],
      );
      const text = openStatus({ weekly, exceptions: [] }, mx("2026-11-24", "23:00"), MX)?.text;
      const when = weekday === 3 ? "mañana" : weekday === 2 ? "el martes" : `el ${name}`;
      expect(text).toBe(`Cerrado · abre ${when} a las 9:00`);
    });
    const wednesdays = {
      weekly: Array.from({ length: 7 }, (_, day) => (day === 3 ? [range("09:00", "10:00")] : [])),
      exceptions: [],
    };
    expect(openStatus(wednesdays, mx("2026-11-22", "23:00"), MX)?.text).toBe(
      "Cerrado · abre el miércoles a las 9:00",
    );
  });

  it("one range on one day is enough to have hours; none at all is the empty week", () => {
    const weekly = Array.from({ length: 7 }, (_, day) => (day === 3 ? [range("09:00", "10:00")] : []));
    expect(hasHours({ weekly, exceptions: [] })).toBe(true);
    expect(hasHours(EMPTY_HOURS)).toBe(false);
    expect(EMPTY_HOURS.weekly).toEqual([[], [], [], [], [], [], []]);
    expect(hasHours(null)).toBe(false);
    expect(hasHours(undefined)).toBe(false);
  });

  it("reads times as 24-hour HH:MM and dates as real calendar days", () => {
    for (const time of ["00:00", "08:30", "19:59", "23:59"]) expect(isTime(time)).toBe(true);
    for (const time of ["24:00", "8:30", "08:60", "0830", " 08:30", "08:30 "])
      expect(isTime(time)).toBe(false);
    expect(isDate("2026-12-25")).toBe(true);
    expect(isDate("2028-02-29")).toBe(true);
    for (const date of ["2026-13-01", "2026-12-32", "25/12/2026", "2026-12-25T10:00", "x2026-12-25"])
      expect(isDate(date)).toBe(false);
  });

  it("a store without a zone of its own keeps Mexico City's clock", () => {
    expect(DEFAULT_TIME_ZONE).toBe("America/Mexico_City");
  });
});

describe("opening hours in a zone with Daylight Saving Time", () => {
  const tj = (date: string, time: string) =>
    zonedTime(date, Number(time.slice(0, 2)) * 60 + Number(time.slice(3)), TJ);
  const wall = (at: Date | null | undefined) => {
    const { year, month, day, hour, minute } = localParts(at!, TJ);
    return `${year}-${month}-${day} ${hour}:${String(minute).padStart(2, "0")}`;
  };
  /** A taquería in Tijuana, open 19:00–02:00 every night, closed on Christmas Eve. */
  const nightly: OpeningHours = {
    weekly: Array.from({ length: 7 }, () => [range("19:00", "02:00")]),
    exceptions: [{ date: "2026-12-24", ranges: [] }],
  };
  const mornings: OpeningHours = {
    weekly: Array.from({ length: 7 }, () => [range("08:00", "14:00")]),
    exceptions: [{ date: "2026-11-02", ranges: [range("10:00", "12:00")] }],
  };

  it("keeps the wall clock on both sides of each change", () => {
    expect(tj("2026-03-07", "08:00").toISOString()).toBe("2026-03-07T16:00:00.000Z"); // UTC−8
    expect(tj("2026-03-09", "08:00").toISOString()).toBe("2026-03-09T15:00:00.000Z"); // UTC−7
    expect(tj("2026-10-31", "08:00").toISOString()).toBe("2026-10-31T15:00:00.000Z");
    expect(tj("2026-11-02", "08:00").toISOString()).toBe("2026-11-02T16:00:00.000Z");
  });

  it("a time the spring change skips is read as the same time after it, never an hour early", () => {
    // 02:00–02:59 does not exist on 2026-03-08: 02:30 is 03:30, as a clock moved forward reads.
    expect(wall(tj("2026-03-08", "02:30"))).toBe("2026-3-8 3:30");
    expect(wall(tj("2026-03-08", "02:00"))).toBe("2026-3-8 3:00");
    expect(tj("2026-03-08", "01:59").getTime()).toBeLessThan(tj("2026-03-08", "02:00").getTime());
    // A time the autumn change repeats is its first occurrence.
    expect(tj("2026-11-01", "01:30").toISOString()).toBe("2026-11-01T08:30:00.000Z");
  });

  it("a range past midnight stays open until 02:00 on the wall, the night an hour is skipped or repeated", () => {
    // Spring: 19:00 PST to the moment the clock jumps from 01:59 to 03:00, seven hours.
    const [spring] = periodsOn(nightly, "2026-03-07", TJ);
    expect(spring!.end.getTime() - spring!.start.getTime()).toBe(7 * 3_600_000);
    expect(isOpenAt(nightly, new Date("2026-03-08T09:30:00Z"), TJ)).toBe(true); // 01:30 PST
    expect(isOpenAt(nightly, new Date("2026-03-08T10:00:00Z"), TJ)).toBe(false); // 03:00 PDT
    // Autumn: 19:00 PDT to 02:00 PST, eight hours, 01:00–02:00 twice.
    const [autumn] = periodsOn(nightly, "2026-10-31", TJ);
    expect(autumn!.end.getTime() - autumn!.start.getTime()).toBe(8 * 3_600_000);
    expect(isOpenAt(nightly, new Date("2026-11-01T09:30:00Z"), TJ)).toBe(true); // the second 01:30
    expect(isOpenAt(nightly, new Date("2026-11-01T10:00:00Z"), TJ)).toBe(false); // 02:00 PST
    expect(openStatus(nightly, new Date("2026-11-01T08:30:00Z"), TJ)?.text).toBe(
      "Abierto ahora · cierra a las 2:00",
    );
  });

  it("says when it opens next across a change, by the wall clock", () => {
    // Saturday 2026-03-07 at 12:00 PST: opens today at 19:00 PST.
    expect(nextOpening(nightly, tj("2026-03-07", "12:00"), TJ)?.toISOString()).toBe(
      "2026-03-08T03:00:00.000Z",
    );
    // After closing on the night of the change, the next opening is 19:00 PDT on Sunday.
    expect(nextOpening(nightly, new Date("2026-03-08T10:00:00Z"), TJ)?.toISOString()).toBe(
      "2026-03-09T02:00:00.000Z",
    );
    expect(openStatus(nightly, new Date("2026-03-08T10:00:00Z"), TJ)?.text).toBe(
      "Cerrado · abre hoy a las 19:00",
    );
    expect(openStatus(mornings, tj("2026-10-31", "15:00"), TJ)?.text).toBe(
      "Cerrado · abre mañana a las 8:00",
    );
    expect(nextOpening(mornings, tj("2026-10-31", "15:00"), TJ)?.toISOString()).toBe(
      "2026-11-01T16:00:00.000Z",
    );
  });

  it("an exception replaces the day in the zone's own calendar, the day after a change too", () => {
    expect(isOpenAt(mornings, tj("2026-11-02", "09:00"), TJ)).toBe(false);
    expect(isOpenAt(mornings, tj("2026-11-02", "11:00"), TJ)).toBe(true);
    expect(openStatus(mornings, tj("2026-11-01", "20:00"), TJ)?.text).toBe(
      "Cerrado · abre mañana a las 10:00",
    );
    // Closed on Christmas Eve: the night before still closes at 02:00 on the 24th, and the next
    // opening is the 25th at 19:00.
    expect(isOpenAt(nightly, tj("2026-12-24", "01:00"), TJ)).toBe(true);
    expect(isOpenAt(nightly, tj("2026-12-24", "20:00"), TJ)).toBe(false);
    expect(wall(nextOpening(nightly, tj("2026-12-24", "03:00"), TJ))).toBe("2026-12-25 19:00");
    // In New York as well: the exception is the local date, not the UTC one.
    const ny: OpeningHours = {
      weekly: Array.from({ length: 7 }, () => [range("20:00", "23:00")]),
      exceptions: [{ date: "2026-11-01", ranges: [] }],
    };
    expect(isOpenAt(ny, new Date("2026-11-02T01:30:00Z"), NY)).toBe(false); // Sunday 20:30 EST
    expect(isOpenAt(ny, new Date("2026-11-03T01:30:00Z"), NY)).toBe(true); // Monday 20:30 EST
  });
});

describe("the wall clock of an instant", () => {
  // Each test reads the zones' offsets itself, never from what an earlier test left.
  beforeEach(forgetZoneOffsets);

  /** What the zone's rules say, read one instant at a time. */
  const formatters = new Map<string, Intl.DateTimeFormat>();
  const byIntl = (at: Date, timeZone: string) => {
    if (!formatters.has(timeZone)) {
      formatters.set(
        timeZone,
        new Intl.DateTimeFormat("en-US", {
          timeZone,
          hourCycle: "h23",
          year: "numeric",
          month: "numeric",
          day: "numeric",
          hour: "numeric",
          minute: "numeric",
        }),
      );
    }
    const parts = Object.fromEntries(
      formatters
        .get(timeZone)!
        .formatToParts(at)
        .map((part) => [part.type, Number(part.value)]),
    );
    return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute };
  };

  const HOUR = 3_600_000;
  const offsetByIntl = (at: number, timeZone: string) => {
    const { year, month, day, hour, minute } = byIntl(new Date(at), timeZone);
    return Date.UTC(year, month - 1, day, hour, minute) - (at - (at % 60_000));
  };

  it.each([
    MX,
    TJ,
    NY,
    "America/St_Johns", // changes at 02:00 local, on a UTC half hour
    "Australia/Lord_Howe", // a change of half an hour
    "Asia/Kathmandu", // UTC+05:45
    "Europe/London",
  ])(
    "agrees with the zone's rules all through 2026, minute by minute around each change, in %s",
    (timeZone) => {
      const checked: number[] = [];
      // Every 6 hours and 7 minutes of the year; where the offset changed in between, every
      // minute from two hours before to two hours after.
      for (let at = Date.UTC(2026, 0, 1); at < Date.UTC(2027, 0, 1); at += 367 * 60_000) {
        checked.push(at);
        const before = at - 367 * 60_000;
        if (offsetByIntl(before, timeZone) !== offsetByIntl(at, timeZone)) {
          for (let near = before - 2 * HOUR; near <= at + 2 * HOUR; near += 60_000 + 1_000)
            checked.push(near);
        }
      }
      for (const at of checked)
        expect(localParts(new Date(at), timeZone)).toEqual(byIntl(new Date(at), timeZone));
    },
  );
});
