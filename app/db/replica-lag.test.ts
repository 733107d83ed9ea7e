import { describe, expect, it } from "vitest";
import { lagSeconds, lsnBytes } from "./replica-lag";

describe("lsnBytes", () => {
  it("reads PostgreSQL's high/low hexadecimal halves as one position", () => {
    expect(lsnBytes("0/0")).toBe(0n);
    expect(lsnBytes("0/3000028")).toBe(0x3000028n);
    expect(lsnBytes("16/B374D848")).toBe((0x16n << 32n) + 0xb374d848n);
    // The low half's largest value and the next position, across the halves.
    expect(lsnBytes("0/FFFFFFFF") + 1n).toBe(lsnBytes("1/0"));
    expect(lsnBytes("1/0") > lsnBytes("0/FFFFFFFF")).toBe(true);
  });
});

describe("lagSeconds", () => {
  const history = [
    { at: 10_000, flushed: 100n },
    { at: 11_000, flushed: 200n },
    { at: 12_000, flushed: 300n },
  ];

  it("is 0 when the replica has replayed the primary's newest position, or more", () => {
    expect(lagSeconds(history, 300n, 12_500)).toBe(0);
    expect(lagSeconds(history, 350n, 12_500)).toBe(0);
    expect(lagSeconds([], 0n, 12_500)).toBe(0);
  });

  it("counts from the oldest position the replica has not replayed", () => {
    // It has 200 but not 300, flushed at 12 s: behind for half a second.
    expect(lagSeconds(history, 200n, 12_500)).toBe(0.5);
    expect(lagSeconds(history, 250n, 12_500)).toBe(0.5);
    // It lacks 200 (11 s) and everything after.
    expect(lagSeconds(history, 199n, 12_500)).toBe(1.5);
    // It lacks all of it: behind since the oldest position kept.
    expect(lagSeconds(history, 0n, 14_000)).toBe(4);
  });

  it("never goes below 0 when the clock reads earlier than a sample", () => {
    expect(lagSeconds(history, 250n, 11_000)).toBe(0);
  });
});
