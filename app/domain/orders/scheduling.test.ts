import { describe, expect, it } from "vitest";
import { addDays, localParts, zonedTime, type OpeningHours } from "~/domain/stores/opening-hours";
import {
  DEFAULT_SCHEDULE,
  isOfferedSlot,
  listSlots,
  orderTiming,
  SCHEDULE_MESSAGES,
  slotDayLabel,
  slotsByDay,
} from "./scheduling";

const MX = "America/Mexico_City";
const hours: OpeningHours = {
  weekly: Array.from({ length: 7 }, () => [{ open: "08:00", close: "10:00" }]),
  exceptions: [],
};
const at = (date: string, minutes: number) => zonedTime(date, minutes, MX);
const rules = { ...DEFAULT_SCHEDULE, outsideHours: "schedule" as const, slotMinutes: 30, leadMinutes: 60 };

describe("scheduled orders", () => {
  it("lists slots inside opening hours, after the lead time, for seven days", () => {
    const now = at("2026-11-23", 7 * 60 + 45);
    const slots = listSlots(hours, rules, now, MX);
    expect(slots[0]!.start.toISOString()).toBe(at("2026-11-23", 9 * 60).toISOString());
    expect(slots[1]!.start.toISOString()).toBe(at("2026-11-23", 9 * 60 + 30).toISOString());
    expect(slots[2]!.start.toISOString()).toBe(at("2026-11-24", 8 * 60).toISOString());
    expect(slots.every((slot) => slot.start.getTime() - now.getTime() <= 7 * 86_400_000)).toBe(true);
  });

  it("an open store takes an order now; a closed one refuses or asks for a slot", () => {
    const open = at("2026-11-23", 9 * 60);
    const closed = at("2026-11-23", 12 * 60);
    const base = { hours, paused: false, timeZone: MX, requestedSlot: null };
    expect(orderTiming({ ...base, rules, now: open })).toEqual({ kind: "now" });
    expect(orderTiming({ ...base, rules: DEFAULT_SCHEDULE, now: closed })).toEqual({
      kind: "refused",
      message: "La tienda está cerrada. Abre mañana a las 8:00.",
    });
    expect(orderTiming({ ...base, rules, now: closed }).kind).toBe("refused");
    const slot = at("2026-11-24", 8 * 60 + 30);
    expect(orderTiming({ ...base, rules, now: closed, requestedSlot: slot })).toMatchObject({
      kind: "scheduled",
    });
    // A slot that is not offered (off the grid, outside hours, too soon) is refused.
    expect(
      orderTiming({ ...base, rules, now: closed, requestedSlot: at("2026-11-24", 8 * 60 + 10) }).kind,
    ).toBe("refused");
    expect(orderTiming({ ...base, rules, now: closed, requestedSlot: at("2026-11-24", 11 * 60) }).kind).toBe(
      "refused",
    );
  });

  it("a paused store refuses every order", () => {
    expect(
      orderTiming({ hours: null, rules, paused: true, timeZone: MX, now: new Date(), requestedSlot: null })
        .kind,
    ).toBe("refused");
  });

  it("by default a store refuses orders outside its hours, with slots of 30 minutes an hour ahead and no cap", () => {
    expect(DEFAULT_SCHEDULE).toEqual({
      outsideHours: "refuse",
      slotMinutes: 30,
      leadMinutes: 60,
      slotCapacity: null,
    });
  });

  it("a store without hours offers no slots and takes every order now, a slot from an old page included", () => {
    const none: OpeningHours = { weekly: [[], [], [], [], [], [], []], exceptions: [] };
    const now = at("2026-11-23", 3 * 60);
    expect(listSlots(none, rules, now, MX)).toEqual([]);
    const stale = at("2026-11-24", 9 * 60);
    expect(
      orderTiming({ hours: none, rules, paused: false, timeZone: MX, now, requestedSlot: stale }),
    ).toEqual({
      kind: "now",
    });
    expect(
      orderTiming({ hours: none, rules, paused: false, timeZone: MX, now, requestedSlot: null }),
    ).toEqual({
      kind: "now",
    });
    expect(
      orderTiming({ hours: null, rules, paused: false, timeZone: MX, now, requestedSlot: null }),
    ).toEqual({
      kind: "now",
    });
  });

  it("a slot starting exactly at the lead time is offered, and one a week ahead to the minute", () => {
    const now = at("2026-11-23", 7 * 60);
    const slots = listSlots(hours, rules, now, MX);
    expect(slots[0]!.start.toISOString()).toBe(at("2026-11-23", 8 * 60).toISOString());
    expect(slots[0]!.end.toISOString()).toBe(at("2026-11-23", 8 * 60 + 30).toISOString());
    const weekLater = at("2026-11-30", 7 * 60);
    expect(isOfferedSlot(hours, rules, weekLater, MX, at("2026-12-07", 7 * 60 + 30))).toBe(false);
    const openAtSeven: OpeningHours = {
      weekly: Array.from({ length: 7 }, () => [{ open: "07:00", close: "10:00" }]),
      exceptions: [],
    };
    expect(isOfferedSlot(openAtSeven, rules, now, MX, at("2026-11-30", 7 * 60))).toBe(true);
    expect(isOfferedSlot(openAtSeven, rules, now, MX, at("2026-11-30", 7 * 60 + 30))).toBe(false);
  });

  it("a slot the shopper picked is taken as asked, for its length; a store that does not schedule refuses it", () => {
    const closed = at("2026-11-23", 12 * 60);
    const slot = at("2026-11-24", 8 * 60 + 30);
    const base = { hours, paused: false, timeZone: MX, now: closed, requestedSlot: slot };
    expect(orderTiming({ ...base, rules })).toEqual({
      kind: "scheduled",
      slot: { start: slot, end: at("2026-11-24", 9 * 60) },
    });
    expect(orderTiming({ ...base, rules: { ...rules, slotMinutes: 60 } }).kind).toBe("refused");
    expect(orderTiming({ ...base, rules: { ...rules, outsideHours: "refuse" } })).toEqual({
      kind: "refused",
      message: SCHEDULE_MESSAGES.slotInvalid,
    });
    // Open now and still scheduling for later: the slot is honoured.
    expect(orderTiming({ ...base, now: at("2026-11-23", 8 * 60 + 15), rules }).kind).toBe("scheduled");
  });

  it("a closed store that schedules asks for a slot; one that never opens again says it is closed", () => {
    const closed = at("2026-11-23", 12 * 60);
    const base = { hours, paused: false, timeZone: MX, now: closed, requestedSlot: null };
    expect(orderTiming({ ...base, rules })).toEqual({
      kind: "refused",
      message: "Elige el día y la hora para tu pedido.",
    });
    const gone: OpeningHours = {
      weekly: [[], [], [], [], [], [], []],
      exceptions: [{ date: "2026-01-01", ranges: [] }],
    };
    expect(orderTiming({ ...base, hours: gone, rules: DEFAULT_SCHEDULE })).toEqual({
      kind: "refused",
      message: "La tienda está cerrada por ahora.",
    });
    expect(orderTiming({ ...base, paused: true, rules })).toEqual({
      kind: "refused",
      message: "La tienda no está recibiendo pedidos en este momento.",
    });
  });
});

