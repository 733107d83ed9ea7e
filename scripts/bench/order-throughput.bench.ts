/**
 * Order placement (docs/decisions/022), in one run on one embedded PostgreSQL:
 * - HTTP: orders/s placed through the storefront's API of the built server (autocannon, 50
 *   connections, every order a new shopper from its own address, spread over 20 stores);
 * - pgbench: the same transaction written as SQL (the idempotency lock; the look-up of the key with
 *   the address's rate limit and the products re-read; the order with its line, its event, its
 *   analytics event, its push and e-mail jobs and the order change), 50 clients — once with both NOTIFYs inside the transaction (how orders
 *   were announced before) and once without them (announced after the commit, as now);
 * - the target: HTTP ≥ 50 % of pgbench's figure for the transaction as the app now runs it, in
 *   pgbench's extended protocol (each statement parsed and planned as it is sent). pgbench's
 *   prepared protocol is printed beside it: the app keeps the plans of the order's statements
 *   (app/db/kept-statement.server.ts), and that figure is the database's own ceiling.
 * The two take turns three times (BENCH_ROUNDS), and their medians are compared.
 * Needs Debian's `pgbench` (package postgresql-client, /usr/lib/postgresql/<n>/bin/pgbench).
 * Prints figures; asserts nothing.
 *
 *   npm run build && npm run bench -- order-throughput
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { connectDatabase } from "~/db/client.server";
import { startEmbeddedPostgres } from "~/db/embedded.server";
import { createOwner, createProduct, createStore } from "~/db/factories.server";
import { runMigrations } from "~/db/migrate.server";
import { createLogger } from "~/lib/logger.server";
import { startServerProcess } from "../../tests/support/server-process";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const STORES = 20;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function findPgbench(): string | null {
  const fromPath = spawnSync("sh", ["-c", "command -v pgbench"], { encoding: "utf8" }).stdout.trim();
  if (fromPath) return fromPath;
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  for (const version of readdirSync(root).sort().reverse()) {
    const candidate = path.join(root, version, "bin", "pgbench");
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

/**
 * The order as SQL, statement for statement what the server sends today for an order in a store
 * without devices or e-mail alerts (decision 022): the look-up of the store and of a replay before
 * the transaction, then the key's lock, one statement for the replay check, the address's limit
 * and the products re-read, and one for the order with its line, first step, analytics event,
 * push and e-mail jobs and the order change. `withNotify` adds the two NOTIFYs inside the transaction, as orders were
 * announced before; without it they go after the commit, outside what pgbench times, as now.
 */
