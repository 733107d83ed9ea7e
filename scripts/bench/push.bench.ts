/**
 * Push latency: an order placed over HTTP → the encrypted push request received by a
 * local HTTPS push service. The built server runs on a fresh embedded PostgreSQL with one owner's
 * device subscribed; 50 orders one after another; median and worst printed. No asserts.
 *
 *   npm run bench -- push
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { connectDatabase, createClient } from "~/db/client.server";
import { startEmbeddedPostgres } from "~/db/embedded.server";
import { createOwner, createProduct, createStore } from "~/db/factories.server";
import { runMigrations } from "~/db/migrate.server";
import { saveSubscription } from "~/domain/push/push.server";
import { createLogger } from "~/lib/logger.server";
import { withDatabase } from "../../tests/support/global-database";
import { startPushEndpoint } from "../../tests/support/push-endpoint";
import { startServerProcess } from "../../tests/support/server-process";

const ORDERS = 50;
const dataDir = await mkdtemp(path.join(os.tmpdir(), "tianguis-bench-push-"));
const embedded = await startEmbeddedPostgres({
  dataDir,
  logger: createLogger("warn"),
  databaseName: "postgres",
});
const admin = createClient({ connectionString: embedded.url });
await admin.connect();
await admin.query("create database tianguis_bench_push");
await admin.end();
const databaseUrl = withDatabase(embedded.url, "tianguis_bench_push");
await runMigrations(databaseUrl);
const connection = connectDatabase(databaseUrl, { max: 4 });
const { db } = connection;
const endpoint = await startPushEndpoint();
const store = await createStore(db, { settings: { allowPickup: true } });
const owner = await createOwner(db, { storeId: store.id });
const product = await createProduct(db, store.id, { name: "Tamal", price: 24.5 });
const device = endpoint.subscribe();
await saveSubscription(db, owner.id, store.id, { ...device, device: "bench" }, [
  { host: "localhost", subdomains: false, port: Number(new URL(endpoint.url).port), listed: true },
]);
const server = await startServerProcess({
  env: {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    DEMO_DATA: "false",
    LOG_LEVEL: "warn",
    TRUST_PROXY: "1",
    NODE_EXTRA_CA_CERTS: endpoint.caFile,
    PUSH_SERVICE_HOSTS: endpoint.host,
  },
});

try {
  const times: number[] = [];
  for (let i = 0; i < ORDERS; i++) {
    const before = endpoint.delivered.length;
    const started = performance.now();
    const response = await fetch(`${server.url}/s/${store.id}/api`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": `198.18.${i >> 8}.${(i % 250) + 1}` },
      body: JSON.stringify({
        intent: "place-order",
        form: {
          customerName: "Ana",
          customerPhone: "",
          deliveryType: "pickup",
          address: "",
          comments: "",
          idempotencyKey: `bench-${randomBytes(8).toString("hex")}`,
          lines: [{ productId: product.id, variation: "", quantity: 1 }],
        },
      }),
    });
    if (!response.ok) throw new Error(`order ${i} failed with ${response.status}`);
    await endpoint.waitFor(before + 1);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const median = (times[(times.length - 1) >> 1]! + times[times.length >> 1]!) / 2;
  console.log(
    `Order placed → encrypted push received (${ORDERS} orders): median ${median.toFixed(1)} ms, worst ${times.at(-1)!.toFixed(1)} ms`,
  );
} finally {
  await server.stop();
  await endpoint.close();
  await connection.close();
  await embedded.stop();
  await rm(dataDir, { recursive: true, force: true });
}
