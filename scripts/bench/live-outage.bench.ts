/**
 * Live stream budget (docs/decisions/007): after a 5 s database outage, seconds until the open panel has
 * every order placed during it (budget 5 s). Two built server instances on one fresh embedded
 * PostgreSQL: the panel's instance A reaches it through a TCP proxy; the outage terminates the
 * LISTEN backends and refuses A's connections for 5 s while shoppers keep ordering through
 * instance B. A real SSE client (reconnecting with Last-Event-ID, as EventSource does) is the
 * panel. Three rounds; no asserts.
 *
 *   npm run bench -- live-outage           (BUILD_DIR=build-x to measure another build)
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { connectDatabase, createClient } from "~/db/client.server";
import { startEmbeddedPostgres } from "~/db/embedded.server";
import { createOwner, createProduct, createStore } from "~/db/factories.server";
import { runMigrations } from "~/db/migrate.server";
import { createLogger } from "~/lib/logger.server";
import { withDatabase } from "../../tests/support/global-database";
import {
  openOrderStream,
  placeStorefrontOrder,
  signIn,
  startTcpProxy,
} from "../../tests/support/order-stream";
import { ROOT, startServerProcess, type ServerProcess } from "../../tests/support/server-process";

const ROUNDS = 3;
const OUTAGE_MS = 5_000;
const buildDir = process.env.BUILD_DIR ?? "build";
if (!existsSync(path.join(ROOT, buildDir, "server/index.js"))) {
  console.error(`No build in ${buildDir}/: run \`BUILD_DIR=${buildDir} npm run build\` first.`);
  process.exit(1);
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), "tianguis-bench-outage-"));
const embedded = await startEmbeddedPostgres({
  dataDir,
  logger: createLogger("warn"),
  databaseName: "postgres",
});
const admin = createClient({ connectionString: embedded.url });
await admin.connect();
await admin.query("create database tianguis_bench_outage");
const databaseUrl = withDatabase(embedded.url, "tianguis_bench_outage");
await runMigrations(databaseUrl);
const target = new URL(databaseUrl);
const proxy = await startTcpProxy(target.hostname, Number(target.port));
const proxied = new URL(databaseUrl);
proxied.hostname = "127.0.0.1";
proxied.port = String(proxy.port);
const connection = connectDatabase(databaseUrl, { max: 4 });
const servers: ServerProcess[] = [];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

try {
  const env = { DATA_DIR: dataDir, DEMO_DATA: "false", LOG_LEVEL: "warn" };
  const [a, b] = await Promise.all([
    startServerProcess({ env: { ...env, DATABASE_URL: proxied.toString() } }),
    startServerProcess({ env: { ...env, DATABASE_URL: databaseUrl } }),
  ]);
  servers.push(a, b);
  const { db } = connection;
  const store = await createStore(db, { settings: { allowPickup: true } });
  const product = await createProduct(db, store.id, { price: 30 });
  const owner = await createOwner(db, { storeId: store.id });
  const panel = openOrderStream(a.url, await signIn(a.url, owner.email, owner.password));
  await panel.until(() => panel.connections > 0, 10_000, "panel stream");

  const results: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and application_name = 'tianguis-listener'",
      ["tianguis_bench_outage"],
    );
    await proxy.refuse();
    const outageStarted = performance.now();
    const placed: string[] = [];
    while (performance.now() - outageStarted < OUTAGE_MS - 1_000) {
      placed.push(await placeStorefrontOrder(b.url, store.id, product.id, `Ronda ${round}.${placed.length}`));
      await sleep(1_000);
    }
    await sleep(Math.max(0, OUTAGE_MS - (performance.now() - outageStarted)));
    await proxy.accept();
    const recovered = performance.now();
    await panel.until(
      () => placed.every((id) => panel.createdOrders().includes(id)),
      60_000,
      `round ${round}'s orders`,
    );
    const seconds = (performance.now() - recovered) / 1000;
    results.push(seconds);
    const all = panel.createdOrders();
    const duplicates = all.length - new Set(all).size;
    console.log(
      `round ${round}: ${placed.length} orders placed during the outage, all on the panel ${seconds.toFixed(2)} s after it ended (duplicates: ${duplicates})`,
    );
    await sleep(1_000);
  }
  const sorted = [...results].sort((x, y) => x - y);
  console.log(`5 s database outage → panel has every order placed during it (budget 5 s, ${ROUNDS} rounds):`);
  console.log(`  median ${sorted[ROUNDS >> 1]!.toFixed(2)} s, worst ${sorted.at(-1)!.toFixed(2)} s`);
  panel.close();
} finally {
  for (const server of servers) await server.stop();
  await proxy.close();
  await connection.close();
  await admin.query("drop database if exists tianguis_bench_outage with (force)").catch(() => {});
  await admin.end();
  await embedded.stop();
  await rm(dataDir, { recursive: true, force: true });
}
