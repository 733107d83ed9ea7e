/**
 * The Resumen tab's budget: it renders in under 100 ms for a store with 50,000 orders.
 * Generates a busy store (50,000 orders over a year, ~110,000 lines, 400,000 page views) beside
 * 20 other stores with 5,000 orders each, in a fresh embedded PostgreSQL; then prints the time of
 * the figures' queries in process and of the whole page over HTTP (no asserts).
 *
 *   npm run bench dashboard            (BUILD_DIR=build-x to time another build's server)
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { connectDatabase } from "~/db/client.server";
import { startEmbeddedPostgres } from "~/db/embedded.server";
import { createOwner } from "~/db/factories.server";
import { runMigrations } from "~/db/migrate.server";
import { DASHBOARD_PERIODS } from "~/domain/stores/dashboard";
import { dashboardStatements, loadDashboard } from "~/domain/stores/dashboard.server";
import { createLogger } from "~/lib/logger.server";
import { ROOT, startServerProcess } from "../../tests/support/server-process";
import { summary, time } from "./stats";

const ORDERS = 50_000;
const VIEWS = 400_000;
const OTHER_STORES = 20;
const OTHER_ORDERS = 5_000;
const STORE = "panaderia-bench";
const RUNS = Number(process.env.BENCH_RUNS ?? 50);

type Db = ReturnType<typeof connectDatabase>["db"];

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

/** `count` orders for a store over the last year, busiest at midday, with one to four lines each. */
async function generateOrders(db: Db, storeId: string, count: number) {
  await db.execute(sql`
    insert into orders (store_id, id, status, customer_name, delivery_type, total, idempotency_key, created_at, completed_at)
    select ${storeId}, ${storeId} || '-' || i,
           (array['completed', 'completed', 'completed', 'completed', 'completed', 'completed', 'cancelled', 'pending'])[1 + abs(hashint4(i)) % 8],
           'Cliente ' || i, case when i % 3 = 0 then 'delivery' else 'pickup' end,
           0, 'bench-' || i,
           now() - make_interval(secs => (i::float8 / ${count}) * 365 * 86400)
                 - make_interval(hours => abs(hashint4(i + 1)) % 6),
           null
    from generate_series(1, ${count}) i`);
  await db.execute(sql`
    insert into order_lines (store_id, order_id, position, product_id, name, quantity, unit, price)
    select o.store_id, o.id, p, 'prod-' || x.product, 'Producto ' || x.product, 1 + p % 3, 'pieza', 10 + x.product
    from orders o
    cross join generate_series(0, 3) p
    cross join lateral (select abs(hashtext(o.id) + p) % 40 as product) x
    where o.store_id = ${storeId} and p <= abs(hashtext(o.id)) % 4`);
  await db.execute(sql`
    update orders o set total = l.total, completed_at = case when o.status <> 'pending' then o.created_at + interval '20 minutes' end
    from (select order_id, sum(quantity * price) as total from order_lines where store_id = ${storeId} group by order_id) l
    where o.store_id = ${storeId} and o.id = l.order_id`);
}

async function generate(db: Db) {
  console.log(
    `Generating ${ORDERS.toLocaleString()} orders and ${VIEWS.toLocaleString()} page views for one store, and ${OTHER_STORES} other stores with ${OTHER_ORDERS.toLocaleString()} orders each…`,
  );
  const [ms] = await time(async () => {
    await db.execute(
      sql`insert into cities (id, name, state) values ('bench', 'Bench', 'Bench') on conflict do nothing`,
    );
    await db.execute(sql`
      insert into stores (id, city_id, category_id, licence_type)
      select s, 'bench', 'sweets', 'starter'
      from unnest(array[${STORE}]::text[] || array(select 'otra-' || i from generate_series(1, ${OTHER_STORES}) i)) s`);
    await db.execute(sql`
      insert into store_settings (store_id, display_name)
      select id, 'Tienda ' || id from stores where city_id = 'bench'`);
    await generateOrders(db, STORE, ORDERS);
    for (let index = 1; index <= OTHER_STORES; index++)
      await generateOrders(db, `otra-${index}`, OTHER_ORDERS);
    await db.execute(sql`
      insert into analytics_events (name, store_id, created_at)
      select 'view_store_page', case when i % 5 = 0 then 'otra-' || (1 + i % ${OTHER_STORES}) else ${STORE} end,
             now() - make_interval(secs => (i::float8 / ${VIEWS}) * 365 * 86400)
      from generate_series(1, ${VIEWS}) i`);
    await db.execute(sql`vacuum analyze`);
  });
  const lines = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from order_lines where store_id = ${STORE}`,
  );
  console.log(
    `  generated in ${(ms / 1000).toFixed(1)} s (${lines.rows[0]!.n.toLocaleString()} lines in the store)`,
  );
}

async function benchQueries(db: Db) {
  console.log(`\nFigures' queries, in process (${RUNS} runs per period):`);
  for (const period of DASHBOARD_PERIODS) {
    const figures = await loadDashboard(db, STORE, period.id);
    const samples: number[] = [];
    for (let run = 0; run < RUNS; run++)
      samples.push((await time(() => loadDashboard(db, STORE, period.id)))[0]);
    const stats = summary(samples);
    console.log(
      `  ${period.label.padEnd(16)} p50 ${fmt(stats.p50)}  p95 ${fmt(stats.p95)}  max ${fmt(stats.max)}  (${figures.placedOrders.toLocaleString()} orders, ${figures.storeViews.toLocaleString()} views in the period)`,
    );
  }
}

