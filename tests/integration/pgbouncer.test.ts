/**
 * Tianguis behind PgBouncer in transaction pooling mode (docs/decisions/026): a built server whose
 * DATABASE_URL is a real PgBouncer sharing 3 server connections, and whose DATABASE_DIRECT_URL goes
 * straight to PostgreSQL for what needs a session (LISTEN, the migrations' lock). Orders placed at
 * once reach the owner's live stream, their jobs run, public pages are kept and renewed after a
 * write, sign-in works, and nothing on the pool relied on a session: no prepared-statement error,
 * and the LISTEN connections of each worker, a primary's too, are PostgreSQL's own.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { createClient } from "~/db/client.server";
import { createOwner, createProduct, createStore } from "~/db/factories.server";
import { jobs, products, storeOwners } from "~/db/schema";
import { NEW_ORDER_EMAIL_JOB } from "~/domain/orders/new-order-mail.server";
import { LISTENER_APPLICATION_NAME } from "~/db/listen.server";
import { createTestDatabase } from "../support/database";
import { signIn, useServerProcess } from "../support/http-server";
import { openOrderStream } from "../support/order-stream";
import { startPgBouncer } from "../support/pgbouncer";
import { startServerProcess } from "../support/server-process";
import { postOrder } from "../support/shopper";
import { clearOfMinuteTurn, untilKept, untilShown } from "../support/kept-pages";

const POOL_SIZE = 3;
const ORDERS = 12;

const { db, url: directUrl } = await createTestDatabase();
const database = new URL(directUrl).pathname.slice(1);
const bouncer = await startPgBouncer(directUrl, { poolSize: POOL_SIZE });
afterAll(() => bouncer.stop());
// The server's pool (DB_POOL_MAX 6) is PgBouncer's client, and shares its 3 server connections.
const running = useServerProcess(bouncer.url, { DATABASE_DIRECT_URL: directUrl });

let shop: { storeId: string; productId: string };
let owner: { email: string; password: string };

beforeAll(async () => {
  const store = await createStore(db, { settings: { allowPickup: true } });
  const product = await createProduct(db, store.id, { name: "Concha", price: 14 });
  const created = await createOwner(db, { storeId: store.id });
  // The owner asked for an e-mail per order: each order queues a job for the worker.
  await db.update(storeOwners).set({ emailNewOrders: true }).where(eq(storeOwners.userId, created.id));
  shop = { storeId: store.id, productId: product.id };
  owner = created;
});

async function get(path: string) {
  const response = await fetch(`${running.server.url}${path}`, { redirect: "manual" });
  return {
    status: response.status,
    cache: response.headers.get("x-tianguis-cache"),
    html: await response.text(),
  };
}

describe("Tianguis through PgBouncer in transaction mode", () => {
  it("takes orders placed at once, and the owner's live stream sees each", { timeout: 60_000 }, async () => {
    const cookie = await signIn(running.server.url, owner.email, owner.password);
    const stream = openOrderStream(running.server.url, cookie);
    try {
      await stream.until(() => stream.connections === 1, 10_000, "the owner's stream");
      // Anonymous visitors at the same time: the pages' version reads share the pool with the orders.
      const [answers] = await Promise.all([
        Promise.all(Array.from({ length: ORDERS }, () => postOrder(running.server.url, shop))),
        Promise.all(Array.from({ length: ORDERS }, () => get(`/${shop.storeId}`))),
      ]);
      const numbers: string[] = [];
      for (const answer of answers) {
        const body = (await answer.json()) as { ok: boolean; order?: { number: string }; message?: string };
        expect(body, body.message).toMatchObject({ ok: true });
        numbers.push(body.order!.number);
      }
      await stream.until(
        () => numbers.every((number) => stream.createdOrders().includes(number)),
        15_000,
        "every order on the live stream",
      );
      expect(stream.createdOrders().filter((number) => numbers.includes(number))).toHaveLength(ORDERS);
    } finally {
      stream.close();
    }
  });

  it("runs the jobs the orders queued", { timeout: 30_000 }, async () => {
    const done = async () =>
      (
        await db
          .select({ id: jobs.id })
          .from(jobs)
          .where(and(eq(jobs.kind, NEW_ORDER_EMAIL_JOB), isNotNull(jobs.doneAt)))
      ).length;
    const deadline = Date.now() + 20_000;
    while ((await done()) < ORDERS && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await done()).toBe(ORDERS);
  });

  it(
    "keeps a store page in memory, and renders it afresh after each write",
    { timeout: 60_000 },
    async () => {
      for (let round = 0; round < 4; round++) {
        await clearOfMinuteTurn();
        const name = `Concha de la hornada ${round}`;
        // Written straight to PostgreSQL: the trigger bumps the page's version and announces it; the
        // server shows it within the bound of versions kept in memory (docs/decisions/051).
        await db.update(products).set({ name }).where(eq(products.id, shop.productId));
        const fresh = await untilShown(running.server.url, `/${shop.storeId}`, (page) =>
          page.html.includes(name),
        );
        expect(fresh.status).toBe(200);
        expect(fresh.cache).toBe("MISS");
        await untilKept(running.server.url, `/${shop.storeId}`);
        // Several visitors at once, on several of the pool's connections.
        const kept = await Promise.all(Array.from({ length: 6 }, () => get(`/${shop.storeId}`)));
        for (const page of kept) {
          expect(page.status).toBe(200);
          expect(page.cache).toBe("HIT");
          expect(page.html).toContain(name);
        }
      }
    },
  );

  it("shares PgBouncer's few server connections, keeps LISTEN off it, and no prepared-statement error", async () => {
    const admin = createClient({ connectionString: bouncer.adminUrl });
    await admin.connect();
    try {
      const { rows: servers } = await admin.query<{ database: string }>("SHOW SERVERS");
      const ours = servers.filter((server) => server.database === database);
      expect(ours.length).toBeGreaterThan(0);
      expect(ours.length).toBeLessThanOrEqual(POOL_SIZE);
      const { rows: clients } = await admin.query<{ database: string; application_name: string }>(
        "SHOW CLIENTS",
      );
      expect(clients.filter((client) => client.application_name === LISTENER_APPLICATION_NAME)).toEqual([]);
    } finally {
      await admin.end();
    }
    // The listener's (live orders and page versions) and the job worker's, each a session of its own.
    expect(await listeners()).toBe(2);
    const ready = (await (await fetch(`${running.server.url}/readyz`)).json()) as Record<string, unknown>;
    expect(ready.connections).toEqual({
      workers: 1,
      pool: 6,
      perWorker: 2,
      instance: 2,
      pooler: { clients: 6 },
    });
    const preparedStatementErrors = (log: string) =>
      log.split("\n").filter((line) => /prepared statement/i.test(line));
    expect(preparedStatementErrors(running.server.output())).toEqual([]);
    expect(preparedStatementErrors(bouncer.output())).toEqual([]);
  });

  it(
    "a primary prepares the database on the direct URL and gives both URLs to its workers",
    { timeout: 60_000 },
    async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), "tianguis-pgbouncer-workers-"));
      onTestFinished(() => rm(dataDir, { recursive: true, force: true }));
      const before = await listeners();
      const server = await startServerProcess({
        env: {
          DATABASE_URL: bouncer.url,
          DATABASE_DIRECT_URL: directUrl,
          DATA_DIR: dataDir,
          DEMO_DATA: "false",
          LOG_LEVEL: "warn",
          WEB_CONCURRENCY: "2",
        },
      });
      onTestFinished(async () => {
        await server.stop();
      });
      const ready = (await (await fetch(`${server.url}/readyz`)).json()) as Record<string, unknown>;
      expect(ready.connections).toEqual({
        workers: 2,
        pool: 6,
        perWorker: 2,
        instance: 4,
        pooler: { clients: 12 },
      });
      // Each worker's two LISTEN connections, straight to PostgreSQL.
      const deadline = Date.now() + 15_000;
      while ((await listeners()) < before + 4 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await listeners()).toBe(before + 4);
      const placed = await postOrder(server.url, shop);
      expect(((await placed.json()) as { ok: boolean }).ok).toBe(true);
    },
  );
});

describe("a configuration that cannot reach production half-working", () => {
  it("refuses to start on PgBouncer without DATABASE_DIRECT_URL, and says what to set", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "tianguis-pgbouncer-alone-"));
    onTestFinished(() => rm(dataDir, { recursive: true, force: true }));
    const refused = await startServerProcess({
      env: { DATABASE_URL: bouncer.url, DATA_DIR: dataDir, DEMO_DATA: "false", LOG_LEVEL: "warn" },
    }).then(
      (server) => server.stop().then(() => "started"),
      (error: unknown) => String(error),
    );
    expect(refused).toMatch(/Server exited with 1/);
    expect(refused).toContain("connection pooler");
    expect(refused).toContain("Set DATABASE_DIRECT_URL to PostgreSQL itself");
  });
});

describe("health under load", () => {
  it(
    "answers 200 polls of /healthz and of /readyz with 200, behind PgBouncer, during a flood of 404s",
    {
      timeout: 60_000,
    },
    async () => {
      let flooding = true;
      let floodAnswers = 0;
      // Four visitors asking for addresses nobody has, as fast as the server answers them.
      const flood = Array.from({ length: 4 }, async (_, visitor) => {
        for (let i = 0; flooding; i++) {
          const answer = await fetch(`${running.server.url}/i/nada-${visitor}-${i}`);
          await answer.arrayBuffer();
          expect(answer.status).toBe(404);
          floodAnswers++;
        }
      });
      const statuses: Record<string, number[]> = { "/healthz": [], "/readyz": [] };
      try {
        for (let poll = 0; poll < 200; poll++) {
          for (const probe of ["/healthz", "/readyz"]) {
            const answer = await fetch(`${running.server.url}${probe}`);
            await answer.arrayBuffer();
            statuses[probe]!.push(answer.status);
          }
        }
      } finally {
        flooding = false;
        await Promise.all(flood);
      }
      console.info(
        `[figures] 200 polls each of /healthz and /readyz during ${floodAnswers} 404s, behind PgBouncer`,
      );
      expect(floodAnswers).toBeGreaterThan(200);
      expect(statuses["/healthz"]!.filter((status) => status !== 200)).toEqual([]);
      expect(statuses["/readyz"]!.filter((status) => status !== 200)).toEqual([]);
    },
  );
});

/** Backends of the test's database that LISTEN (by name, or by their last statement), on PostgreSQL itself. */
async function listeners() {
  const { rows } = await db.execute<{ count: number }>(
    sql`select count(*)::int as count from pg_stat_activity where datname = ${database}
        and (application_name = ${LISTENER_APPLICATION_NAME} or query ilike 'listen tianguis_%')`,
  );
  return rows[0]!.count;
}