function orderTransaction(withNotify: boolean) {
  return `
\\set s random(1, ${STORES})
\\set n random(1, 2000000000)
SELECT *, (SELECT id FROM orders WHERE store_id = 'bench-' || :s AND idempotency_key = 'k' || :n || '-' || :client_id) FROM stores JOIN store_settings ON store_settings.store_id = stores.id WHERE stores.id = 'bench-' || :s AND stores.closed_at IS NULL;
BEGIN;
SELECT pg_advisory_xact_lock(hashtextextended('bench-' || :s || ':' || :n, 11));
WITH existing AS (SELECT id FROM orders WHERE store_id = 'bench-' || :s AND idempotency_key = 'k' || :n || '-' || :client_id)
SELECT (SELECT id FROM existing),
  CASE WHEN EXISTS (SELECT 1 FROM existing) THEN NULL
    ELSE (SELECT row_to_json(consumed) FROM tianguis_consume_rate_limits(ARRAY['orderPerAddress:' || :n || '-' || :client_id], ARRAY[600000]::bigint[], ARRAY[30], now()) AS consumed) END,
  (SELECT coalesce(json_agg(json_build_object('id', id, 'name', name, 'price', price, 'unit', unit, 'available', available, 'variations', variations, 'quantityStep', quantity_step, 'minQuantity', min_quantity)), '[]'::json)
    FROM products WHERE store_id = 'bench-' || :s AND id = ANY(ARRAY['p' || :s]));
WITH placed AS (
  INSERT INTO orders (store_id, id, status, customer_name, customer_phone, delivery_type, address, comments, total, idempotency_key, delivery_zone, delivery_fee)
  VALUES ('bench-' || :s, 'B' || :n || '-' || :client_id, 'pending', 'Cliente', '', 'pickup', '', '', 25, 'k' || :n || '-' || :client_id, '', 0)
  ON CONFLICT (store_id, idempotency_key) DO NOTHING RETURNING id, created_at
), lines AS (
  INSERT INTO order_lines (store_id, order_id, position, product_id, name, variation, quantity, unit, price)
  SELECT 'bench-' || :s, placed.id, 0, 'p' || :s, 'Concha', '', 1, 'pieza', 25 FROM placed
), history AS (
  INSERT INTO order_events (store_id, order_id, kind) SELECT 'bench-' || :s, placed.id, 'placed' FROM placed
), analytics AS (
  INSERT INTO analytics_events (name, store_id, data) SELECT 'place_order', 'bench-' || :s, '{}' FROM placed
), pushes AS (
  INSERT INTO jobs (kind, payload, run_at)
  SELECT 'push.send', jsonb_build_object('subscriptionId', push_subscriptions.id, 'message', '{}'::jsonb), now()
  FROM push_subscriptions JOIN store_owners ON store_owners.user_id = push_subscriptions.user_id
  WHERE push_subscriptions.store_id = 'bench-' || :s AND store_owners.store_id = 'bench-' || :s AND EXISTS (SELECT 1 FROM placed)
  RETURNING id
), emails AS (
  INSERT INTO jobs (kind, payload, run_at)
  SELECT 'orders.new-order-email', jsonb_build_object('storeId', 'bench-' || :s, 'orderId', 'B' || :n), now()
  WHERE EXISTS (SELECT 1 FROM store_owners WHERE store_id = 'bench-' || :s AND email_new_orders) AND EXISTS (SELECT 1 FROM placed)
  RETURNING id
), changed AS (
  INSERT INTO order_changes (store_id, order_id, type)
  SELECT 'bench-' || :s, 'B' || :n || '-' || :client_id, 'order.created'
  FROM (SELECT pg_advisory_xact_lock(hashtextextended('bench-' || :s, 7))) AS locked
  WHERE EXISTS (SELECT 1 FROM placed)
  RETURNING id
)
SELECT placed.id, placed.created_at, (SELECT id FROM changed), (SELECT count(*) FROM pushes)::int, (SELECT count(*) FROM emails)::int FROM placed;
${withNotify ? "SELECT pg_notify('tianguis_jobs', 'push.send');\nSELECT pg_notify('tianguis_orders', 'bench-' || :s);" : ""}
END;
`;
}

function runPgbench(
  pgbench: string,
  url: string,
  script: string,
  protocol: "extended" | "prepared" = "extended",
) {
  const result = spawnSync(
    pgbench,
    ["-n", "-c", String(CLIENTS), "-j", "2", "-T", String(SECONDS), "-M", protocol, "-f", script, url],
    { encoding: "utf8" },
  );
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(result.stdout)?.[1];
  if (!tps) throw new Error(`pgbench failed:\n${result.stdout}\n${result.stderr}`);
  return Number(tps);
}