describe("the slots by day, as the checkout offers them", () => {
  it("groups a week of slots under their local days, today and tomorrow by name", () => {
    const now = at("2026-11-23", 7 * 60 + 45); // Monday
    const days = slotsByDay(listSlots(hours, rules, now, MX), now, MX);
    expect(days.map((day) => day.label)).toEqual([
      "Hoy, lunes 23",
      "Mañana, martes 24",
      "Miércoles 25",
      "Jueves 26",
      "Viernes 27",
      "Sábado 28",
      "Domingo 29",
    ]);
    expect(days.map((day) => day.date)).toEqual([
      "2026-11-23",
      "2026-11-24",
      "2026-11-25",
      "2026-11-26",
      "2026-11-27",
      "2026-11-28",
      "2026-11-29",
    ]);
    // Each day holds only its own times, in order; today starts after the hour of lead time.
    expect(days[0]!.slots).toEqual([
      { start: at("2026-11-23", 9 * 60).toISOString(), label: "9:00 a 9:30" },
      { start: at("2026-11-23", 9 * 60 + 30).toISOString(), label: "9:30 a 10:00" },
    ]);
    expect(days[1]!.slots.map((slot) => slot.label)).toEqual([
      "8:00 a 8:30",
      "8:30 a 9:00",
      "9:00 a 9:30",
      "9:30 a 10:00",
    ]);
    expect(days[1]!.slots[0]!.start).toBe(at("2026-11-24", 8 * 60).toISOString());
  });

  it("offers at most eight days: today and the seven after, the last up to the same minute", () => {
    const now = at("2026-11-23", 8 * 60 + 15);
    const days = slotsByDay(listSlots(hours, { ...rules, leadMinutes: 0 }, now, MX), now, MX);
    expect(days).toHaveLength(8);
    expect(days[0]!.label).toBe("Hoy, lunes 23");
    expect(days[7]!.label).toBe("Lunes 30");
    expect(days[7]!.slots.map((slot) => slot.label)).toEqual(["8:00 a 8:30"]);
  });

  it("names the month once the days reach another, and the year's turn", () => {
    expect(slotDayLabel(at("2026-11-29", 8 * 60), at("2026-11-28", 12 * 60), MX)).toBe("Mañana, domingo 29");
    expect(slotDayLabel(at("2026-11-30", 8 * 60), at("2026-11-28", 12 * 60), MX)).toBe("Lunes 30");
    expect(slotDayLabel(at("2026-12-01", 8 * 60), at("2026-11-28", 12 * 60), MX)).toBe(
      "Martes 1 de diciembre",
    );
    expect(slotDayLabel(at("2026-12-01", 8 * 60), at("2026-11-30", 12 * 60), MX)).toBe(
      "Mañana, martes 1 de diciembre",
    );
    expect(slotDayLabel(at("2027-01-01", 8 * 60), at("2026-12-30", 12 * 60), MX)).toBe("Viernes 1 de enero");
    expect(slotDayLabel(at("2026-11-28", 23 * 60), at("2026-11-28", 12 * 60), MX)).toBe("Hoy, sábado 28");
  });

  it("puts a slot after midnight under the next day by the store's clock, not by UTC", () => {
    const night: OpeningHours = {
      weekly: Array.from({ length: 7 }, () => [{ open: "22:00", close: "01:00" }]),
      exceptions: [],
    };
    const now = at("2026-11-23", 12 * 60);
    const days = slotsByDay(listSlots(night, { ...rules, slotMinutes: 60 }, now, MX), now, MX);
    // 23:00 in Mexico City is 05:00 UTC the next day, and still Monday's.
    expect(days[0]).toEqual({
      date: "2026-11-23",
      label: "Hoy, lunes 23",
      slots: [
        { start: at("2026-11-23", 22 * 60).toISOString(), label: "22:00 a 23:00" },
        { start: at("2026-11-23", 23 * 60).toISOString(), label: "23:00 a 0:00" },
      ],
    });
    expect(days[1]!.label).toBe("Mañana, martes 24");
    expect(days[1]!.slots.map((slot) => slot.label)).toEqual([
      "0:00 a 1:00",
      "22:00 a 23:00",
      "23:00 a 0:00",
    ]);
  });

  it("is empty without slots", () => {
    expect(slotsByDay([], new Date(), MX)).toEqual([]);
  });
});

