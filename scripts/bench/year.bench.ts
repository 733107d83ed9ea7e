/**
 * The city-year: a year of a 30-city marketplace (scripts/bench/year-data.ts: 10,000 stores,
 * 1,000,000 products, 3,000,000 orders with their lines, 30,000,000 page views as a year of daily
 * roll-ups and 91 days of raw events), then the built server on it with the page cache off, so
 * every page is rendered for its request. Prints, each beside its target:
 * - p50 and p95 of sequential requests (BENCH_RUNS each, after a warm-up) for each public page, the
 *   busiest store's owner panel and the super-admin's store lists: every p95 ≤ 100 ms, the Resumen
 *   of 30 days ≤ 200 ms;
 * - orders/s placed through the storefront's API (BENCH_CONNECTIONS at once for BENCH_SECONDS);
 * - the database's size before and after one retention run (before the server starts, which would
 *   run it itself), and the run's time.
 * Asserts no target; exits 1 when any request answers other than 2xx.
 *
 *   npm run build && npm run bench -- year
 *
 * YEAR_SCALE (default 1) scales stores, products, orders and views (0.01: 100 stores). BENCH_DATA_DIR
 * keeps the generated database between runs (the requests then measure the same data; the orders
 * placed and the retention run of earlier runs stay in it). BUILD_DIR times another build's server.
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { connectDatabase, type DatabaseConnection } from "~/db/client.server";
import { startEmbeddedPostgres } from "~/db/embedded.server";
import { createOwner } from "~/db/factories.server";
import { runMigrations } from "~/db/migrate.server";
import { hashPassword, setPasswordHashCost } from "~/domain/auth/password-hash.server";
import { rotateFeaturedProducts } from "~/domain/directory/featured.server";
import { runRetention } from "~/domain/retention/retention.server";
import { createLogger } from "~/lib/logger.server";
import { signIn } from "../../tests/support/http-server";
import { ROOT, startServerProcess, TEST_HASH_LOG_N } from "../../tests/support/server-process";
import { summary, time } from "./stats";
import { BUSIEST_INDEX, CITIES, KINDS, storeIdOf, yearPlan, yearTables, type YearPlan } from "./year-data";

const SCALE = Number(process.env.YEAR_SCALE ?? 1);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const WARM_UP = Math.min(10, RUNS);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const BUSIEST = storeIdOf(BUSIEST_INDEX);
const CITY = CITIES[0]![0];
const OWNER = { email: "duena-espiga@ejemplo.mx", password: "contrasena-segura-de-la-duena" };
const OPERATOR = { email: "operadora@ejemplo.mx", password: "contrasena-segura-operadora" };

type Connection = DatabaseConnection;

const ms = (value: number) => `${value.toFixed(1)} ms`;
const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** A small seeded generator, so that two runs ask for the same search terms. */
function draws(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function generate({ pool, db }: Connection, plan: YearPlan) {
  console.log(
    `Generating the city-year at YEAR_SCALE ${plan.scale}: ${plan.stores.toLocaleString("en-US")} stores in ${CITIES.length} cities, ` +
      `${plan.orders.toLocaleString("en-US")} orders, ${plan.views.toLocaleString("en-US")} page views (COPY)`,
  );
  setPasswordHashCost(Number(TEST_HASH_LOG_N));
  const passwordHash = await hashPassword("contrasena-de-un-dueno");
  // Fewer checkpoints while gigabytes are written; the server's own setting again afterwards.
  await pool.query("alter system set max_wal_size = '8GB'");
  await pool.query("select pg_reload_conf()");
  const [totalMs] = await time(async () => {
    for (const step of yearTables(plan, passwordHash)) {
      const [stepMs, rows] = await time(() => step.write(pool));
      console.log(
        `  ${step.table.padEnd(20)} ${rows.toLocaleString("en-US").padStart(12)} rows  ${seconds(stepMs)}`,
      );
    }
    const [featuredMs, featured] = await time(() => rotateFeaturedProducts(db));
    console.log(
      `  ${"featured_products".padEnd(20)} ${String(featured.featured).padStart(12)} rows  ${seconds(featuredMs)}`,
    );
    const [vacuumMs] = await time(() => pool.query("vacuum analyze"));
    console.log(`  ${"vacuum analyze".padEnd(20)} ${"".padStart(17)}  ${seconds(vacuumMs)}`);
  });
  await pool.query("alter system reset max_wal_size");
  await pool.query("select pg_reload_conf()");
  console.log(`  generated in ${seconds(totalMs)}`);
}

async function databaseSize({ pool }: Connection) {
  const { rows } = await pool.query<{ bytes: string }>(
    "select pg_database_size(current_database()) as bytes",
  );
  return Number(rows[0]!.bytes);
}

async function describeData({ pool }: Connection) {
  const { rows } = await pool.query<Record<string, string>>(
    `
    select
      (select count(*) from stores) as stores,
      (select count(distinct city_id) from stores) as cities,
      (select reltuples::bigint from pg_class where relname = 'products') as products,
      (select reltuples::bigint from pg_class where relname = 'orders') as orders,
      (select reltuples::bigint from pg_class where relname = 'order_lines') as lines,
      (select reltuples::bigint from pg_class where relname = 'analytics_events') as events,
      (select count(*) from orders where store_id = $1 and created_at > now() - interval '30 days') as busiest_orders,
      (select count(*) from orders where store_id = $1 and status = 'pending') as busiest_pending,
      (select coalesce(sum(views), 0) from page_view_days where store_id = $1) as busiest_views`,
    [BUSIEST],
  );
  const row = rows[0]!;
  const n = (key: string) => Number(row[key]).toLocaleString("en-US");
  console.log(
    `\nData: ${n("stores")} stores in ${n("cities")} cities, ~${n("products")} products, ~${n("orders")} orders, ` +
      `~${n("lines")} order lines, ~${n("events")} raw analytics events; the busiest store (${BUSIEST}) ` +
      `has ${n("busiest_orders")} orders in the last 30 days, ${n("busiest_pending")} pending, ` +
      `${n("busiest_views")} rolled-up page views.`,
  );
}

/** What the requests ask for: open stores, available products, orders, all picked at random. */
async function samples({ pool }: Connection, count: number) {
  const stores = await pool.query<{ id: string }>(
    "select id from stores where closed_at is null order by random() limit $1",
    [count],
  );
  const products = await pool.query<{ store_id: string; id: string }>(
    `select p.store_id, p.id from products p join stores s on s.id = p.store_id
     where s.closed_at is null and p.available order by random() limit $1`,
    [count],
  );
  const orders = await pool.query<{ store_id: string; id: string }>(
    `select o.store_id, o.id from orders o join stores s on s.id = o.store_id
     where s.closed_at is null order by random() limit $1`,
    [count],
  );
  return { stores: stores.rows, products: products.rows, orders: orders.rows };
}

type Kind = { label: string; target: number; path: (run: number) => string; cookie?: string };

/** Sequential GETs of one kind of page: warm-up, then RUNS timed; a redirect counts as a failure. */
async function measureKind(baseUrl: string, kind: Kind) {
  const failures: string[] = [];
  const get = async (run: number) => {
    const url = `${baseUrl}${kind.path(run)}`;
    const [took, status] = await time(async () => {
      const response = await fetch(url, {
        headers: kind.cookie ? { cookie: kind.cookie } : {},
        redirect: "manual",
      });
      await response.arrayBuffer();
      return response.status;
    });
    if (status < 200 || status > 299) failures.push(`${status} ${kind.path(run)}`);
    return took;
  };
  for (let run = 0; run < WARM_UP; run++) await get(RUNS + run);
  const timings: number[] = [];
  for (let run = 0; run < RUNS; run++) timings.push(await get(run));
  const stats = summary(timings);
  const verdict = stats.p95 <= kind.target ? "ok" : "OVER";
  console.log(
    `  ${kind.label.padEnd(26)} p50 ${ms(stats.p50).padStart(9)}  p95 ${ms(stats.p95).padStart(9)}  ` +
      `(target p95 ≤ ${kind.target} ms)  ${verdict}` +
      (failures.length ? `  ${failures.length} answers not 2xx, e.g. ${failures[0]}` : ""),
  );
  return failures.length;
}

/** Orders through the storefront's API, CONNECTIONS at once for SECONDS; every one a new shopper. */
async function measureOrders({ pool }: Connection, baseUrl: string) {
  const { rows: items } = await pool.query<{ store_id: string; id: string; method: string | null }>(
    `select p.store_id, p.id, ss.payment_methods[1] as method
     from products p join stores s on s.id = p.store_id join store_settings ss on ss.store_id = s.id
     where s.closed_at is null and not s.is_hidden and s.id <> $1 and p.available and p.unit = 'pieza'
     order by random() limit 500`,
    [BUSIEST],
  );
  let sequence = 0;
  let failed = 0;
  let firstFailure = "";
  const latencies: number[] = [];
  const deadline = Date.now() + SECONDS * 1000;
  const started = Date.now();
  const client = async () => {
    while (Date.now() < deadline) {
      sequence += 1;
      const item = items[sequence % items.length]!;
      const [took, status] = await time(async () => {
        const response = await fetch(`${baseUrl}/s/${item.store_id}/api`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "x-forwarded-for": `10.${(sequence >> 16) & 255}.${(sequence >> 8) & 255}.${sequence & 255}`,
          },
          body: JSON.stringify({
            intent: "place-order",
            form: {
              customerName: "Cliente de la prueba",
              customerPhone: "",
              deliveryType: "pickup",
              address: "",
              comments: "",
              paymentMethod: item.method,
              idempotencyKey: `year-${process.pid}-${sequence}`,
              lines: [{ productId: item.id, variation: "", quantity: 1 }],
            },
          }),
        });
        const body = await response.text();
        if (!response.ok && !firstFailure) firstFailure = `${response.status} ${body.slice(0, 200)}`;
        return response.status;
      });
      if (status < 200 || status > 299) failed += 1;
      else latencies.push(took);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, client));
  const elapsed = Date.now() - started;
  const stats = summary(latencies.length ? latencies : [0]);
  console.log(
    `  ${"orders placed".padEnd(26)} ${(latencies.length / (elapsed / 1000)).toFixed(1)} orders/s  ` +
      `(${latencies.length} in ${seconds(elapsed)}, ${CONNECTIONS} at once, p50 ${ms(stats.p50)}, p95 ${ms(stats.p95)})  (no target)` +
      (failed ? `  ${failed} answers not 2xx, e.g. ${firstFailure}` : ""),
  );
  return failed;
}

