/**
 * Admin panel budgets: a placed order reaches an open pending-orders stream within 1 s
 * (median and worst of 20 printed), and the storefront does not load the admin's JavaScript.
 * Starts the built server (BUILD_DIR honoured) on a fresh embedded PostgreSQL in a temp DATA_DIR,
 * opens the SSE stream as the demo owner and places orders as a shopper would. No asserts.
 *
 *   npm run bench admin-live-orders           (BUILD_DIR=build-x to measure another build)
 */
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { and, eq, isNull, sql } from "drizzle-orm";
import { connectDatabase, createClient } from "~/db/client.server";
import { DEMO_OWNER_EMAIL, DEMO_PASSWORD } from "~/db/demo/demo-marketplace";
import { startEmbeddedPostgres } from "~/db/embedded.server";
import { createOrder } from "~/db/factories.server";
import { products } from "~/db/schema";
import { publishOrderEvent } from "~/domain/orders/order-events.server";
import { createLogger } from "~/lib/logger.server";
import { withDatabase } from "../../tests/support/global-database";
import { signIn } from "../../tests/support/http-server";
import { ROOT, startServerProcess } from "../../tests/support/server-process";
import { inTransaction } from "~/db/after-commit.server";

const STORE_ID = "panaderia-la-espiga";
const ORDERS = 20;
const buildDir = process.env.BUILD_DIR ?? "build";
if (!existsSync(path.join(ROOT, buildDir, "server/index.js"))) {
  console.error(`No build in ${buildDir}/: run \`BUILD_DIR=${buildDir} npm run build\` first.`);
  process.exit(1);
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), "tianguis-bench-admin-"));
const embedded = await startEmbeddedPostgres({
  dataDir,
  logger: createLogger("warn"),
  databaseName: "postgres",
});
const admin = createClient({ connectionString: embedded.url });
await admin.connect();
await admin.query("create database tianguis_bench_admin");
const databaseUrl = withDatabase(embedded.url, "tianguis_bench_admin");
const server = await startServerProcess({
  env: { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, DEMO_DATA: "true", LOG_LEVEL: "warn" },
});
const connection = connectDatabase(databaseUrl, { max: 4 });

