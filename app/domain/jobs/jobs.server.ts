/**
 * The one job mechanism (docs/decisions/004-job-queue.md): a transactional outbox table read
 * with `FOR UPDATE SKIP LOCKED`. Work is queued in the same transaction as the change that causes
 * it, so a crash between the commit and the work loses nothing; each job is claimed by one worker
 * at a time under a lease, so several instances never run it together; a worker that dies mid-job
 * lets its lease run out and another takes the job. A failed job is retried with the back-off of
 * its kind's retry policy (./retry-policy.ts). Delivery is at least once: handlers are
 * idempotent where it matters (a push carries a `tag`, so a retry never shows twice).
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import type pg from "pg";
import { notifyAfterCommit } from "~/db/after-commit.server";
import type { Database, Executor } from "~/db/client.server";
import { jobs } from "~/db/schema";
import type { Logger } from "~/lib/logger.server";
import { DEFAULT_RETRY, retryDelay, triesAgain, type RetryPolicy } from "./retry-policy";
import { createClient } from "~/db/client.server";
import { isDatabaseUnavailable, joinsOutage } from "~/db/outage.server";

export const JOBS_CHANNEL = "tianguis_jobs";
/** How often a finished job's outcome is tried again while the database is away. */
const RECORD_RETRY_MS = 500;

export type Job = typeof jobs.$inferSelect;
/** What a handler says of a job it could not do: try again later, or give up. */
export class JobError extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
  ) {
    super(message);
  }
}
export type JobHandler = (job: Job) => Promise<void>;
/**
 * A kind of job that retries in its own way (e-mail keeps trying for days); a bare handler uses
 * the worker's policy. Given parts of `retry` replace the worker's, the rest is the worker's.
 */
export type JobKind = { run: JobHandler; retry: Partial<RetryPolicy> };

/**
 * Queues a job in the caller's transaction; it runs once that transaction commits. A `key` makes
 * the job unique (a second enqueue with the same key is ignored).
 */
export async function enqueue(
  tx: Executor,
  kind: string,
  payload: Record<string, unknown>,
  options: { key?: string; runAt?: Date } = {},
) {
  await tx
    .insert(jobs)
    .values({ kind, payload, key: options.key ?? null, runAt: options.runAt ?? new Date() })
    .onConflictDoNothing({ target: jobs.key });
  // Wakes the workers once the job is there to take; the poll finds it if this NOTIFY is lost.
  await announceJobs(tx, kind);
}

/**
 * Jobs of one kind queued by one statement, one per row of `source` (the SQL from `from` on,
 * whose rows give `payload`), returning their ids: for a caller that folds them into a statement
 * of its own. `announceJobs` then wakes the workers, as `enqueue` does.
 */
export function jobsInsert(kind: string, payload: SQL, source: SQL) {
  return sql`insert into ${jobs} (kind, payload, run_at) select ${kind}, ${payload}, now() ${source} returning id`;
}

export async function announceJobs(tx: Executor, kind: string) {
  await notifyAfterCommit(tx, JOBS_CHANNEL, kind);
}

export type WorkerOptions = {
  db: Database;
  /** A connection string for the LISTEN that wakes the worker; without it, it only polls. */
  databaseUrl?: string;
  logger: Logger;
  handlers: Record<string, JobHandler | JobKind>;
  /** How long a claimed job is this worker's; after that another worker may take it. */
  leaseMs?: number;
  /** How often to look for due jobs when nothing wakes the worker. */
  pollMs?: number;
  batchSize?: number;
  /** The retry policy of kinds that declare none (DEFAULT_RETRY unless given). */
  backoffMs?: number;
  maxBackoffMs?: number;
  maxAttempts?: number;
};

export type JobWorker = {
  /** Looks for due jobs now (also called by LISTEN and the poll). */
  nudge: () => void;
  /** Claims and runs one batch; resolves with how many jobs it ran (tests and the bench). */
  runOnce: () => Promise<number>;
  /** Stops claiming, waits for the jobs in hand, closes the LISTEN connection. */
  stop: () => Promise<void>;
  /** False once stopped. */
  isRunning: () => boolean;
};

