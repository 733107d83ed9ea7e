/**
 * Operations through real processes: a killed postgres is restarted and live orders flow again; a
 * stopped one makes /readyz say so and an order answer 503 within the statement bound; /metrics is one
 * set for the instance and guarded; a worker that keeps dying is replaced after growing pauses.
 * Stopping the server is in shutdown.test.ts.
 */
import { spawn } from "node:child_process";
import { writeFile } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createClient } from "~/db/client.server";
import { LISTENER_APPLICATION_NAME } from "~/db/listen.server";
import { createTestDatabase, describeOnOwnCluster } from "../support/database";
import { signIn } from "../support/http-server";
import { clearOfMinuteTurn, getPage } from "../support/kept-pages";
import { childrenOf, embeddedCluster as cluster, processTestKit, shopIn } from "../support/processes";
import { ROOT } from "../support/server-process";
import { postOrder } from "../support/shopper";

const { newDataDir, start: startWith } = processTestKit("ops");
const start = (dataDir: string, command?: [string, ...string[]], env: Record<string, string> = {}) =>
  startWith(dataDir, { command, env });

describeOnOwnCluster("a watched database", () => {
  it(
    "kill -9 of postgres: restarted, /readyz back to 200, a new order placed and streamed live",
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
        .poll(async () => (await fetch(`${server.url}/readyz`)).status, { timeout: 60_000, interval: 250 })
        .toBe(200);
      const healthySeconds = (Date.now() - killed) / 1000;
      expect(server.output()).toContain("embedded postgres restarted");
      expect((await cluster(dataDir)).pid).not.toBe(before.pid);

      const order = await postOrder(server.url, shop);
      expect(order.status).toBe(200);
      await expect.poll(() => received, { timeout: 15_000 }).toContain("event: order.created");
      console.info(
        `[figures] kill -9 of postgres: /readyz 200 again after ${healthySeconds.toFixed(1)} s; ` +
          `the next order streamed to the panel opened before the kill`,
      );
      await reader.cancel();
      await reading.catch(() => {});
    },
  );

  it(
    "a stopped postgres (SIGSTOP): /readyz says so within its bound, /healthz stays alive, an order answers 503 within the statement bound",
    { timeout: 60_000 },
    async () => {
      const dataDir = await newDataDir();
      const server = await start(dataDir, undefined, { DB_STATEMENT_TIMEOUT_SECONDS: "2" });
      const { pid, url } = await cluster(dataDir);
      const shop = await shopIn(url);
      // The pool holds connections already open: the order's statements go to a database that
      // has its socket and never answers, not to one that refuses a new connection.
      expect((await postOrder(server.url, shop)).status).toBe(200);
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
        const orderStarted = Date.now();
        const order = await postOrder(server.url, shop);
        const orderSeconds = (Date.now() - orderStarted) / 1000;
        expect(order.status).toBe(503);
        expect(order.headers.get("retry-after")).toBe("5");
        // Two seconds for the statement, and the rest of a loaded machine's lag; never the freeze's length.
        expect(orderSeconds).toBeLessThan(6);

        // Readiness turns within its bound: an answer that came back just before the freeze counts
        // as the database answering for a second (app/db/health.server.ts), so it turns after that.
        let status = 0;
        let ms = 0;
        const deadline = Date.now() + 5_000;
        while (status !== 503 && Date.now() < deadline) {
          if (status !== 0) await new Promise((resolve) => setTimeout(resolve, 100));
          const started = Date.now();
          status = (await fetch(`${server.url}/readyz`)).status;
          ms = Date.now() - started;
          expect(ms).toBeLessThan(2_500);
        }
        expect(status).toBe(503);
        const ready = (await (await fetch(`${server.url}/readyz`)).json()) as Record<string, unknown>;
        expect(ready).toMatchObject({ ready: false, database: false });
        // Alive all the same: restarting the process would not bring the database back.
        const alive = await fetch(`${server.url}/healthz`);
        expect(`${alive.status} ${await alive.text()}`).toBe("200 ok");
        console.info(
          `[figures] SIGSTOP of postgres: an order answered 503 in ${orderSeconds.toFixed(1)} s ` +
            `(statement bound 2 s), /readyz 503 in ${ms} ms, /healthz 200`,
        );
      } finally {
        for (const each of frozen) process.kill(each, "SIGCONT");
      }
      await expect
        .poll(async () => (await fetch(`${server.url}/readyz`)).status, { timeout: 10_000 })
        .toBe(200);
      expect((await postOrder(server.url, shop)).status).toBe(200);
    },
  );
});

