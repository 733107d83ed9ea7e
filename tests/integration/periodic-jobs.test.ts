/**
 * Queuing the periodic jobs at start-up: a database that goes away meanwhile does not end the
 * instance (a worker once died of it, killed a moment after it began to answer); it tries again.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Database } from "~/db/client.server";
import type { JobDefinition } from "~/domain/jobs/define-job.server";
import { createLogger } from "~/lib/logger.server";
import { queuePeriodicJobs } from "../../server/jobs";

afterEach(() => vi.useRealTimers());

describe("queuePeriodicJobs", () => {
  it("resolves when the database is away, says so, and queues the jobs once it is back", async () => {
    vi.useFakeTimers();
    const lines: string[] = [];
    const logger = createLogger("info", {}, (line) => lines.push(line));
    let up = false;
    const queued: string[] = [];
    const job = (kind: string): JobDefinition => ({
      kind,
      handler: { run: async () => {}, retry: {} },
      schedule: async () => {
        if (!up) throw new Error("Connection terminated unexpectedly");
        queued.push(kind);
      },
    });
    const registry = [job("featured.rotate"), job("retention.run")];
    await expect(
      queuePeriodicJobs({} as Database, registry, { logger, closing: () => false }),
    ).resolves.toBeUndefined();
    expect(queued).toEqual([]);
    expect(lines.join("\n")).toContain("periodic jobs not queued yet; trying again");

    up = true;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(queued).toEqual(["featured.rotate", "retention.run"]);
  });

  it("schedules no further attempt once the instance is shutting down", async () => {
    vi.useFakeTimers();
    let attempts = 0;
    let closing = false;
    const registry: JobDefinition[] = [
      {
        kind: "featured.rotate",
        handler: { run: async () => {}, retry: {} },
        schedule: async () => {
          attempts += 1;
          throw new Error("Connection terminated unexpectedly");
        },
      },
    ];
    await queuePeriodicJobs({} as Database, registry, {
      logger: createLogger("silent"),
      closing: () => closing,
    });
    closing = true;
    await vi.advanceTimersByTimeAsync(20_000);
    expect(attempts).toBe(2);
  });
});
