import { describe, expect, it } from "vitest";
import { DEFAULT_RETRY, retryDelay, retryingFor, retrySpan, triesAgain } from "./retry-policy";

const HOUR = 60 * 60_000;

describe("retry policy", () => {
  it("keeps the policy every kind had before, which Web Push keeps: 5 s doubling to 15 min, 12 attempts", () => {
    expect(DEFAULT_RETRY).toEqual({ maxAttempts: 12, backoffMs: 5_000, maxBackoffMs: 15 * 60_000 });
    expect([1, 2, 3, 8, 9, 11].map((attempt) => retryDelay(DEFAULT_RETRY, attempt))).toEqual([
      5_000, 10_000, 20_000, 640_000, 900_000, 900_000,
    ]);
    expect(triesAgain(DEFAULT_RETRY, 11)).toBe(true);
    expect(triesAgain(DEFAULT_RETRY, 12)).toBe(false);
  });

  it("adds up the delays between the attempts", () => {
    expect(retrySpan({ maxAttempts: 1, backoffMs: 1_000, maxBackoffMs: 10_000 })).toBe(0);
    expect(retrySpan({ maxAttempts: 4, backoffMs: 1_000, maxBackoffMs: 3_000 })).toBe(1_000 + 2_000 + 3_000);
    // 5+10+20+40+80+160+320+640 s, then 900 s three times.
    expect(retrySpan(DEFAULT_RETRY)).toBe(1_275_000 + 3 * 900_000);
  });

  it("gives as many attempts as it takes to keep trying for the span asked, and no more", () => {
    const policy = retryingFor(10 * HOUR, { backoffMs: 60_000, maxBackoffMs: HOUR });
    expect(policy).toMatchObject({ backoffMs: 60_000, maxBackoffMs: HOUR });
    expect(retrySpan(policy)).toBeGreaterThanOrEqual(10 * HOUR);
    expect(retrySpan({ ...policy, maxAttempts: policy.maxAttempts - 1 })).toBeLessThan(10 * HOUR);
    expect(retryingFor(0, { backoffMs: 1, maxBackoffMs: 1 }).maxAttempts).toBe(1);
  });
});
