/**
 * Operations through real processes: SIGTERM with requests in flight (to the server and to `npm start`)
 * finishes them and shuts the embedded PostgreSQL down cleanly; a killed postgres is restarted and
 * live orders flow again; a stopped one does not hang /healthz; /metrics counts and is guarded.
 */
import { describe, expect, it } from "vitest";
import { createClient } from "~/db/client.server";
import { ORDER_LISTENER_APPLICATION_NAME } from "~/domain/orders/order-events.server";
import { createTestDatabase, describeOnOwnCluster } from "../support/database";
import { signIn } from "../support/http-server";
import { childrenOf, embeddedCluster as cluster, exited, processTestKit, shopIn } from "../support/processes";
import { postOrder } from "../support/shopper";

const { newDataDir, start: startWith } = processTestKit("ops");
const start = (dataDir: string, command?: [string, ...string[]], env: Record<string, string> = {}) =>
  startWith(dataDir, { command, env });

async function expectCleanRestart(dataDir: string) {
  const next = await start(dataDir);
  await expect.poll(() => next.output()).toContain("database system was shut down at");
  expect(next.output()).not.toContain("not properly shut down");
  expect(next.output()).not.toContain("automatic recovery in progress");
  await next.stop();
}

describeOnOwnCluster("graceful shutdown", () => {
  it.each([
    ["the server (one process)", undefined, "1"],
    ["npm start with 2 workers", ["npm", "start"] as [string, ...string[]], "2"],
  ])(
    "SIGTERM to %s with 20 orders in flight: all 20 answered 200, exit 0, a clean restart",
    { timeout: 180_000 },
    async (name, command, workers) => {
      const dataDir = await newDataDir();
      // A connection for every order, so that all 20 can be seen waiting for the lock.
      const server = await start(dataDir, command, { WEB_CONCURRENCY: workers, DB_POOL_MAX: "24" });
      const { url } = await cluster(dataDir);
      const shop = await shopIn(url);
      // Hold the store's order lock, so that the 20 orders are surely in flight when SIGTERM arrives.
      const blocker = createClient({ connectionString: url });
      await blocker.connect();
      await blocker.query("begin");
      await blocker.query("select pg_advisory_xact_lock(hashtextextended($1, 7))", [shop.storeId]);
      const orders = Array.from({ length: 20 }, () => postOrder(server.url, shop));
      await expect
        .poll(
          async () =>
            (
              await blocker.query<{ waiting: number }>(
                "select count(*)::int as waiting from pg_locks where locktype = 'advisory' and not granted",
              )
            ).rows[0].waiting,
          { timeout: 30_000, interval: 100 },
        )
        .toBe(20);
      const exit = exited(server);
      const signalled = Date.now();
      // To the one process the supervisor knows: `npm` itself for npm start, not its group.
      process.kill(server.child.pid!, "SIGTERM");
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await blocker.query("commit");
      await blocker.end();
      const answers = await Promise.all(orders);
      expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
      expect(await exit).toBe(0);
      const exitSeconds = (Date.now() - signalled) / 1000;
      expect(server.output()).toMatch(/"msg":"Tianguis stopped","ms":\d+/);
      const stoppedMs = /"msg":"Tianguis stopped","ms":(\d+)/.exec(server.output())![1];
      console.info(
        `[figures] SIGTERM to ${name}: ${answers.filter((a) => a.status === 200).length}/20 answered 200, ` +
          `exit 0 after ${exitSeconds.toFixed(1)} s ("Tianguis stopped" in ${stoppedMs} ms, 1 s of it held by the test)`,
      );
      expect(server.output()).not.toMatch(/unhandled|uncaught/i);
      await expectCleanRestart(dataDir);
    },
  );
});