try {
  const cookie = await signIn(server.url, DEMO_OWNER_EMAIL, DEMO_PASSWORD);

  // ── Live orders ─────────────────────────────────────────────────────────────────────────────
  const arrivals = new Map<string, number>();
  const waiting = new Map<string, () => void>();
  const abort = new AbortController();
  const stream = await fetch(`${server.url}/i/admin/orders/stream`, {
    headers: { cookie },
    signal: abort.signal,
  });
  if (stream.status !== 200 || !stream.body) throw new Error(`stream answered ${stream.status}`);
  const reader = stream.body.pipeThrough(new TextDecoderStream()).getReader();
  let connected = () => {};
  const ready = new Promise<void>((resolve) => (connected = resolve));
  void (async () => {
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      const at = performance.now();
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const message = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (message.includes(": connected")) connected();
        const type = /^event: (.+)$/m.exec(message)?.[1];
        const data = /^data: (.+)$/m.exec(message)?.[1];
        if (type === "order.created" && data) {
          const orderId = (JSON.parse(data) as { orderId: string }).orderId;
          arrivals.set(orderId, at);
          waiting.get(orderId)?.();
        }
      }
    }
  })();
  await ready;

  const [product] = await connection.db
    .select()
    .from(products)
    .where(
      and(
        eq(products.storeId, STORE_ID),
        eq(products.available, true),
        // Not one whose stock the bakery counts: a bench orders far more than a day's batch.
        isNull(products.stock),
        sql`cardinality(${products.variations}) = 0`,
      ),
    )
    .limit(1);
  if (!product) throw new Error("the demo store has no simple available product");

  const probe = await fetch(`${server.url}/s/${STORE_ID}/api`, {
    method: "POST",
    body: "{}",
    headers: { "content-type": "application/json" },
  });
  const viaStorefront = probe.status !== 404;
  console.log(
    viaStorefront
      ? "orders placed through the storefront's order action (POST /s/<store>/api)"
      : "storefront order action missing: orders inserted through the domain with publishOrderEvent",
  );

  async function place(i: number): Promise<{ orderId: string; started: number }> {
    const started = performance.now();
    if (viaStorefront) {
      const response = await fetch(`${server.url}/s/${STORE_ID}/api`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          intent: "place-order",
          form: {
            customerName: `Cliente ${i}`,
            customerPhone: "",
            deliveryType: "pickup",
            address: "",
            comments: "",
            idempotencyKey: randomUUID(),
            lines: [{ productId: product!.id, variation: "", quantity: 1 }],
          },
        }),
      });
      const body = (await response.json()) as { ok: boolean; order?: { number: string }; message?: string };
      if (!body.ok || !body.order) throw new Error(`order refused: ${body.message}`);
      return { orderId: body.order.number, started };
    }
    const order = await inTransaction(connection.db, async (tx) => {
      const created = await createOrder(tx, STORE_ID, {
        customerName: `Cliente ${i}`,
        lines: [{ productId: product!.id, name: product!.name, price: product!.price, unit: product!.unit }],
      });
      await publishOrderEvent(tx, { type: "order.created", storeId: STORE_ID, orderId: created.id });
      return created;
    });
    return { orderId: order.id, started };
  }

  const latencies: number[] = [];
  for (let i = 0; i < ORDERS; i++) {
    const { orderId, started } = await place(i);
    if (!arrivals.has(orderId)) {
      await Promise.race([
        new Promise<void>((resolve) => waiting.set(orderId, resolve)),
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error(`no event for ${orderId} within 10 s`)), 10_000),
        ),
      ]);
    }
    latencies.push(arrivals.get(orderId)! - started);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  abort.abort();
  const sorted = [...latencies].sort((a, b) => a - b);
  const median = (sorted[(sorted.length - 1) >> 1]! + sorted[sorted.length >> 1]!) / 2;
  console.log(`order placed → event on the owner's stream (${ORDERS} orders, budget 1000 ms):`);
  console.log(
    `  median ${median.toFixed(1)} ms, worst ${sorted.at(-1)!.toFixed(1)} ms, best ${sorted[0]!.toFixed(1)} ms`,
  );

  // ── JavaScript each page loads ──────────────────────────────────────────────────────────────
  async function pageScripts(pathname: string, headers: Record<string, string> = {}) {
    const html = await (await fetch(`${server.url}${pathname}`, { headers })).text();
    const urls = new Set<string>();
    // What the page actually loads: preloaded modules, script tags and the inline imports (not
    // the route manifest, which only names other routes' files).
    const loaded =
      /<link rel="modulepreload" href="([^"]+\.js)"|<script[^>]* src="([^"]+\.js)"|import(?:\s*\*\s*as\s+\w+\s+from\s*|\s*\(\s*|\s+)"(\/assets\/[^"]+\.js)"/g;
    for (const match of html.matchAll(loaded)) {
      const url = match[1] ?? match[2] ?? match[3];
      if (url?.startsWith("/")) urls.add(url);
    }
    let raw = 0;
    let gzip = 0;
    for (const url of urls) {
      const bytes = Buffer.from(await (await fetch(`${server.url}${url}`)).arrayBuffer());
      raw += bytes.length;
      gzip += gzipSync(bytes).length;
    }
    return { urls: [...urls].sort(), raw, gzip };
  }
  const storefront = await pageScripts(`/${STORE_ID}`);
  const adminPage = await pageScripts("/i/admin?tab=ordenes_pendientes", { cookie });
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log("JavaScript referenced by each page (files, raw / gzip):");
  console.log(
    `  storefront /${STORE_ID}: ${storefront.urls.length} files, ${kb(storefront.raw)} / ${kb(storefront.gzip)}`,
  );
  console.log(
    `  admin /i/admin:          ${adminPage.urls.length} files, ${kb(adminPage.raw)} / ${kb(adminPage.gzip)}`,
  );
  const adminOnly = adminPage.urls.filter((url) => !storefront.urls.includes(url));
  // The admin route's own chunk is named after it (admin-<hash>.js); its components live in it.
  const leaked = storefront.urls.filter((url) => /^admin[-.]/.test(path.basename(url)));
  console.log(`  admin-only files: ${adminOnly.map((url) => path.basename(url)).join(", ") || "none"}`);
  console.log(`  admin files loaded by the storefront: ${leaked.length === 0 ? "none" : leaked.join(", ")}`);
} finally {
  await server.stop();
  await connection.close();
  await admin.query("drop database if exists tianguis_bench_admin with (force)").catch(() => {});
  await admin.end();
  await embedded.stop();
  await rm(dataDir, { recursive: true, force: true });
}