async function measureRetention(connection: Connection) {
  const before = await databaseSize(connection);
  console.log(`  ${"database before retention".padEnd(26)} ${megabytes(before)}  (no target)`);
  const [took, outcome] = await time(() => runRetention(connection.db, { now: new Date() }));
  const deleted = Object.entries(outcome.deleted)
    .map(([table, count]) => `${table} ${count.toLocaleString("en-US")}`)
    .join(", ");
  console.log(
    `  ${"retention run".padEnd(26)} ${seconds(took)}  (no target; rolled up ${outcome.rolledUpDays.toLocaleString("en-US")} store-days, deleted ${deleted})`,
  );
  const after = await databaseSize(connection);
  console.log(`  ${"database after retention".padEnd(26)} ${megabytes(after)}  (no target)`);
}

async function measure(connection: Connection, databaseUrl: string): Promise<number> {
  const buildDir = process.env.BUILD_DIR ?? "build";
  if (!existsSync(path.join(ROOT, buildDir, "server", "index.js")))
    throw new Error(`No server build in ./${buildDir}: run \`npm run build\` first.`);
  const { db } = connection;
  setPasswordHashCost(Number(TEST_HASH_LOG_N));
  await db.execute(sql`delete from auth_user where email in (${OWNER.email}, ${OPERATOR.email})`);
  await createOwner(db, { ...OWNER, storeId: BUSIEST });
  await createOwner(db, { ...OPERATOR, role: "superadmin", storeId: null });
  const picked = await samples(connection, RUNS + WARM_UP);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "tianguis-bench-year-server-"));
  const server = await startServerProcess({
    env: {
      DATABASE_URL: databaseUrl,
      DEMO_DATA: "false",
      DATA_DIR: dataDir,
      PAGE_CACHE_MB: "0",
      LOG_LEVEL: "warn",
      BUILD_DIR: buildDir,
      // Each order from its own shopper's address (x-forwarded-for): no per-address limit is measured.
      TRUST_PROXY: "1",
      WEB_CONCURRENCY: String(os.availableParallelism()),
    },
    timeoutMs: 120_000,
  });
  let failures = 0;
  try {
    await startUpJobsDone(connection);
    const owner = await signIn(server.url, OWNER.email, OWNER.password);
    const operator = await signIn(server.url, OPERATOR.email, OPERATOR.password);
    const random = draws(32);
    const words = [...KINDS.map((kind) => kind.toLowerCase()), "de chocolate", "xoconostle", "no-existe"];
    const term = () => encodeURIComponent(words[Math.floor(random() * words.length)]!);
    const nth = <T>(list: T[], run: number) => list[run % list.length]!;
    const kinds: Kind[] = [
      { label: "city page", target: 100, path: () => `/c/${CITY}` },
      {
        label: "city search",
        target: 100,
        path: () => `/c/${CITY}?q=${term()}${random() < 0.2 ? `&page=${2 + Math.floor(random() * 3)}` : ""}`,
      },
      { label: "store page", target: 100, path: (run) => `/${nth(picked.stores, run).id}` },
      {
        label: "product page",
        target: 100,
        path: (run) => `/${nth(picked.products, run).store_id}/p/${nth(picked.products, run).id}`,
      },
      {
        label: "order tracking",
        target: 100,
        path: (run) => `/s/${nth(picked.orders, run).store_id}/pedido/${nth(picked.orders, run).id}`,
      },
      {
        label: "Resumen, 30 days",
        target: 200,
        cookie: owner,
        path: () => "/i/admin?tab=resumen&periodo=30dias",
      },
      {
        label: "pending orders tab",
        target: 100,
        cookie: owner,
        path: () => "/i/admin?tab=ordenes_pendientes",
      },
      { label: "super-admin stores", target: 100, cookie: operator, path: () => "/i/super-admin" },
      {
        label: "super-admin next page",
        target: 100,
        cookie: operator,
        path: (run) => `/i/super-admin?desde=${nth(picked.stores, run).id}`,
      },
      {
        label: "super-admin ownerless",
        target: 100,
        cookie: operator,
        path: () => "/i/super-admin?sin-dueno=1",
      },
      {
        label: "super-admin search",
        target: 100,
        cookie: operator,
        path: () => `/i/super-admin?tienda=${term()}`,
      },
    ];
    console.log(
      `\nRequests to the built server (page cache off), ${RUNS} each after ${WARM_UP} to warm up, one at a time:`,
    );
    for (const kind of kinds) failures += await measureKind(server.url, kind);
    console.log(`\nOrders through POST /s/<store>/api for ${SECONDS} s:`);
    failures += await measureOrders(connection, server.url);
  } finally {
    await server.stop();
    if (failures > 0) console.log(`\nThe server's output:\n${server.output().slice(-4000)}`);
    await rm(dataDir, { recursive: true, force: true });
  }
  return failures;
}

