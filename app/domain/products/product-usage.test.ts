import { describe, expect, it } from "vitest";
import { usageLevel, usagePercent } from "./product-usage";

describe("usageLevel (blue under 90 %, yellow 90–99 %, red at 100 %)", () => {
  it.each([
    [0, 10, "normal"],
    [8, 10, "normal"],
    [9, 10, "warning"],
    [10, 10, "full"],
    [11, 10, "full"],
    [44, 50, "normal"],
    [45, 50, "warning"],
    [49, 50, "warning"],
    [50, 50, "full"],
    [449, 500, "normal"],
    [450, 500, "warning"],
    [499, 500, "warning"],
    [500, 500, "full"],
  ] as const)("%i of %i is %s", (enabled, limit, level) => {
    expect(usageLevel(enabled, limit)).toBe(level);
  });

  it("treats a zero limit as full", () => {
    expect(usageLevel(0, 0)).toBe("full");
  });
});

describe("usagePercent", () => {
  it("is the share of the limit, capped at 100", () => {
    expect(usagePercent(0, 10)).toBe(0);
    expect(usagePercent(5, 10)).toBe(50);
    expect(usagePercent(45, 50)).toBe(90);
    expect(usagePercent(12, 10)).toBe(100);
  });
});

describe("a plan's limit at the edges", () => {
  it("is full at the limit, and a negative limit is full too; below, it is 0 to 100 percent", () => {
    expect(usageLevel(0, -1)).toBe("full");
    expect(usagePercent(3, -1)).toBe(100);
    expect(usagePercent(0, 0)).toBe(100);
    expect(usagePercent(0, 10)).toBe(0);
    expect(usagePercent(1, 3)).toBe(33);
    expect(usagePercent(15, 10)).toBe(100);
  });
});