/** BENCH_EXPLAIN=1: the plans of the 30-day statements. */
async function explain({ pool }: ReturnType<typeof connectDatabase>) {
  for (const [name, statement] of Object.entries(dashboardStatements(STORE, "30dias"))) {
    const query = new PgDialect().sqlToQuery(statement);
    const plan = await pool.query(`explain (analyze, buffers) ${query.sql}`, query.params as unknown[]);
    console.log(`\nEXPLAIN ANALYZE, ${name}, 30 days:`);
    for (const row of plan.rows) console.log(`  ${row["QUERY PLAN"]}`);
  }
}

async function benchPage(db: Db, databaseUrl: string) {
  const buildDir = process.env.BUILD_DIR ?? "build";
  if (!existsSync(path.join(ROOT, buildDir, "server", "index.js"))) {
    console.log(`\nPage render: skipped, no server build in ./${buildDir} (run \`npm run build\` first).`);
    return;
  }
  await db.execute(sql`delete from store_owners where store_id = ${STORE}`);
  const owner = await createOwner(db, { storeId: STORE });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "tianguis-bench-server-"));
  const server = await startServerProcess({
    env: {
      DATABASE_URL: databaseUrl,
      DEMO_DATA: "false",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      BUILD_DIR: buildDir,
    },
  });
  try {
    const login = await fetch(`${server.url}/i/login`, {
      method: "POST",
      body: new URLSearchParams({ email: owner.email, password: owner.password }),
      redirect: "manual",
    });
    if (login.status !== 302) throw new Error(`Login answered ${login.status}`);
    const cookie = login.headers
      .getSetCookie()
      .map((value) => value.split(";")[0])
      .join("; ");
    console.log(
      `\nGET /i/admin?tab=resumen (${RUNS} requests per period, full server render incl. HTTP on localhost):`,
    );
    for (const period of DASHBOARD_PERIODS) {
      const url = `${server.url}/i/admin${process.env.BENCH_DATA_ONLY ? ".data" : ""}?tab=resumen&periodo=${period.id}`;
      for (let index = 0; index < 5; index++) await (await fetch(url, { headers: { cookie } })).text();
      const samples: number[] = [];
      for (let index = 0; index < RUNS; index++) {
        const [ms] = await time(async () => {
          const response = await fetch(url, { headers: { cookie, "accept-encoding": "identity" } });
          const body = await response.text();
          if (!response.ok || (!process.env.BENCH_DATA_ONLY && !body.includes("Pedidos por hora del día"))) {
            throw new Error(`GET ${url} answered ${response.status} without the charts`);
          }
        });
        samples.push(ms);
      }
      const stats = summary(samples);
      console.log(
        `  ${period.label.padEnd(16)} median ${fmt(stats.p50)}  p95 ${fmt(stats.p95)}  max ${fmt(stats.max)}  (budget < 100 ms)`,
      );
    }
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const keep = process.env.BENCH_DATA_DIR;
  const dataDir = keep ?? (await mkdtemp(path.join(os.tmpdir(), "tianguis-bench-dashboard-")));
  const embedded = await startEmbeddedPostgres({
    dataDir,
    logger: createLogger("warn"),
    databaseName: "tianguis_bench",
  });
  const connection = connectDatabase(embedded.url, { max: 10 });
  try {
    await runMigrations(embedded.url);
    const existing = await connection.db.execute<{ n: number }>(
      sql`select count(*)::int as n from orders where store_id = ${STORE}`,
    );
    if (existing.rows[0]!.n > 0) console.log("Reusing the generated data in BENCH_DATA_DIR.");
    else await generate(connection.db);
    if (process.env.BENCH_EXPLAIN) await explain(connection);
    await benchQueries(connection.db);
    await benchPage(connection.db, embedded.url);
  } finally {
    await connection.close();
    await embedded.stop();
    if (!keep) await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