describe("scheduled orders in a zone with Daylight Saving Time", () => {
  const TJ = "America/Tijuana"; // 2026-03-08 02:00 → 03:00; 2026-11-01 02:00 → 01:00
  const tj = (date: string, minutes: number) => zonedTime(date, minutes, TJ);
  const hourly = { ...rules, slotMinutes: 60, leadMinutes: 0 };
  const wallTime = (at: Date) => {
    const { hour, minute } = localParts(at, TJ);
    return `${hour}:${String(minute).padStart(2, "0")}`;
  };
  const daily = (open: string, close: string): OpeningHours => ({
    weekly: Array.from({ length: 7 }, () => [{ open, close }]),
    exceptions: [],
  });

  it("keeps each day's slots on the wall clock on both sides of the spring change", () => {
    const now = tj("2026-03-06", 12 * 60); // Friday, UTC−8
    const slots = listSlots(daily("08:00", "10:00"), hourly, now, TJ);
    // Saturday, Sunday (the change, UTC−7 from 03:00), Monday: 8:00 and 9:00 each day.
    expect(slots.slice(0, 6).map((slot) => wallTime(slot.start))).toEqual([
      "8:00",
      "9:00",
      "8:00",
      "9:00",
      "8:00",
      "9:00",
    ]);
    expect(slots[0]!.start.toISOString()).toBe("2026-03-07T16:00:00.000Z");
    expect(slots[2]!.start.toISOString()).toBe("2026-03-08T15:00:00.000Z");
    // Sunday's times read on its wall clock, under its own day.
    expect(slotsByDay(slots.slice(2, 4), tj("2026-03-07", 20 * 60), TJ)).toEqual([
      {
        date: "2026-03-08",
        label: "Mañana, domingo 8",
        slots: [
          { start: "2026-03-08T15:00:00.000Z", label: "8:00 a 9:00" },
          { start: "2026-03-08T16:00:00.000Z", label: "9:00 a 10:00" },
        ],
      },
    ]);
    expect(slots.every((slot) => slot.end.getTime() - slot.start.getTime() === 3_600_000)).toBe(true);
  });

  it("a night past midnight has an hour fewer when the clock jumps forward and one more when it goes back", () => {
    const night = daily("22:00", "03:00"); // five slots of an hour on an ordinary night
    // The slots of one night: from noon of its day to noon of the next.
    const from = (date: string) => {
      const noon = tj(date, 12 * 60);
      const nextNoon = tj(addDays(date, 1), 12 * 60);
      return listSlots(night, hourly, noon, TJ).filter((slot) => slot.start < nextNoon);
    };
    expect(from("2026-03-14").map((slot) => wallTime(slot.start))).toEqual([
      "22:00",
      "23:00",
      "0:00",
      "1:00",
      "2:00",
    ]);
    // 2026-03-07 → 08: 02:00 never happens; the last slot is 1:00–3:00 on the wall (one real hour).
    const spring = from("2026-03-07");
    expect(spring.map((slot) => wallTime(slot.start))).toEqual(["22:00", "23:00", "0:00", "1:00"]);
    expect(wallTime(spring[3]!.end)).toBe("3:00");
    // 2026-10-31 → 11-01: 1:00 comes twice, each an hour of its own.
    const autumn = from("2026-10-31");
    expect(autumn.map((slot) => wallTime(slot.start))).toEqual([
      "22:00",
      "23:00",
      "0:00",
      "1:00",
      "1:00",
      "2:00",
    ]);
    expect(autumn[4]!.start.getTime() - autumn[3]!.start.getTime()).toBe(3_600_000);
  });

  it("offers no slot at a time the spring change skips, and counts the lead time in real minutes", () => {
    const early = daily("01:00", "05:00");
    const now = tj("2026-03-07", 20 * 60);
    const halfHours = { ...hourly, slotMinutes: 30 };
    const offered = listSlots(early, halfHours, now, TJ)
      .filter((slot) => slot.start.getTime() < tj("2026-03-08", 6 * 60).getTime())
      .map((slot) => wallTime(slot.start));
    expect(offered).toEqual(["1:00", "1:30", "3:00", "3:30", "4:00", "4:30"]);
    // 02:30 read as a wall time is 03:30: the slot a shopper was offered at "2:30" does not exist.
    expect(isOfferedSlot(early, halfHours, now, TJ, new Date("2026-03-08T09:30:00Z"))).toBe(true); // 1:30 PST
    expect(isOfferedSlot(early, halfHours, now, TJ, new Date("2026-03-08T10:15:00Z"))).toBe(false);
    // A lead of two hours from 00:30 PST ends at 03:30 PDT on the wall: 1:00, 1:30 and 3:00 are too soon.
    const lead = listSlots(early, { ...halfHours, leadMinutes: 120 }, tj("2026-03-08", 30), TJ);
    expect(wallTime(lead[0]!.start)).toBe("3:30");
  });
});
