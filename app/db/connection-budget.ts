import os from "node:os";

/**
 * How many connections one instance of Tianguis opens to PostgreSQL, and whether the database can
 * hold them. Each worker process keeps a pool (DB_POOL_MAX) and two connections of its own beside
 * it: the listener (live orders, kept pages' versions) and the job worker's. An instance is its workers together.
 *
 * Behind PgBouncer in transaction mode (DATABASE_DIRECT_URL set) the pools are PgBouncer's clients,
 * not PostgreSQL's: PgBouncer shares its own few server connections among them, and only the two
 * direct connections of each worker count against max_connections here. PgBouncer's server
 * connections (default_pool_size) are the operator's to add up (docs/deploy.md).
 */
export const CONNECTIONS_BESIDE_POOL = 2;
/** Pool connections an instance aims at in all, shared among its workers, when DB_POOL_MAX is unset. */
const INSTANCE_POOL_TARGET = 20;
const MIN_POOL = 4;
const MAX_DEFAULT_POOL = 20;

export type ConnectionBudget = {
  workers: number;
  /** Each worker's pool. */
  pool: number;
  /** Each worker's connections: its pool, the listener and the job worker. */
  perWorker: number;
  /** The instance's: every worker's. */
  instance: number;
  /**
   * Present behind PgBouncer: the pool connections the instance opens to PgBouncer, which count
   * against its max_client_conn and not in `perWorker` or `instance`.
   */
  pooler?: { clients: number };
};

/** Worker processes an instance runs: WEB_CONCURRENCY, or one per core. */
export function workerCount(settings: { WEB_CONCURRENCY?: number }, cores = os.availableParallelism()) {
  return settings.WEB_CONCURRENCY ?? cores;
}

export function connectionBudget(
  settings: { DB_POOL_MAX?: number; DATABASE_DIRECT_URL?: string },
  workers: number,
): ConnectionBudget {
  const pool =
    settings.DB_POOL_MAX ??
    Math.min(MAX_DEFAULT_POOL, Math.max(MIN_POOL, Math.ceil(INSTANCE_POOL_TARGET / workers)));
  if (settings.DATABASE_DIRECT_URL) {
    const perWorker = CONNECTIONS_BESIDE_POOL;
    return { workers, pool, perWorker, instance: workers * perWorker, pooler: { clients: workers * pool } };
  }
  const perWorker = pool + CONNECTIONS_BESIDE_POOL;
  return { workers, pool, perWorker, instance: workers * perWorker };
}

/** The sentence an operator reads when the database cannot hold this instance; null when it can. */
export function budgetProblem(budget: ConnectionBudget, available: number): string | null {
  if (budget.instance <= available) return null;
  if (budget.pooler) {
    return (
      `this instance needs ${budget.instance} direct database connections (${budget.workers} workers × ` +
      `${CONNECTIONS_BESIDE_POOL}: the listener's and the job worker's; the pools go through ` +
      `PgBouncer) but the database accepts ${available} (max_connections minus the reserved ones): ` +
      `lower WEB_CONCURRENCY or raise max_connections`
    );
  }
  return (
    `this instance needs ${budget.instance} database connections (${budget.workers} workers × ` +
    `(pool ${budget.pool} + ${CONNECTIONS_BESIDE_POOL})) but the database accepts ${available} ` +
    `(max_connections minus the reserved ones): lower DB_POOL_MAX or WEB_CONCURRENCY, put PgBouncer in ` +
    `front, or raise max_connections`
  );
}