/**
 * Waits until the jobs due now are done: a server queues its periodic jobs (retention, the
 * featured rotation…) as it starts, and they would otherwise run beside the first measured requests.
 */
async function startUpJobsDone({ pool }: Connection) {
  const deadline = Date.now() + 300_000;
  for (;;) {
    const { rows } = await pool.query<{ due: number }>(
      "select count(*)::int as due from jobs where done_at is null and run_at <= now()",
    );
    if (rows[0]!.due === 0 || Date.now() > deadline) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function main() {
  const keep = process.env.BENCH_DATA_DIR;
  const dataDir = keep ?? (await mkdtemp(path.join(os.tmpdir(), "tianguis-bench-year-")));
  const embedded = await startEmbeddedPostgres({
    dataDir,
    logger: createLogger("warn"),
    databaseName: "tianguis_bench",
  });
  const connection = connectDatabase(embedded.url, { max: 4 });
  let failures = 0;
  try {
    await runMigrations(embedded.url);
    const existing = await connection.pool.query<{ stores: boolean; done: boolean }>(
      // The featured rotation is generation's last write.
      "select exists (select from stores) as stores, exists (select from featured_products) as done",
    );
    const { stores, done } = existing.rows[0]!;
    if (stores && !done) throw new Error(`An earlier generation did not finish: remove ${dataDir}.`);
    if (stores) console.log("Reusing the generated data in BENCH_DATA_DIR.");
    else await generate(connection, yearPlan(SCALE));
    await describeData(connection);
    // Before the server starts: it would run the day's retention itself as it starts.
    console.log("\nRetention (app/domain/retention/retention.server.ts, one run now):");
    await measureRetention(connection);
    failures = await measure(connection, embedded.url);
  } finally {
    await connection.close();
    await embedded.stop();
    if (!keep) await rm(dataDir, { recursive: true, force: true });
  }
  if (failures > 0) {
    console.log(`\n${failures} requests answered other than 2xx.`);
    process.exitCode = 1;
  }
}

await main();
