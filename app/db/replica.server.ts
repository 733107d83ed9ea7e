/**
 * Read replicas for the public reads (docs/decisions/047). `connectReplica` opens a pool to
 * DATABASE_REPLICA_URL that can only read — by type (`ReadDatabase`) and on every connection
 * (`default_transaction_read_only`). `createReadRouting` is the one place that decides, for each
 * public read, whether it runs there or on the primary:
 *
 * - a page's reads (`page`) run on the replica only when the replica's `page_versions` rows of
 *   the page's scopes are the primary's, read after the request came: the replica has then
 *   replayed the last write the page shows, so a page it renders is never older than one the
 *   primary would render, and the page cache keeps it under the primary's versions as before;
 * - reads that no version covers (`recent`: the sitemap, Resumen) run there only when it has
 *   replayed the primary's WAL up to where it was when the request came;
 * - a replica that is down, lags past DATABASE_REPLICA_MAX_LAG_SECONDS, or is not a replica of
 *   this primary is not asked at all until a check says it is well again, and a read that fails
 *   on it for being unreachable runs again on the primary. Every such read is counted.
 *
 * The same checks watch the primary: its role (`pg_is_in_recovery()`), WAL timeline and system
 * identifier, for /readyz and the failovers counted in `tianguis_db_failovers_total`.
 */
import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import type { Logger } from "~/lib/logger.server";
import { failoversSeen, replicaFallbacks, replicaLag, replicaReads } from "~/lib/metrics.server";
import {
  createPageVersionReader,
  sameVersions,
  type PageVersionReader,
  type Versions,
} from "~/lib/page-cache/page-versions.server";
import { createPool, type Database } from "./client.server";
import { isDatabaseUnavailable } from "./outage.server";
import { readsOf, type ReadDatabase } from "./read-database.server";
import { lagSeconds, lsnBytes } from "./replica-lag";
import * as schema from "./schema";

/** The handle a replica's pool gives: reads only (app/db/read-database.typetest.ts). */
export type ReplicaDatabase = ReadDatabase;

export type ReplicaConnection = { db: ReplicaDatabase; pool: pg.Pool; close: () => Promise<void> };

/**
 * A pool on a read replica. Its connections refuse writes (`default_transaction_read_only`, set
 * as each connects), which needs a session of its own: the URL names the replica itself, or a
 * pooler in session mode (docs/deploy.md, "Past one PostgreSQL").
 */
export function connectReplica(
  url: string,
  options: { max?: number; statementTimeoutMs?: number } = {},
): ReplicaConnection {
  const pool = createPool(
    { connectionString: url, max: options.max ?? 10 },
    { readOnly: true, statementTimeoutMs: options.statementTimeoutMs },
  );
  const db = readsOf(drizzle(pool, { schema, casing: undefined }) as unknown as Database);
  return { db, pool, close: () => pool.end() };
}

/** How the replica stands, as of its last check. */
export type ReplicaState = "starting" | "in-use" | "lagging" | "down" | "not-a-replica";
export type FallbackReason = Exclude<ReplicaState, "in-use"> | "behind" | "failed";
export type FailoverEvidence = "new-timeline" | "new-system" | "primary-in-recovery";

/** What DATABASE_URL reaches, as of its last check. */
export type PrimaryStatus = {
  role: "primary" | "replica" | "unknown";
  timeline: number | null;
  system: string | null;
};

export type ReplicaStatus = {
  role: "primary" | "replica" | "unknown";
  state: ReplicaState;
  lagSeconds: number | null;
  maxLagSeconds: number;
  problem?: string;
};

/** The scopes a page is rendered from, and their versions on the primary when the caller has them. */
export type PageReads = { scopes: readonly string[]; versions?: Versions };

type ReadRun<T> = (db: ReadDatabase) => Promise<T>;

const CHECK_EVERY_MS = 1_000;
/** The primary's flushed WAL position, kept this long: how far back a replica's lag can be told. */
const HISTORY_MS = 10 * 60_000;

const PRIMARY_CHECK = `
  select pg_is_in_recovery() as recovery,
    (select system_identifier::text from pg_control_system()) as system,
    case when pg_is_in_recovery() then null else pg_walfile_name(pg_current_wal_flush_lsn()) end as walfile,
    case when pg_is_in_recovery() then null else pg_current_wal_flush_lsn()::text end as flushed`;
const REPLICA_CHECK = `
  select pg_is_in_recovery() as recovery,
    (select system_identifier::text from pg_control_system()) as system,
    pg_last_wal_replay_lsn()::text as replayed`;
/** Where the primary will write next: past every commit it has made visible (asynchronous ones too). */
const PRIMARY_WAL_NOW = `
  select case when pg_is_in_recovery() then pg_last_wal_replay_lsn() else pg_current_wal_insert_lsn() end::text as lsn`;
