import { describe, expect, it } from "vitest";
import { createBoundedConcurrency, QueueRefusedError } from "./bounded-concurrency";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("bounded concurrency", () => {
  it("never runs more than its bound at once, and runs every task", async () => {
    const limit = createBoundedConcurrency({ concurrency: 3, queueTimeoutMs: 5_000 });
    let running = 0;
    let peak = 0;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        limit.run(async () => {
          running++;
          peak = Math.max(peak, running);
          await pause(5 + (i % 4));
          running--;
          return i;
        }),
      ),
    );
    expect(peak).toBe(3);
    expect(results).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(limit.running).toBe(0);
    expect(limit.waiting).toBe(0);
  });

  it("serves waiters first come, first served", async () => {
    const limit = createBoundedConcurrency({ concurrency: 1, queueTimeoutMs: 5_000 });
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        limit.run(async () => {
          order.push(i);
          await pause(2);
        }),
      ),
    );
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("refuses a waiter whose turn does not come in time, without starting its task", async () => {
    const limit = createBoundedConcurrency({ concurrency: 1, queueTimeoutMs: 50 });
    let started = 0;
    const slow = limit.run(async () => {
      started++;
      await pause(200);
      return "slow";
    });
    const late = limit.run(async () => {
      started++;
      return "late";
    });
    await expect(late).rejects.toEqual(new QueueRefusedError("timeout"));
    expect(started).toBe(1);
    expect(limit.waiting).toBe(0);
    await expect(slow).resolves.toBe("slow");
    // The refused waiter gave nothing back that it did not take: the slot is free again.
    expect(limit.running).toBe(0);
    await expect(limit.run(async () => "after")).resolves.toBe("after");
  });

  it("refuses at once beyond its waiting room, without starting the task", async () => {
    const limit = createBoundedConcurrency({ concurrency: 1, queueTimeoutMs: 5_000, maxWaiting: 2 });
    let started = 0;
    const task = () =>
      limit.run(async () => {
        started++;
        await pause(20);
      });
    expect(limit.full).toBe(false);
    const admitted = [task(), task()];
    expect(limit.full).toBe(false);
    admitted.push(task());
    expect(limit.full).toBe(true);
    const refusedAt = Date.now();
    await expect(task()).rejects.toEqual(new QueueRefusedError("full"));
    expect(Date.now() - refusedAt).toBeLessThan(15);
    await Promise.all(admitted);
    expect(started).toBe(3);
    expect(limit.full).toBe(false);
  });

  it("serves the priority lane first, even past a full waiting room", async () => {
    const limit = createBoundedConcurrency({ concurrency: 1, queueTimeoutMs: 5_000, maxWaiting: 3 });
    const order: string[] = [];
    const task = (name: string, priority = false) =>
      limit.run(
        async () => {
          order.push(name);
          await pause(5);
        },
        { priority },
      );
    const all = [task("a"), task("b"), task("c"), task("d"), task("owner", true)];
    await Promise.all(all);
    expect(order).toEqual(["a", "owner", "b", "c", "d"]);
  });
});
