/**
 * A city's burst on four instances behind Caddy (docs/deploy.md, "Several instances"): PostgreSQL,
 * PgBouncer in transaction mode, four `node server.js` (one worker each, one shared DATA_DIR: they
 * run on one machine; on several, images go to S3) and Caddy with the documented health checks.
 * For BENCH_SECONDS (20) at once, through Caddy: a store's page shared on WhatsApp and opened by
 * BENCH_CONNECTIONS (200) visitors at once (autocannon), 20 shoppers placing orders (each with its
 * idempotency key, sent again on no answer or 502/503/504 as the store page's "Reintentar" does),
 * and the owner's live panel signed in. Halfway, the instance holding the panel's stream is killed
 * with SIGKILL. Prints the page's requests/s and p99, orders/s, the peak of PostgreSQL connections
 * next to the budget, and checks (✓/✗, exit 1 on ✗): no acknowledged order lost or doubled, the
 * panel announced every order, no 5xx beyond the requests in flight on the killed instance, and
 * the connections within the budget.
 *
 * PostgreSQL: the machine's server at BENCH_POSTGRES_URL (postgres://postgres@127.0.0.1:5432/postgres)
 * when it answers, in a database made for the run and dropped after it; otherwise an embedded one.
 *
 *   npm run build && npm run bench -- city-burst
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createClient } from "~/db/client.server";
import { startEmbeddedPostgres } from "~/db/embedded.server";
import { createLogger } from "~/lib/logger.server";
import { burstChecks, runCityBurst, seedStore, startCity, type City } from "../../tests/support/city-burst";
import { withDatabase } from "../../tests/support/global-database";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 4);
const POOL_SIZE = Number(process.env.BENCH_POOL_SIZE ?? 20);
/** Each instance's pool, PgBouncer's clients: the server's own default for one worker. */
const DB_POOL_MAX = Number(process.env.BENCH_DB_POOL_MAX ?? 20);
const MACHINE_POSTGRES = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** The machine's PostgreSQL with a database of the run's own, or an embedded one. */
async function postgres(): Promise<{ url: string; where: string; drop: () => Promise<void> }> {
  const admin = createClient({ connectionString: MACHINE_POSTGRES, connectionTimeoutMillis: 2_000 });
  try {
    await admin.connect();
    const { rows } = await admin.query<{ server_version: string }>("show server_version");
    const name = `tianguis_city_burst_${process.pid}`;
    await admin.query(`create database ${name}`);
    return {
      url: withDatabase(MACHINE_POSTGRES, name),
      where: `the machine's PostgreSQL ${rows[0]!.server_version}, database ${name} (dropped after the run)`,
      async drop() {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  } catch {
    await admin.end().catch(() => {});
    // A folder of its own: as root, the cluster runs as a postgres user that must reach it.
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "tianguis-bench-city-db-"));
    const embedded = await startEmbeddedPostgres({
      dataDir,
      logger: createLogger("warn"),
      databaseName: "tianguis_city_burst",
    });
    return {
      url: embedded.url,
      where: "an embedded PostgreSQL 17",
      async drop() {
        await embedded.stop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  }
}

const dir = await mkdtemp(path.join(os.tmpdir(), "tianguis-bench-city-"));
const database = await postgres();
let city: City | undefined;
let failed = false;
try {
  city = await startCity({
    directUrl: database.url,
    dir,
    instances: INSTANCES,
    poolSize: POOL_SIZE,
    dbPoolMax: DB_POOL_MAX,
  });
  const shop = await seedStore(database.url);
  console.log(
    `${INSTANCES} instances (node server.js, WEB_CONCURRENCY=1, DB_POOL_MAX=${DB_POOL_MAX}, one DATA_DIR) behind Caddy, ` +
      `PgBouncer (transaction mode, default_pool_size ${POOL_SIZE}) in front of ${database.where}; ` +
      `everything on this machine: ${os.availableParallelism()} cores, load average ${os.loadavg()[0]!.toFixed(1)} before the run`,
  );
  const report = await runCityBurst(city, shop, database.url, {
    seconds: SECONDS,
    burstConnections: CONNECTIONS,
    orderClients: 20,
    killAfterMs: (SECONDS * 1000) / 2,
  });
  const { pages, orders, panel, connections, killed } = report;
  console.log(
    `instance ${killed.index + 1} of ${INSTANCES} killed (SIGKILL) after ${killed.afterSeconds.toFixed(1)} s` +
      `${killed.heldPanelStream ? ", the one holding the owner's panel stream" : ""}`,
  );
  console.log(
    `store page through Caddy: ${pages.perSecond.toFixed(0)} req/s, p50 ${pages.p50} ms, p99 ${pages.p99} ms ` +
      `(${CONNECTIONS} connections, ${pages.requests} requests; statuses ${JSON.stringify(pages.byStatus)}, ${pages.timeouts} timed out)`,
  );
  console.log(
    `orders through Caddy: ${orders.perSecond.toFixed(1)} orders/s (${orders.acknowledged} acknowledged, ` +
      `20 shoppers; answers ${JSON.stringify(orders.byStatus)})`,
  );
  console.log(
    `owner's panel: ${panel.announced} orders announced, ${panel.connections} connections (reconnected after the kill: ${panel.reconnected ? "yes" : "no"})`,
  );
  console.log(
    `PostgreSQL connections on the database: peak ${connections.peak} (${connections.samples} samples by PostgreSQL over ${connections.sampledSeconds} s); ` +
      `budget ${connections.budget} = ${INSTANCES} × ${connections.perInstance} direct (/readyz) + PgBouncer's pool of ${connections.poolSize}; ` +
      `max_connections ${connections.maxConnections} − ${connections.reserved} reserved`,
  );
  console.log(
    `PgBouncer's clients: ${connections.poolerClients} (${INSTANCES} × pool ${connections.instancePool}) of max_client_conn ${connections.maxClients}`,
  );
  for (const check of burstChecks(report)) {
    console.log(`${check.ok ? "✓" : "✗"} ${check.what}`);
    if (!check.ok) failed = true;
  }
  if (orders.otherFailures.length) console.log("orders' other failures:", orders.otherFailures.slice(0, 5));
  if (pages.otherFailures) console.log("page's other failures:", pages.firstOtherFailures);
  if (process.env.BENCH_CADDY_LOG) console.log(city.caddyOutput());
} finally {
  await city?.stop();
  await database.drop();
  await rm(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