export function startJobWorker(options: WorkerOptions): JobWorker {
  const {
    db,
    logger,
    handlers,
    leaseMs = 60_000,
    pollMs = 5_000,
    batchSize = 20,
    backoffMs = DEFAULT_RETRY.backoffMs,
    maxBackoffMs = DEFAULT_RETRY.maxBackoffMs,
    maxAttempts = DEFAULT_RETRY.maxAttempts,
  } = options;
  const defaultRetry: RetryPolicy = { backoffMs, maxBackoffMs, maxAttempts };
  const kinds = new Map(
    Object.entries(handlers).map(([kind, handler]) => [
      kind,
      typeof handler === "function"
        ? { run: handler, retry: defaultRetry }
        : { run: handler.run, retry: { ...defaultRetry, ...handler.retry } },
    ]),
  );
  let stopped = false;
  let running: Promise<number> | null = null;
  let again = false;

  async function claim(): Promise<Job[]> {
    const claimed = await db.execute<Record<string, unknown>>(sql`
      update ${jobs} set locked_until = now() + ${`${leaseMs} milliseconds`}::interval, attempts = attempts + 1
      where id in (
        select id from ${jobs}
        where done_at is null and run_at <= now() and (locked_until is null or locked_until < now())
        order by run_at, id
        limit ${batchSize}
        for update skip locked
      )
      returning id`);
    const ids = claimed.rows.map((row) => Number(row.id));
    if (ids.length === 0) return [];
    return db
      .select()
      .from(jobs)
      .where(
        sql`${jobs.id} in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
  }

  async function finish(job: Job, error: unknown, policy: RetryPolicy) {
    if (!error) {
      await db
        .update(jobs)
        .set({ doneAt: new Date(), lockedUntil: null, lastError: null })
        .where(eq(jobs.id, job.id));
      return;
    }
    const message = error instanceof Error ? error.message : String(error);
    const retry = !(error instanceof JobError && !error.retry) && triesAgain(policy, job.attempts);
    if (retry) {
      const delay = retryDelay(policy, job.attempts);
      await db
        .update(jobs)
        .set({ runAt: new Date(Date.now() + delay), lockedUntil: null, lastError: message })
        .where(and(eq(jobs.id, job.id)));
      const fields = { job: job.id, kind: job.kind, attempt: job.attempts, delay, error: message };
      // A job that failed because the database went away belongs to the outage, logged once
      // however much work it stops; the retry itself is worth an info line, not a warning.
      if (joinsOutage(error)) logger.info("job put off while the database is away", fields);
      else logger.warn("job failed, will retry", fields);
    } else {
      // Given up: kept as done with its last error, so it is never tried again and can be read.
      await db
        .update(jobs)
        .set({ doneAt: new Date(), lockedUntil: null, lastError: message })
        .where(eq(jobs.id, job.id));
      logger.error("job given up", { job: job.id, kind: job.kind, attempts: job.attempts, error: message });
    }
  }

  /**
   * A job's outcome, written through a moment's outage (a switch of primary): the job has run, and
   * running it again would, say, send its e-mail twice. Tried again while the database is away,
   * until the lease taken at `claimedAt` is nearly over (after it, another worker may claim it) or
   * the worker stops.
   */
  async function recorded(write: () => Promise<void>, claimedAt: number) {
    for (;;) {
      try {
        return await write();
      } catch (error) {
        const late = Date.now() + 2 * RECORD_RETRY_MS >= claimedAt + leaseMs;
        if (stopped || late || !isDatabaseUnavailable(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, RECORD_RETRY_MS));
      }
    }
  }

  async function runBatch(): Promise<number> {
    const claimedAt = Date.now();
    const batch = await claim();
    await Promise.all(
      batch.map(async (job) => {
        const kind = kinds.get(job.kind);
        let failure: unknown = kind ? null : new JobError(`no handler for ${job.kind}`, false);
        if (kind) {
          try {
            await kind.run(job);
          } catch (error) {
            failure = error ?? new Error("job failed");
          }
        }
        await recorded(() => finish(job, failure, kind?.retry ?? defaultRetry), claimedAt);
      }),
    );
    return batch.length;
  }

  /** One batch at a time; a nudge during a batch runs another right after it. */
  function runOnce(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      try {
        do {
          again = false;
          const ran = await runBatch();
          total += ran;
          if (ran === batchSize) again = true;
        } while (again && !stopped);
      } finally {
        running = null;
      }
      return total;
    })();
    return running;
  }

  const nudge = () => {
    if (stopped) return;
    runOnce().catch((error) => joinsOutage(error) || logger.error("job worker failed", { error }));
  };

  const timer = setInterval(nudge, pollMs);
  timer.unref();
  const listener = options.databaseUrl ? listen(options.databaseUrl, logger, nudge) : null;
  nudge();

  return {
    nudge,
    runOnce,
    isRunning: () => !stopped,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await listener?.close();
      await running?.catch(() => {});
    },
  };
}

/** LISTEN for new jobs, reconnecting with back-off; a lost notification is covered by the poll. */
function listen(url: string, logger: Logger, onJob: () => void) {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let delay = 500;
  const connect = async () => {
    const next = createClient({ connectionString: url });
    next.on("notification", onJob);
    next.on("error", () => {});
    next.on("end", () => {
      if (closed) return;
      client = null;
      retry = setTimeout(connect, delay);
      delay = Math.min(delay * 2, 5_000);
    });
    try {
      await next.connect();
      await next.query(`listen ${JOBS_CHANNEL}`);
      client = next;
      delay = 500;
      if (closed) await next.end();
      else onJob();
    } catch (error) {
      await next.end().catch(() => {});
      if (!closed) {
        logger.debug("job listener could not connect", { error });
      }
    }
  };
  void connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}
