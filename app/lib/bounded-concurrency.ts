/** Thrown to a task that got no slot: the queue was full, or its turn did not come in time. It never started. */
export class QueueRefusedError extends Error {
  readonly reason: "full" | "timeout";
  constructor(reason: "full" | "timeout") {
    super(reason === "full" ? "The queue is full" : "No slot came free in time");
    this.name = "QueueRefusedError";
    this.reason = reason;
  }
}

export type BoundedConcurrencyOptions = {
  /** How many tasks may run at once. */
  concurrency: number;
  /** How long a task may wait for a slot before it is refused. */
  queueTimeoutMs: number;
  /**
   * How many ordinary tasks may wait; one more is refused at once. Refusing on arrival spreads
   * the refusals over the burst that causes them, instead of answering the whole burst in one
   * lump when its time-outs fall due together.
   */
  maxWaiting?: number;
};

type Waiter = { grant: () => void; timer: ReturnType<typeof setTimeout> };

/**
 * Runs at most `concurrency` tasks at once; the rest wait first come, first served, with a
 * time limit. A priority task waits in a lane of its own that is always served first and is not
 * bounded by `maxWaiting`. Plain in-process state: each server process bounds its own CPU and memory.
 */
export function createBoundedConcurrency({
  concurrency,
  queueTimeoutMs,
  maxWaiting = Infinity,
}: BoundedConcurrencyOptions) {
  if (!(concurrency >= 1)) throw new Error("concurrency must be at least 1");
  let running = 0;
  const lanes = { priority: [] as Waiter[], ordinary: [] as Waiter[] };

  function acquire(priority: boolean): Promise<void> {
    if (running < concurrency) {
      running++;
      return Promise.resolve();
    }
    const lane = priority ? lanes.priority : lanes.ordinary;
    if (!priority && lane.length >= maxWaiting) return Promise.reject(new QueueRefusedError("full"));
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        grant: resolve,
        timer: setTimeout(() => {
          lane.splice(lane.indexOf(waiter), 1);
          reject(new QueueRefusedError("timeout"));
        }, queueTimeoutMs),
      };
      lane.push(waiter);
    });
  }

  function release() {
    const next = lanes.priority.shift() ?? lanes.ordinary.shift();
    if (!next) {
      running--;
      return;
    }
    // The slot passes straight to the next waiter, so `running` never drops below the bound
    // while someone is waiting.
    clearTimeout(next.timer);
    next.grant();
  }

  return {
    async run<T>(task: () => Promise<T>, { priority = false }: { priority?: boolean } = {}): Promise<T> {
      await acquire(priority);
      try {
        return await task();
      } finally {
        release();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return lanes.priority.length + lanes.ordinary.length;
    },
    /** Whether an ordinary task arriving now would be refused at once. */
    get full() {
      return running >= concurrency && lanes.ordinary.length >= maxWaiting;
    },
  };
}

export type BoundedConcurrency = ReturnType<typeof createBoundedConcurrency>;
