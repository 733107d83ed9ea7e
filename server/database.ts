import { connectDatabase, createClient } from "~/db/client.server";
import { budgetProblem, connectionBudget, workerCount, type ConnectionBudget } from "~/db/connection-budget";
import { DEMO_OWNER_EMAIL, DEMO_PASSWORD, DEMO_SUPERADMIN_EMAIL } from "~/db/demo/demo-marketplace";
import { seedDemoMarketplace } from "~/db/demo/seed.server";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "~/db/embedded.server";
import { runMigrations } from "~/db/migrate.server";
import { createStorage } from "~/domain/images/configured-storage.server";
import type { Env } from "~/lib/env.server";
import type { Logger } from "~/lib/logger.server";

/**
 * Where an instance reaches its database: `url` for the pool (PgBouncer in transaction mode, or
 * PostgreSQL itself), `directUrl` for what needs a session of its own — LISTEN, the migrations'
 * session-level advisory lock, the connection-budget check (docs/decisions/026). The same URL
 * twice unless DATABASE_DIRECT_URL is set.
 */
export type DatabaseUrls = { url: string; directUrl: string };

/**
 * The database made ready for instances: the embedded PostgreSQL started (unless DATABASE_URL is
 * set), migrations applied (under an advisory lock, so instances starting together are safe), the
 * demo marketplace created in an empty database. Runs once per `npm start`: in the primary when
 * there are workers (server/cluster.ts).
 */
export async function prepareDatabase(env: Env, logger: Logger) {
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({ dataDir: env.dataDir, logger });
    databaseUrl = embedded.url;
  }
  const urls: DatabaseUrls = { url: databaseUrl, directUrl: env.DATABASE_DIRECT_URL ?? databaseUrl };
  if (!env.DATABASE_DIRECT_URL) await refusePoolerWithoutDirectUrl(urls.url, logger);
  // The lock is held across the migrations' transactions: it needs one session throughout.
  await runMigrations(urls.directUrl);
  // max_connections is PostgreSQL's (PgBouncer has its own), and the connections it limits are
  // the direct ones when a pooler stands in front.
  await checkConnectionBudget(urls.directUrl, connectionBudget(env, workerCount(env)), logger);
  if (env.DEMO_DATA) {
    const seedStarted = performance.now();
    const connection = connectDatabase(databaseUrl, { max: 2, namedStatements: env.namedStatements });
    try {
      const { seeded } = await seedDemoMarketplace(connection.db, new Date(), createStorage(env, logger));
      if (seeded) {
        logger.info("demo marketplace created", {
          city: "aguascalientes",
          ms: Math.round(performance.now() - seedStarted),
        });
      }
    } finally {
      await connection.close();
    }
    logger.info("demo accounts", {
      owner: `${DEMO_OWNER_EMAIL} / ${DEMO_PASSWORD}`,
      superadmin: `${DEMO_SUPERADMIN_EMAIL} / ${DEMO_PASSWORD}`,
    });
  }
  return { urls, embedded };
}

/**
 * Refuses to start an instance the database cannot hold: past max_connections (less the ones
 * reserved for superusers), the last workers to connect would fail every request instead.
 */
async function checkConnectionBudget(databaseUrl: string, budget: ConnectionBudget, logger: Logger) {
  const client = createClient({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ available: number }>(`
      select current_setting('max_connections')::int
        - current_setting('superuser_reserved_connections')::int
        - coalesce(nullif(current_setting('reserved_connections', true), '')::int, 0) as available`);
    const problem = budgetProblem(budget, rows[0]!.available);
    if (problem) {
      logger.error(`Tianguis cannot start: ${problem}`, { ...budget, available: rows[0]!.available });
      throw new Error(problem);
    }
    logger.info("database connections", { ...budget, available: rows[0]!.available });
  } finally {
    await client.end();
  }
}

/**
 * Refuses to start on a connection pooler (PgBouncer) when DATABASE_DIRECT_URL is unset. Without
 * it the instance would start, say it is ready, and then fail some orders ("prepared statement …
 * already exists") and every LISTEN, because in transaction mode a client's statements run on
 * whichever server connection is free. A pooler shows itself at the handshake: the process id it
 * gives the client (BackendKeyData) is its own cancel key, not the PostgreSQL backend's, which
 * `pg_backend_pid()` names.
 */
export async function refusePoolerWithoutDirectUrl(url: string, logger: Logger) {
  const client = createClient({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
    const handshakePid = (client as unknown as { processID: number | null }).processID;
    if (handshakePid === rows[0]!.pid) return;
    const problem =
      "DATABASE_URL reaches PostgreSQL through a connection pooler (PgBouncer or similar), and " +
      "DATABASE_DIRECT_URL is not set. Set DATABASE_DIRECT_URL to PostgreSQL itself, not the pooler " +
      '(docs/deploy.md, "Several instances"): LISTEN, the migrations\' lock and the connection check need ' +
      "a session of their own, and statements may not keep names across a transaction pooler.";
    logger.error(`Tianguis cannot start: ${problem}`, { backendPid: rows[0]!.pid, handshakePid });
    throw new Error(problem);
  } finally {
    await client.end();
  }
}
