import { describe, expect, it } from "vitest";
import { DEFAULT_RETRY, retryDelay, retrySpan } from "~/domain/jobs/retry-policy";
import { MAIL_RETRY } from "./mail-retry";

const HOUR = 60 * 60_000;

describe("e-mail's retries", () => {
  it("keep trying for at least 3 days (5), far past the hour every other kind gets", () => {
    expect(retrySpan(MAIL_RETRY)).toBeGreaterThanOrEqual(5 * 24 * HOUR);
    expect(MAIL_RETRY.maxAttempts).toBeGreaterThan(DEFAULT_RETRY.maxAttempts);
  });

  it("are never more than an hour apart, and reach the hour", () => {
    const delays = Array.from({ length: MAIL_RETRY.maxAttempts }, (_, i) => retryDelay(MAIL_RETRY, i + 1));
    expect(Math.max(...delays)).toBe(HOUR);
    expect(delays[0]).toBe(30_000);
  });
});
