import { describe, expect, it } from "vitest";
import { zonedTime, type OpeningHours } from "~/domain/stores/opening-hours";
import {
  DEFAULT_SCHEDULE,
  isOfferedSlot,
  listSlots,
  orderTiming,
  SCHEDULE_MESSAGES,
  slotLabel,
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
    expect(slotLabel(slots[2]!, now, MX)).toBe("mañana de 8:00 a 8:30");
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
