import { describe, expect, it } from "vitest";
import { labelledIndices } from "./charts";

describe("labelledIndices", () => {
  it("counts back from the last point, so today always has its date, evenly spaced", () => {
    expect(labelledIndices(30, 8, "end")).toEqual([5, 13, 21, 29]);
    expect(labelledIndices(7, 2, "end")).toEqual([0, 2, 4, 6]);
  });

  it("counts from the first point for the hours and weekdays, without crowding the last one in", () => {
    expect(labelledIndices(24, 3, "start")).toEqual([0, 3, 6, 9, 12, 15, 18, 21]);
    expect(labelledIndices(7, 1, "start")).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it("labels every point for a step under one, and nothing for no points", () => {
    expect(labelledIndices(3, 0, "start")).toEqual([0, 1, 2]);
    expect(labelledIndices(0, 2, "end")).toEqual([]);
  });
});