describeOnOwnCluster("a watched database", () => {
  it(
    "kill -9 of postgres: restarted, /healthz back to 200, a new order placed and streamed live",
    { timeout: 120_000 },
    async () => {
      const dataDir = await newDataDir();
      const server = await start(dataDir);
      const before = await cluster(dataDir);
      const shop = await shopIn(before.url);
      const cookie = await signIn(server.url, shop.owner.email, shop.owner.password);
      const stream = await fetch(`${server.url}/i/admin/orders/stream`, { headers: { cookie } });
      const reader = stream.body!.getReader();
      const decoder = new TextDecoder();
      let received = "";
      const reading = (async () => {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          received += decoder.decode(value);
        }
      })();

      const killed = Date.now();
      process.kill(before.pid, "SIGKILL");
      await expect
        .poll(() => server.output(), { timeout: 10_000 })
        .toContain("embedded postgres stopped unexpectedly");
      await expect
        .poll(async () => (await fetch(`${server.url}/healthz`)).status, { timeout: 60_000, interval: 250 })
        .toBe(200);
      const healthySeconds = (Date.now() - killed) / 1000;
      expect(server.output()).toContain("embedded postgres restarted");
      expect((await cluster(dataDir)).pid).not.toBe(before.pid);

      const order = await postOrder(server.url, shop);
      expect(order.status).toBe(200);
      await expect.poll(() => received, { timeout: 15_000 }).toContain("event: order.created");
      console.info(
        `[figures] kill -9 of postgres: /healthz 200 again after ${healthySeconds.toFixed(1)} s; ` +
          `the next order streamed to the panel opened before the kill`,
      );
      await reader.cancel();
      await reading.catch(() => {});
    },
  );

  it(
    "a stopped postgres (SIGSTOP): /healthz and /readyz still answer within a second, 503",
    { timeout: 60_000 },
    async () => {
      const dataDir = await newDataDir();
      const server = await start(dataDir);
      const { pid } = await cluster(dataDir);
      // The postmaster and every backend: a database that hangs, connections open or not. The
      // postmaster first: stopped, it starts no new backend.
      process.kill(pid, "SIGSTOP");
      // Then its children, listed again until no new one shows: a backend the postmaster was
      // forking as it stopped appears a moment later, and one left running answers every probe.
      const frozen = [pid];
      for (let found = await childrenOf(pid); found.length > 0;) {
        for (const each of found) process.kill(each, "SIGSTOP");
        frozen.push(...found);
        found = (await childrenOf(pid)).filter((each) => !frozen.includes(each));
      }
      try {
        const timings: string[] = [];
        for (const path of ["/healthz", "/readyz"]) {
          // Each answer comes within the bound. An answer that came back just before the freeze
          // counts as the database answering for a quarter of a second (a busy pool is not a
          // dead one, app/db/health.server.ts), so the answers must turn to 503 after that.
          let status = 0;
          let ms = 0;
          const deadline = Date.now() + 3_000;
          while (status !== 503 && Date.now() < deadline) {
            if (status !== 0) await new Promise((resolve) => setTimeout(resolve, 100));
            const started = Date.now();
            status = (await fetch(`${server.url}${path}`)).status;
            ms = Date.now() - started;
            expect(ms, path).toBeLessThan(1_500);
          }
          expect(status, path).toBe(503);
          timings.push(`${path} 503 in ${ms} ms`);
        }
        console.info(`[figures] SIGSTOP of postgres: ${timings.join(", ")}`);
        const ready = (await (await fetch(`${server.url}/readyz`)).json()) as Record<string, unknown>;
        expect(ready).toMatchObject({ ready: false, database: false });
      } finally {
        for (const each of frozen) process.kill(each, "SIGCONT");
      }
      await expect
        .poll(async () => (await fetch(`${server.url}/readyz`)).status, { timeout: 10_000 })
        .toBe(200);
    },
  );
});

describe("a lost order listener", () => {
  it(
    "/healthz and /readyz say so while only the LISTEN connection is down, and recover with it",
    { timeout: 60_000 },
    async () => {
      const { url: databaseUrl } = await createTestDatabase();
      const server = await start(await newDataDir(), undefined, { DATABASE_URL: databaseUrl });
      const admin = createClient({ connectionString: databaseUrl });
      await admin.connect();
      const health = async () => {
        const response = await fetch(`${server.url}/healthz`);
        return `${response.status} ${await response.text()}`;
      };
      const ready = async () => (await fetch(`${server.url}/readyz`)).json();
      // The listener reconnects within a quarter of a second: its backend is terminated again and
      // again, by its name, while every other connection of the server stays up.
      let holding = true;
      let terminated = 0;
      const hold = (async () => {
        while (holding) {
          const { rows } = await admin.query(
            "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = $1",
            [ORDER_LISTENER_APPLICATION_NAME],
          );
          terminated += rows.length;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
      try {
        await expect.poll(health).toBe("503 order listener unavailable");
        await expect
          .poll(ready)
          .toMatchObject({ ready: false, database: true, listener: false, jobs: true, shuttingDown: false });
      } finally {
        holding = false;
        await hold;
      }
      expect(terminated).toBeGreaterThan(0);
      await expect.poll(health).toBe("200 ok");
      // Ready too: its own database probe may run past its 200 ms bound once on a loaded machine.
      await expect.poll(ready).toMatchObject({ ready: true, database: true, listener: true });
      await admin.end();
    },
  );
});

describe("metrics", () => {
  it("counts an order placed and the requests made; only the allowed addresses may read them", async () => {
    const { url: databaseUrl } = await createTestDatabase();
    const shop = await shopIn(databaseUrl);
    const dataDir = await newDataDir();
    const server = await start(dataDir, undefined, { DATABASE_URL: databaseUrl });
    const metrics = async () => (await fetch(`${server.url}/metrics`)).text();
    const value = (text: string, pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? 0);
    const first = await metrics();
    expect((await postOrder(server.url, shop)).status).toBe(200);
    await fetch(`${server.url}/${shop.storeId}`);
    const second = await metrics();
    expect(
      value(second, /^tianguis_orders_placed_total (\d+)/m) -
        value(first, /^tianguis_orders_placed_total (\d+)/m),
    ).toBe(1);
    expect(
      value(
        second,
        /^tianguis_http_requests_total\{method="POST",route="\/s\/:storeId\/api",status="200"\} (\d+)/m,
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(second).toMatch(
      /^tianguis_http_requests_total\{method="GET",route="\/:storeId",status="200"\} \d+/m,
    );
    expect(second).toContain("tianguis_db_pool_connections");
    expect(second).toContain("tianguis_process_resident_memory_bytes");

    const guarded = await start(await newDataDir(), undefined, {
      DATABASE_URL: databaseUrl,
      METRICS_ALLOW: "203.0.113.1",
    });
    const refused = await fetch(`${guarded.url}/metrics`, { headers: { "X-Forwarded-For": "203.0.113.1" } });
    expect(refused.status).toBe(403);
  });
});
