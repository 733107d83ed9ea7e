import { describe, expect, it } from "vitest";
import { z } from "~/lib/zod";
import { defineJob, ERASED_PAYLOAD, isErased, NO_PAYLOAD } from "./define-job.server";
import { JobError, type Job } from "./jobs.server";

const job = (payload: Record<string, unknown>): Job => ({
  id: 1,
  kind: "greet",
  key: null,
  payload,
  runAt: new Date(),
  attempts: 1,
  lockedUntil: null,
  lastError: null,
  doneAt: null,
  createdAt: new Date(),
});

describe("defineJob", () => {
  const seen: unknown[] = [];
  const greet = defineJob({
    kind: "greet",
    payload: z.object({ name: z.string() }).or(ERASED_PAYLOAD),
    run: async (payload) => void seen.push(payload),
    retry: { maxAttempts: 3 },
  });

  it("hands the handler the payload once it has the declared shape", async () => {
    await greet.handler.run(job({ name: "Ana" }));
    expect(seen.at(-1)).toEqual({ name: "Ana" });
    expect(greet.handler.retry).toEqual({ maxAttempts: 3 });
  });

  it("refuses any other payload for good, without calling the handler", async () => {
    const before = seen.length;
    const error = await greet.handler.run(job({ name: 7 })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(JobError);
    expect((error as JobError).retry).toBe(false);
    expect((error as JobError).message).toContain("payload of greet is not valid");
    expect(seen.length).toBe(before);
  });

  it("tells an erased payload apart", () => {
    expect(isErased({})).toBe(true);
    expect(isErased({ name: "Ana" })).toBe(false);
    expect(ERASED_PAYLOAD.safeParse({ name: "Ana" }).success).toBe(false);
    expect(NO_PAYLOAD.safeParse({ anything: 1 }).success).toBe(true);
  });
});
