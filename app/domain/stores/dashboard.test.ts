import { describe, expect, it } from "vitest";
import {
  averageTicket,
  conversionRate,
  DASHBOARD_PERIODS,
  hourRange,
  parseDashboardPeriod,
  peakIndex,
  periodDays,
  shortDayLabel,
  WEEKDAY_LABELS,
  WEEKDAY_NAMES,
} from "./dashboard";

describe("the Resumen tab's periods", () => {
  it("offers today, the last 7 days and the last 30 days, labelled in Spanish", () => {
    expect(DASHBOARD_PERIODS.map((period) => [period.id, period.label])).toEqual([
      ["hoy", "Hoy"],
      ["7dias", "Últimos 7 días"],
      ["30dias", "Últimos 30 días"],
    ]);
    expect(DASHBOARD_PERIODS.map((period) => periodDays(period.id))).toEqual([1, 7, 30]);
  });

  it("reads ?periodo=, and falls back to the last 7 days", () => {
    expect(parseDashboardPeriod("hoy")).toBe("hoy");
    expect(parseDashboardPeriod("30dias")).toBe("30dias");
    expect(parseDashboardPeriod(null)).toBe("7dias");
    expect(parseDashboardPeriod("90dias")).toBe("7dias");
  });
});

describe("the Resumen tab's figures", () => {
  it("the busiest hour or day is the largest count, the earliest on a tie, none without orders", () => {
    expect(peakIndex([0, 3, 1, 3])).toBe(1);
    expect(peakIndex([2, 0, 5])).toBe(2);
    expect(peakIndex([4])).toBe(0);
    expect(peakIndex([0, 0, 0])).toBeNull();
    expect(peakIndex([])).toBeNull();
  });

  it("names an hour as the range it starts, across midnight too", () => {
    expect(hourRange(13)).toBe("13:00 a 14:00");
    expect(hourRange(9)).toBe("09:00 a 10:00");
    expect(hourRange(23)).toBe("23:00 a 00:00");
  });

  it("conversion is orders per hundred views with one decimal, none without views", () => {
    expect(conversionRate(1, 3)).toBe(33.3);
    expect(conversionRate(2, 3)).toBe(66.7);
    expect(conversionRate(5, 5)).toBe(100);
    expect(conversionRate(0, 10)).toBe(0);
    expect(conversionRate(3, 0)).toBeNull();
  });

  it("the average ticket is sales per completed order to the centavo, none without orders", () => {
    expect(averageTicket(100, 3)).toBe(33.33);
    expect(averageTicket(200, 3)).toBe(66.67);
    expect(averageTicket(245.5, 1)).toBe(245.5);
    expect(averageTicket(0, 0)).toBeNull();
  });

  it("labels a chart's days briefly, on the calendar day given whatever the machine's zone", () => {
    expect(shortDayLabel("2026-11-24")).toBe("24 nov");
    expect(shortDayLabel("2026-01-01")).toBe("1 ene");
    expect(shortDayLabel("2026-03-05")).toBe("5 mar");
  });

  it("weeks start on Monday", () => {
    expect(WEEKDAY_LABELS).toEqual(["Lun", "Mar", "Mié", "Jue", "Vie", "Sáb", "Dom"]);
    expect(WEEKDAY_NAMES[0]).toBe("lunes");
    expect(WEEKDAY_NAMES[6]).toBe("domingo");
  });
});