describe("a lost database listener", () => {
  it(
    "/readyz says so while only the LISTEN connection is down (kept pages checked against the database meanwhile), and recovers with it; /healthz stays alive",
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
            [LISTENER_APPLICATION_NAME],
          );
          terminated += rows.length;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
      try {
        await expect.poll(ready).toMatchObject({
          ready: false,
          database: true,
          listener: false,
          pageVersions: "database",
          jobs: true,
          shuttingDown: false,
        });
        expect(await health()).toBe("200 ok");
      } finally {
        holding = false;
        await hold;
      }
      expect(terminated).toBeGreaterThan(0);
      await expect.poll(health).toBe("200 ok");
      // Ready too: its own database probe may run past its 200 ms bound once on a loaded machine.
      await expect
        .poll(ready)
        .toMatchObject({ ready: true, database: true, listener: true, pageVersions: "memory" });
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

describe("the request log", () => {
  it("a page from memory: one line per answer with the id it sent, and each counted in the metrics", async () => {
    const { url: databaseUrl } = await createTestDatabase();
    const shop = await shopIn(databaseUrl);
    const server = await start(await newDataDir(), undefined, { DATABASE_URL: databaseUrl });
    const page = `${server.url}/${shop.storeId}`;
    const counted = async () => {
      const text = await (await fetch(`${server.url}/metrics`)).text();
      const count = (labels: string) =>
        Number(new RegExp(`^tianguis_http_requests_total\\{${labels}\\} (\\d+)`, "m").exec(text)?.[1] ?? 0);
      return {
        ok: count('method="GET",route="/:storeId",status="200"'),
        head: count('method="HEAD",route="/:storeId",status="200"'),
        unchanged: count('method="GET",route="/:storeId",status="304"'),
      };
    };
    await clearOfMinuteTurn(15_000);
    const { etag } = await getPage(server.url, `/${shop.storeId}`);
    const before = await counted();
    const ids = Array.from({ length: 20 }, (_, n) => `kept-${n}`);
    const answers = await Promise.all([
      ...ids.map((id) => fetch(page, { headers: { "x-request-id": id } })),
      fetch(page, { method: "HEAD", headers: { "x-request-id": "kept-head" } }),
      fetch(page, { headers: { "x-request-id": "kept-304", "if-none-match": etag! } }),
    ]);
    expect(answers.map((answer) => answer.headers.get("x-tianguis-cache"))).toEqual(
      ids.map(() => "HIT").concat("HIT", "HIT"),
    );
    expect(answers.map((answer) => answer.headers.get("x-request-id"))).toEqual([
      ...ids,
      "kept-head",
      "kept-304",
    ]);
    type Line = { msg: string; requestId?: string; method: string; path: string; status: number; ms: number };
    const lines = () =>
      server
        .output()
        .split("\n")
        .filter((line) => line.includes('"msg":"request"') && line.includes('"requestId":"kept-'))
        .map((line) => JSON.parse(line) as Line);
    await expect.poll(() => lines().length).toBe(22);
    const byId = new Map(lines().map((line) => [line.requestId, line]));
    expect([...byId.keys()].sort()).toEqual([...ids, "kept-head", "kept-304"].sort());
    for (const id of ids) {
      const { method, path: logged, status, ms } = byId.get(id)!;
      expect({ method, logged, status }).toEqual({ method: "GET", logged: `/${shop.storeId}`, status: 200 });
      expect(ms).toBeGreaterThanOrEqual(0);
    }
    expect(byId.get("kept-head")).toMatchObject({ method: "HEAD", status: 200 });
    expect(byId.get("kept-304")).toMatchObject({ method: "GET", status: 304 });
    const after = await counted();
    expect({
      ok: after.ok - before.ok,
      head: after.head - before.head,
      unchanged: after.unchanged - before.unchanged,
    }).toEqual({ ok: 20, head: 1, unchanged: 1 });
  });
});

describe("metrics of an instance with workers", () => {
  it(
    "are one set whichever worker answers: scrapes never go backwards, not even past a killed worker",
    // Two workers started, one killed and replaced, 50 requests on new connections: on a loaded
    // machine that took over 90 s.
    { timeout: 180_000 },
    async () => {
      const { url: databaseUrl } = await createTestDatabase();
      const shop = await shopIn(databaseUrl);
      const server = await start(await newDataDir(), undefined, {
        DATABASE_URL: databaseUrl,
        WEB_CONCURRENCY: "2",
      });
      // Each request on a connection of its own: node:cluster hands connections to the workers in turn.
      const scrape = () => getOnNewConnection(`${server.url}/metrics`);
      const requestsCounted = (text: string) =>
        [...text.matchAll(/^tianguis_http_requests_total\{[^}]*\} (\d+)/gm)].reduce(
          (sum, [, value]) => sum + Number(value),
          0,
        );
      const totals: number[] = [];
      const visitAndScrape = async () => {
        for (let i = 0; i < 4; i++)
          expect((await getOnNewConnection(`${server.url}/${shop.storeId}`)).status).toBe(200);
        const answer = await scrape();
        expect(answer.status).toBe(200);
        expect(answer.body).toMatch(/^tianguis_workers 2$/m);
        totals.push(requestsCounted(answer.body));
      };
      for (let round = 0; round < 6; round++) await visitAndScrape();

      const workers = await childrenOf(server.child.pid!);
      expect(workers).toHaveLength(2);
      process.kill(workers[0]!, "SIGKILL");
      // Until the primary has reaped the killed worker, it still hands it connections, which then
      // wait for an answer that never comes: the next scrape waits for the replacement, not the
      // dead one's empty place in /proc.
      await expect
        .poll(async () => (await childrenOf(server.child.pid!)).filter((pid) => pid !== workers[0]), {
          timeout: 30_000,
        })
        .toHaveLength(2);
      await expect.poll(async () => (await scrape()).body).toMatch(/^tianguis_workers 2$/m);
      for (let round = 0; round < 4; round++) await visitAndScrape();

      // The four visits of each round, and the scrape before them, are counted by the next.
      const steps = totals.slice(1).map((total, i) => total - totals[i]!);
      console.info(
        `[figures] requests counted by 10 scrapes over 2 workers, one killed after the 6th: ${totals.join(", ")}`,
      );
      expect(steps.filter((step) => step < 4)).toEqual([]);
      const restarts = /^tianguis_worker_restarts_total (\d+)/m.exec((await scrape()).body);
      expect(Number(restarts?.[1])).toBe(1);
    },
  );
});

describe("a worker that keeps dying", () => {
  it("is replaced after growing pauses, not in a tight loop", { timeout: 60_000 }, async () => {
    const { url: databaseUrl } = await createTestDatabase();
    const dir = await newDataDir();
    // Every worker ends as it starts, as one would with a setting only workers read going wrong.
    const preload = path.join(dir, "worker-dies.cjs");
    await writeFile(preload, 'if (require("node:cluster").isWorker) process.exit(3);\n');
    const child = spawn("node", ["server.js"], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: "production",
        NODE_OPTIONS: `--require ${preload}`,
        DATABASE_URL: databaseUrl,
        DATA_DIR: dir,
        DEMO_DATA: "false",
        WEB_CONCURRENCY: "2",
        PORT: "0",
        HOST: "127.0.0.1",
        LOG_LEVEL: "info",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const deaths = () =>
      output
        .split("\n")
        .filter((line) => line.includes('"msg":"worker died; replacing it"'))
        .map((line) => JSON.parse(line) as { time: string; delayMs: number; code: number });
    try {
      await expect.poll(() => deaths().length, { timeout: 30_000 }).toBeGreaterThanOrEqual(5);
    } finally {
      child.kill("SIGKILL");
    }
    const seen = deaths().slice(0, 5);
    const delays = seen.map((death) => death.delayMs);
    const times = seen.map((death) => Date.parse(death.time));
    console.info(
      `[figures] a worker dying at start: replaced after ${delays.join(", ")} ms; deaths at +${times
        .map((time) => ((time - times[0]!) / 1000).toFixed(1))
        .join(" s, +")} s`,
    );
    expect(seen.every((death) => death.code === 3)).toBe(true);
    // Each pause at least as long as the one before, and doubling once it begins.
    expect(delays.slice(1).every((delay, i) => delay >= delays[i]!)).toBe(true);
    expect(delays[4]).toBeGreaterThanOrEqual(2 * delays[2]!);
    expect(delays[2]).toBeGreaterThan(0);
    // No tight loop: a respawn without pauses died dozens of times in these seconds.
    const firstFour = deaths().filter((death) => Date.parse(death.time) - times[0]! < 4_000);
    expect(firstFour.length).toBeLessThanOrEqual(6);
  });
});

/**
 * A GET on a connection of its own (no keep-alive), so that the cluster may hand it to any worker;
 * one that has no answer within 15 s fails, rather than the whole test's time.
 */
function getOnNewConnection(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers: { connection: "close" }, timeout: 15_000 }, (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      })
      .on("timeout", function (this: http.ClientRequest) {
        this.destroy(new Error(`no answer from ${url} within 15 s`));
      })
      .on("error", reject);
  });
}
