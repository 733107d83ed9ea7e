import { describe, expect, it } from "vitest";
import { isPaused, PAUSE_DURATIONS } from "./pause";

const now = new Date("2026-11-24T15:00:00Z");

describe("pausing orders", () => {
  it("is paused from the tap until it is resumed, when no end was chosen", () => {
    expect(isPaused({ pausedAt: null, pauseUntil: null }, now)).toBe(false);
    expect(isPaused({ pausedAt: "2026-11-24T14:00:00Z", pauseUntil: null }, now)).toBe(true);
  });

  it("ends by itself at the chosen time, read from the database or the page's JSON", () => {
    const pausedAt = new Date("2026-11-24T14:30:00Z");
    expect(isPaused({ pausedAt, pauseUntil: new Date("2026-11-24T15:00:01Z") }, now)).toBe(true);
    expect(isPaused({ pausedAt, pauseUntil: "2026-11-24T15:00:00Z" }, now)).toBe(false);
    expect(isPaused({ pausedAt, pauseUntil: "2026-11-24T14:59:59Z" }, now)).toBe(false);
    // An end without a pause is no pause.
    expect(isPaused({ pausedAt: null, pauseUntil: "2026-11-25T00:00:00Z" }, now)).toBe(false);
  });

  it("offers half an hour, one hour, two hours, or until the owner resumes", () => {
    expect(PAUSE_DURATIONS.map(({ value, label }) => [value, label])).toEqual([
      ["30", "30 minutos"],
      ["60", "1 hora"],
      ["120", "2 horas"],
      ["", "Hasta que la reanude"],
    ]);
  });
});
