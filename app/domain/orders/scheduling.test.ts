import { describe, expect, it } from "vitest";
import { zonedTime, type OpeningHours } from "~/domain/stores/opening-hours";
import { DEFAULT_SCHEDULE, listSlots, orderTiming, slotLabel } from "./scheduling";

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
});