const REPLICA_REPLAYED = "select pg_last_wal_replay_lsn()::text as lsn";

/** The SQLSTATE of an error or of one it wraps (Drizzle wraps pg's). */
function sqlState(error: unknown, depth = 0): string | undefined {
  if (!error || typeof error !== "object" || depth > 6) return undefined;
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  return typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) ? code : sqlState(cause, depth + 1);
}

/**
 * Whether a read that failed on the replica may run again on the primary: the replica was
 * unreachable, or cancelled the read for a conflict with what it was replaying (40001). Any other
 * error is the read's own, and the primary would fail it the same way.
 */
function replicaTrouble(error: unknown) {
  return isDatabaseUnavailable(error) || sqlState(error) === "40001";
}

type WatchOptions = {
  primary: { db: Database; pool: pg.Pool };
  replica?: ReplicaConnection;
  maxLagSeconds: number;
  logger: Logger;
  now?: () => number;
};

/**
 * The checks behind the routing and /readyz: what DATABASE_URL reaches (its role, WAL timeline and
 * system identifier, a failover counted when one changes), and how the replica stands against it.
 */
function watchDatabases({ primary, replica, maxLagSeconds, logger, now = Date.now }: WatchOptions) {
  const failoverListeners: ((seen: FailoverEvidence) => void)[] = [];
  let primaryStatus: PrimaryStatus = { role: "unknown", timeline: null, system: null };
  /** The timeline the primary was last seen on, while it was one. */
  let lastTimeline: number | null = null;
  /** The primary's flushed WAL positions, oldest first: what the replica's lag is told from. */
  const history: { at: number; flushed: bigint }[] = [];
  let replicaStatus: ReplicaStatus = {
    role: "unknown",
    state: "starting",
    lagSeconds: null,
    maxLagSeconds,
  };

  const failover = (seen: FailoverEvidence, detail: Record<string, unknown>) => {
    failoversSeen.inc({ seen });
    logger.warn(`database failover seen (${seen}): rendered pages forgotten`, detail);
    for (const listener of failoverListeners) listener(seen);
  };

  const checkPrimary = async () => {
    const { rows } = await primary.pool.query<{
      recovery: boolean;
      system: string;
      walfile: string | null;
      flushed: string | null;
    }>(PRIMARY_CHECK);
    const row = rows[0]!;
    const before = primaryStatus;
    const timeline = row.walfile ? parseInt(row.walfile.slice(0, 8), 16) : null;
    primaryStatus = { role: row.recovery ? "replica" : "primary", timeline, system: row.system };
    if (before.system !== null && before.system !== row.system) {
      failover("new-system", { before: before.system, now: row.system });
    } else if (timeline !== null && lastTimeline !== null && timeline !== lastTimeline) {
      failover("new-timeline", { before: lastTimeline, now: timeline });
    } else if (row.recovery && before.role === "primary") {
      failover("primary-in-recovery", { system: row.system });
    }
    if (row.recovery && before.role !== "replica") {
      logger.error(
        "DATABASE_URL reaches a server in recovery (a replica): writes fail until it is a primary",
      );
    }
    if (timeline !== null) lastTimeline = timeline;
    if (before.system !== null && before.system !== row.system) history.length = 0;
    if (row.flushed) {
      const at = now();
      history.push({ at, flushed: lsnBytes(row.flushed) });
      while (history.length > 1 && history[0]!.at < at - HISTORY_MS) history.shift();
    }
  };

  const setReplica = (next: Omit<ReplicaStatus, "maxLagSeconds">) => {
    const before = replicaStatus.state;
    replicaStatus = { ...next, maxLagSeconds };
    replicaLag.set(next.lagSeconds ?? 0);
    if (before === next.state) return;
    const detail = { before, lagSeconds: next.lagSeconds, problem: next.problem };
    if (next.state === "in-use") logger.info("read replica in use for public reads", detail);
    else logger.warn(`read replica ${next.state}: public reads go to the primary`, detail);
  };

  const replicaFailed = (error: unknown) => {
    setReplica({ role: replicaStatus.role, state: "down", lagSeconds: null, problem: String(error) });
  };

  const checkReplica = async (connection: ReplicaConnection) => {
    let row: { recovery: boolean; system: string; replayed: string | null };
    try {
      row = (await connection.pool.query<typeof row>(REPLICA_CHECK)).rows[0]!;
    } catch (error) {
      return replicaFailed(error);
    }
    const role = row.recovery ? "replica" : "primary";
    if (!row.recovery || !row.replayed) {
      return setReplica({ role, state: "not-a-replica", lagSeconds: null, problem: "not in recovery" });
    }
    if (primaryStatus.system !== null && row.system !== primaryStatus.system) {
      const problem = `another cluster (system ${row.system}, the primary's ${primaryStatus.system})`;
      return setReplica({ role, state: "not-a-replica", lagSeconds: null, problem });
    }
    const lag = Math.round(lagSeconds(history, lsnBytes(row.replayed), now()) * 1000) / 1000;
    setReplica({ role, state: lag > maxLagSeconds ? "lagging" : "in-use", lagSeconds: lag });
  };

  let checking: Promise<void> | undefined;
  /** One round of checks: the primary, then the replica against the primary's position. */
  const check = () =>
    (checking ??= (async () => {
      try {
        await checkPrimary().catch((error: unknown) => {
          logger.debug("database check failed", { error: String(error) });
        });
        if (replica) await checkReplica(replica);
      } finally {
        checking = undefined;
      }
    })());

  let timer: NodeJS.Timeout | undefined;
  return {
    check,
    replicaFailed,
    /** Why the replica is not asked now; null when it may be. */
    skipped: (): Exclude<ReplicaState, "in-use"> | null =>
      replicaStatus.state === "in-use" ? null : replicaStatus.state,
    status: () => ({ primary: primaryStatus, replica: replica ? replicaStatus : null }),
    onFailover: (listener: (seen: FailoverEvidence) => void) => void failoverListeners.push(listener),
    start() {
      timer ??= setInterval(() => void check(), CHECK_EVERY_MS);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await checking;
    },
  };
}