const postgresDir = await mkdtemp(path.join(os.tmpdir(), "tianguis-bench-orders-db-"));
const workDir = await mkdtemp(path.join(os.tmpdir(), "tianguis-bench-orders-"));
const embedded = await startEmbeddedPostgres({
  dataDir: postgresDir,
  logger: createLogger("warn"),
  databaseName: "tianguis_bench",
});
const connection = connectDatabase(embedded.url, { max: 4 });
try {
  await runMigrations(embedded.url);
  for (let index = 1; index <= STORES; index++) {
    const store = await createStore(connection.db, {
      id: `bench-${index}`,
      displayName: `Panadería ${index}`,
    });
    await createOwner(connection.db, { storeId: store.id });
    await createProduct(connection.db, store.id, { id: `p${index}`, name: "Concha", price: 25 });
  }
  const pgbench = findPgbench();
  const after = path.join(workDir, "order-after-commit.sql");
  const inside = path.join(workDir, "order-notify-inside.sql");
  await writeFile(after, orderTransaction(false));
  await writeFile(inside, orderTransaction(true));
  if (!pgbench)
    console.log("pgbench: not installed (apt-get install postgresql-client); the comparison is skipped");

  const server = await startServerProcess({
    env: {
      DATABASE_URL: embedded.url,
      DATA_DIR: workDir,
      DEMO_DATA: "false",
      LOG_LEVEL: "warn",
      TRUST_PROXY: "1",
    },
    // BENCH_PROFILE=<dir>: a CPU profile of the server while it takes the orders.
    command: process.env.BENCH_PROFILE
      ? ["node", "--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE}`, "server.js"]
      : undefined,
  });
  // HTTP and pgbench take turns, ROUNDS times each on the same database: one run of either
  // varies by 10-15 % on this machine, and what it runs beside (the server idling) stays the same.
  const httpRates: number[] = [];
  const pgbenchRates: number[] = [];
  let sequence = 0;
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      const result = await autocannon({
        url: server.url,
        connections: CLIENTS,
        duration: SECONDS,
        requests: [
          {
            method: "POST",
            setupRequest: (request) => {
              sequence += 1;
              const store = (sequence % STORES) + 1;
              return {
                ...request,
                path: `/s/bench-${store}/api`,
                headers: {
                  "content-type": "application/json",
                  // Every order a different shopper: the per-address limit is not what is measured.
                  "x-forwarded-for": `10.${(sequence >> 16) & 255}.${(sequence >> 8) & 255}.${sequence & 255}`,
                },
                body: JSON.stringify({
                  intent: "place-order",
                  form: {
                    customerName: "Cliente de prueba",
                    customerPhone: "",
                    deliveryType: "pickup",
                    address: "",
                    comments: "",
                    idempotencyKey: `bench-${process.pid}-${sequence}`,
                    lines: [{ productId: `p${store}`, variation: "", quantity: 1 }],
                  },
                }),
              };
            },
          },
        ],
      });
      httpRates.push(result.requests.average);
      const refused = result.non2xx + result.errors;
      let line =
        `round ${round}: HTTP ${result.requests.average.toFixed(0)} orders/s through the storefront API ` +
        `(p99 ${result.latency.p99} ms, ${CLIENTS} connections, ${SECONDS} s${refused ? `, ${refused} not placed` : ""})`;
      if (pgbench) {
        pgbenchRates.push(runPgbench(pgbench, embedded.url, after));
        line += `; pgbench ${pgbenchRates.at(-1)!.toFixed(0)} tps`;
      }
      console.log(line);
    }
  } finally {
    await server.stop();
  }

  const httpRate = median(httpRates);
  console.log(
    `HTTP: ${httpRate.toFixed(0)} orders/s placed through the storefront API (median of ${ROUNDS})`,
  );
  if (pgbench) {
    const afterTps = median(pgbenchRates);
    const insideTps = runPgbench(pgbench, embedded.url, inside);
    console.log(
      `pgbench, the same transaction: ${afterTps.toFixed(0)} tps with the NOTIFYs after the commit (as now, median of ${ROUNDS}); ` +
        `${insideTps.toFixed(0)} tps with them inside the transaction (as before)`,
    );
    const preparedTps = runPgbench(pgbench, embedded.url, after, "prepared");
    console.log(`pgbench, the same transaction prepared once per connection: ${preparedTps.toFixed(0)} tps`);
    const ratio = httpRate / afterTps;
    console.log(`HTTP ÷ pgbench = ${(ratio * 100).toFixed(0)} % — target ≥ 50 % ${ratio >= 0.5 ? "✓" : "✗"}`);
    console.log(`HTTP ÷ pgbench prepared = ${((httpRate / preparedTps) * 100).toFixed(0)} %`);
  }
} finally {
  await connection.close();
  await embedded.stop();
  await rm(postgresDir, { recursive: true, force: true });
  await rm(workDir, { recursive: true, force: true });
}