export function createReadRouting(options: WatchOptions) {
  const { primary, replica } = options;
  const watch = watchDatabases(options);
  const { replicaFailed, skipped } = watch;
  const primaryVersions: PageVersionReader = createPageVersionReader(primary.pool);
  const replicaVersions: PageVersionReader | undefined = replica && createPageVersionReader(replica.pool);

  const onPrimary = <T>(reason: FallbackReason, run: ReadRun<T>) => {
    if (replica) replicaFallbacks.inc({ reason });
    return run(primary.db);
  };

  const onReplica = async <T>(connection: ReplicaConnection, run: ReadRun<T>): Promise<T> => {
    let result: T;
    try {
      result = await run(connection.db);
    } catch (error) {
      if (!replicaTrouble(error)) throw error;
      if (isDatabaseUnavailable(error)) replicaFailed(error);
      return onPrimary("failed", run);
    }
    replicaReads.inc();
    return result;
  };

  /**
   * Reads no page version covers (the sitemap, Resumen): on the replica when it has replayed the
   * primary's WAL up to where the primary was when this was asked, else on the primary.
   */
  const recent = async <T>(run: ReadRun<T>): Promise<T> => {
    if (!replica) return run(primary.db);
    const skip = skipped();
    if (skip) return onPrimary(skip, run);
    const [written, replayed] = await Promise.all([
      primary.pool.query<{ lsn: string }>(PRIMARY_WAL_NOW),
      replica.pool.query<{ lsn: string | null }>(REPLICA_REPLAYED).catch((error: unknown) => {
        replicaFailed(error);
        return null;
      }),
    ]);
    if (!replayed) return onPrimary("down", run);
    const replayedAt = replayed.rows[0]!.lsn;
    if (!replayedAt || lsnBytes(replayedAt) < lsnBytes(written.rows[0]!.lsn)) return onPrimary("behind", run);
    return onReplica(replica, run);
  };

  return {
    /**
     * A public page's reads, on the replica when it holds what the primary held for the page's
     * scopes when the request came (`versions`: the primary's, read by the page cache for this
     * request; read here otherwise), else on the primary. A page without scopes reads as `recent`.
     */
    async page<T>(reads: PageReads, run: ReadRun<T>): Promise<T> {
      if (!replica || !replicaVersions) return run(primary.db);
      if (reads.scopes.length === 0) return recent(run);
      const skip = skipped();
      if (skip) return onPrimary(skip, run);
      const [onPrimaryNow, onReplicaNow] = await Promise.all([
        reads.versions ?? primaryVersions.read(reads.scopes),
        replicaVersions.read(reads.scopes).catch((error: unknown) => {
          replicaFailed(error);
          return null;
        }),
      ]);
      if (!onReplicaNow) return onPrimary("down", run);
      if (!sameVersions(reads.scopes, onPrimaryNow, onReplicaNow)) return onPrimary("behind", run);
      return onReplica(replica, run);
    },

    recent,

    /** One round of checks now (at start, and in tests). */
    check: watch.check,

    /** Checks every second from now on, until `close`. */
    start: watch.start,

    /** What the last checks found: DATABASE_URL's role and the replica's standing, for /readyz. */
    status: (): { primary: PrimaryStatus; replica: ReplicaStatus | null } => watch.status(),

    /** Called when a failover is seen: what was kept under the old primary's versions must go. */
    onFailover: watch.onFailover,

    async close() {
      await watch.stop();
      await replica?.close();
    },
  };
}

export type ReadRouting = ReturnType<typeof createReadRouting>;
