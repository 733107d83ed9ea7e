/**
 * Nothing stays down, through real processes under load: 20 shoppers keep placing orders while the
 * database is killed, its connections are terminated, or a worker is killed. The port answers
 * throughout, every answer is a success or a 503 with Retry-After, orders are accepted again soon
 * after the database is back, and every acknowledged order is in the database exactly once.
 */
import { describe, expect, it } from "vitest";
import { connectDatabase, createClient } from "~/db/client.server";
import { createTestDatabase, describeOnOwnCluster } from "../support/database";
import { startOrderLoad, summarise, type OrderLoad } from "../support/order-load";
import { embeddedCluster, exited, logLines, processTestKit, shopIn } from "../support/processes";
import type { ServerProcess } from "../support/server-process";

const { newDataDir, start } = processTestKit("failover");
/** Two workers, as `npm start` runs on this machine; shoppers' own addresses through X-Forwarded-For. */
const WORKERS = { WEB_CONCURRENCY: "2", TRUST_PROXY: "loopback" };

async function acceptsConnections(url: string) {
  const client = createClient({ connectionString: url, connectionTimeoutMillis: 1_000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Waits until the load has had `count` more orders acknowledged. */
async function steady(load: OrderLoad, count = 5) {
  const since = Date.now();
  await expect.poll(() => load.acknowledgedAfter(since), { timeout: 30_000 }).toBeGreaterThanOrEqual(count);
}

/** Seconds from `since` until an order is acknowledged again. */
async function secondsToNextOrder(load: OrderLoad, since: number) {
  await expect
    .poll(() => load.acknowledgedAfter(since), { timeout: 30_000, interval: 50 })
    .toBeGreaterThan(0);
  const first = Math.min(
    ...[...load.acknowledged.values()].map((order) => order.at).filter((at) => at > since),
  );
  return (first - since) / 1000;
}

/**
 * After the load has stopped: no answer other than 200 or 503 with Retry-After, none missing, and
 * the store's orders are exactly the acknowledged ones, each under the number it was given.
 */
async function expectNothingLostOrDoubled(
  load: OrderLoad,
  databaseUrl: string,
  storeId: string,
  { allowedNoAnswer = 0 } = {},
) {
  const summary = summarise(load.answers);
  expect(summary.other.map((answer) => answer.status)).toEqual([]);
  expect(summary.unavailableWithoutRetryAfter).toBe(0);
  expect(summary.noAnswer.length, JSON.stringify(summary.noAnswer.slice(0, 3))).toBeLessThanOrEqual(
    allowedNoAnswer,
  );
  const connection = connectDatabase(databaseUrl, { max: 1 });
  try {
    const { rows } = await connection.pool.query<{ idempotency_key: string; number: string }>(
      "select idempotency_key, id as number from orders where store_id = $1",
      [storeId],
    );
    const stored = new Map(rows.map((row) => [row.idempotency_key, row.number]));
    expect(rows.length).toBe(stored.size);
    expect(stored.size).toBe(load.acknowledged.size);
    for (const [key, { number }] of load.acknowledged) expect(stored.get(key), key).toBe(number);
  } finally {
    await connection.close();
  }
  return summary;
}

/** How many workers have said "Tianguis listo" (a replacement's start says it again). */
const listening = (server: ServerProcess) =>
  logLines(server).filter((line) => String(line.msg).startsWith("Tianguis listo")).length;

function expectNoCrash(server: ServerProcess) {
  expect(server.output()).not.toMatch(/unhandled|uncaught|worker died/i);
}

/**
 * The server still stops cleanly after what it went through: every worker drains and closes its
 * pool (a connection lost inside a transaction and never given back would hold the pool open
 * until the primary killed the worker).
 */
async function expectCleanStop(server: ServerProcess) {
  expect(await server.stop()).toBe(0);
  expect(server.output()).not.toContain("did not stop in time");
  expect(server.output()).toMatch(/"msg":"Tianguis stopped","ms":\d+/);
}

describeOnOwnCluster("a worker asked to stop while it starts", () => {
  it("SIGTERM to the primary while a replacement worker is still starting: it drains once started, none is killed", async () => {
    const dataDir = await newDataDir();
    const server = await start(dataDir, { env: WORKERS });
    await expect.poll(() => listening(server), { timeout: 30_000 }).toBe(2);
    const workerStarts = () => logLines(server).filter((line) => line.msg === "worker started");
    process.kill(Number(workerStarts()[0]!.pid), "SIGKILL");
    // The primary forks the replacement at once; the shutdown reaches it before it listens.
    await expect.poll(() => workerStarts().length, { timeout: 15_000, interval: 10 }).toBe(3);
    const replacement = workerStarts()[2]!;
    const exit = exited(server);
    // To the primary alone, as a supervisor that signals its main process does.
    process.kill(server.child.pid!, "SIGTERM");
    expect(await exit).toBe(0);
    expect(server.output()).not.toContain("did not stop in time");
    const asked = logLines(server).find(
      (line) => line.msg === "shutting down" && line.worker === replacement.worker,
    );
    expect(asked).toMatchObject({ reason: "asked by the primary", started: false });
    expect(
      logLines(server).some((line) => line.msg === "Tianguis stopped" && line.worker === replacement.worker),
    ).toBe(true);
  });
});

describeOnOwnCluster("the embedded database killed under load", () => {
  it(
    "kill -9 of the postmaster while 20 shoppers order, 5 times: only 200 or 503, orders again within 5 s, none lost or doubled",
    { timeout: 300_000 },
    async () => {
      const dataDir = await newDataDir();
      const server = await start(dataDir, { env: WORKERS });
      // Both workers have started before the first kill: a worker whose start-up loses the
      // database exits and is replaced, which is not what this test is about.
      await expect.poll(() => listening(server), { timeout: 30_000 }).toBe(2);
      const shop = await shopIn((await embeddedCluster(dataDir)).url);
      const load = startOrderLoad(server.url, shop);
      const recoveries: number[] = [];
      for (let round = 0; round < 5; round++) {
        await steady(load);
        const before = await embeddedCluster(dataDir);
        process.kill(before.pid, "SIGKILL");
        await expect
          .poll(async () => (await embeddedCluster(dataDir).catch(() => before)).pid, { timeout: 60_000 })
          .not.toBe(before.pid);
        const { url } = await embeddedCluster(dataDir);
        await expect.poll(() => acceptsConnections(url), { timeout: 60_000, interval: 50 }).toBe(true);
        const back = Date.now();
        const seconds = await secondsToNextOrder(load, back);
        expect(seconds).toBeLessThan(5);
        recoveries.push(seconds);
      }
      await load.stop();
      expectNoCrash(server);
      const summary = await expectNothingLostOrDoubled(
        load,
        (await embeddedCluster(dataDir)).url,
        shop.storeId,
      );
      // One line when the outage begins and one when it ends, per worker and round, not one per request.
      const outageLines = logLines(server).filter(
        (line) => line.msg === "database unreachable: answering 503 until it is back",
      );
      expect(outageLines.length).toBeLessThanOrEqual(2 * 5 * 2);
      await expectCleanStop(server);
      console.info(
        `[figures] postmaster killed 5 times under 20 shoppers: ${load.acknowledged.size} orders acknowledged, ` +
          `${summary.unavailable} answers 503, 0 other; first order after the database was back: ` +
          recoveries.map((seconds) => `${seconds.toFixed(2)} s`).join(", "),
      );
    },
  );
});

describe("connections terminated under load", () => {
  it(
    "pg_terminate_backend of every app connection, and of orders waiting inside their transaction: only 200 or 503, none lost or doubled",
    { timeout: 300_000 },
    async () => {
      const { url: databaseUrl } = await createTestDatabase();
      const shop = await shopIn(databaseUrl);
      const server = await start(await newDataDir(), { env: { ...WORKERS, DATABASE_URL: databaseUrl } });
      // Both workers have started before the first termination: a worker whose start-up loses the
      // database exits and is replaced, which is not what this test is about.
      await expect.poll(() => listening(server), { timeout: 30_000 }).toBe(2);
      const admin = createClient({ connectionString: databaseUrl });
      await admin.connect();
      const load = startOrderLoad(server.url, shop);
      const terminateAll = async () => {
        const { rows } = await admin.query(
          "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
        );
        return rows.length;
      };
      let terminated = 0;
      for (let round = 0; round < 5; round++) {
        await steady(load);
        terminated += await terminateAll();
        const since = Date.now();
        expect(await secondsToNextOrder(load, since)).toBeLessThan(5);
      }

      // Mid-transaction: the store's order lock is held, so orders wait inside their transaction;
      // their backends are ended while they wait, then the lock is let go.
      await steady(load);
      const blocker = createClient({ connectionString: databaseUrl });
      await blocker.connect();
      await blocker.query("begin");
      await blocker.query("select pg_advisory_xact_lock(hashtextextended($1, 7))", [shop.storeId]);
      await expect
        .poll(
          async () =>
            (
              await admin.query(
                "select count(*)::int as n from pg_stat_activity where datname = current_database() and state = 'active' and wait_event_type = 'Lock' and pid <> $1",
                [(await blocker.query("select pg_backend_pid() as pid")).rows[0].pid],
              )
            ).rows[0].n,
        )
        .toBeGreaterThan(0);
      const { rows: waiting } = await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and state = 'active' and wait_event_type = 'Lock' and pid <> pg_backend_pid() and query not like '%pg_advisory_xact_lock%'",
      );
      expect(waiting.length).toBeGreaterThan(0);
      await blocker.query("commit");
      await blocker.end();
      const since = Date.now();
      expect(await secondsToNextOrder(load, since)).toBeLessThan(5);

      await load.stop();
      await admin.end();
      expectNoCrash(server);
      const summary = await expectNothingLostOrDoubled(load, databaseUrl, shop.storeId);
      await expectCleanStop(server);
      console.info(
        `[figures] ${terminated} connections terminated in 5 rounds and ${waiting.length} orders ended mid-transaction: ` +
          `${load.acknowledged.size} orders acknowledged, ${summary.unavailable} answers 503, 0 other`,
      );
    },
  );
});

describeOnOwnCluster("a worker killed under load", () => {
  it(
    "kill -9 of one worker: the port keeps answering, a new worker within 1 s, none lost or doubled",
    { timeout: 180_000 },
    async () => {
      const dataDir = await newDataDir();
      const server = await start(dataDir, { env: WORKERS });
      const shop = await shopIn((await embeddedCluster(dataDir)).url);
      const load = startOrderLoad(server.url, shop);
      // Both workers listen before one is killed: the port closes only when none does.
      await expect.poll(() => listening(server), { timeout: 30_000 }).toBe(2);
      await steady(load, 10);
      const started = logLines(server).filter((line) => line.msg === "worker started");
      expect(started).toHaveLength(2);
      const victim = Number(started[0]!.pid);
      const killedAt = Date.now();
      process.kill(victim, "SIGKILL");
      // The time that counts is between the primary's two log lines (below); the lines reach
      // this process later when the machine is busy.
      await expect
        .poll(() => logLines(server).filter((line) => line.msg === "worker started").length, {
          timeout: 15_000,
        })
        .toBe(3);
      const replacement = logLines(server).filter((line) => line.msg === "worker started")[2]!;
      const died = logLines(server).find((line) => line.msg === "worker died; replacing it")!;
      expect(died).toMatchObject({ pid: victim, signal: "SIGKILL" });
      const replacedMs = Date.parse(String(replacement.time)) - Date.parse(String(died.time));
      expect(replacedMs).toBeLessThan(1_000);
      // The other worker answered meanwhile; the new one joins it.
      await steady(load, 10);
      await expect.poll(() => listening(server), { timeout: 15_000 }).toBe(3);
      await load.stop();
      // Requests that were on the killed worker get no answer (their connection is cut) and are
      // sent again; nothing sent after the kill may go unanswered.
      const late = load.answers.filter((answer) => answer.status === 0 && answer.sentAt > killedAt + 500);
      expect(late).toEqual([]);
      const summary = await expectNothingLostOrDoubled(
        load,
        (await embeddedCluster(dataDir)).url,
        shop.storeId,
        {
          allowedNoAnswer: 20,
        },
      );
      await expectCleanStop(server);
      console.info(
        `[figures] worker killed under 20 shoppers: replaced in ${replacedMs} ms; ${summary.noAnswer.length} requests ` +
          `cut with it and sent again; ${load.acknowledged.size} orders acknowledged, none lost`,
      );
    },
  );
});

describe("a standby where the primary should be", () => {
  it(
    "DATABASE_URL reaching a read-only server (a switchover's demoted primary before HAProxy sees it) under 20 shoppers: 503, never 500, and orders again once it is the primary, without a restart",
    { timeout: 180_000 },
    async () => {
      const { url: databaseUrl } = await createTestDatabase();
      const database = new URL(databaseUrl).pathname.slice(1);
      const shop = await shopIn(databaseUrl);
      const server = await start(await newDataDir(), { env: { ...WORKERS, DATABASE_URL: databaseUrl } });
      const admin = createClient({ connectionString: databaseUrl });
      await admin.connect();
      try {
        const load = startOrderLoad(server.url, shop);
        await steady(load);
        // Every new session of the database is read-only, and the app's sessions end: the pool's
        // next connections reach a server that refuses writes (25006), as a standby does.
        await admin.query(`alter database ${database} set default_transaction_read_only = on`);
        const readOnlyAt = Date.now();
        await admin.query(
          "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
        );
        // Past the second after the sessions ended, a 503 is a write the read-only server refused.
        const refused = () =>
          load.answers.filter((answer) => answer.status === 503 && answer.sentAt > readOnlyAt + 1_000).length;
        await expect.poll(refused, { timeout: 30_000 }).toBeGreaterThanOrEqual(40);
        // The primary again: the connections made meanwhile were read-only sessions, and only
        // new ones write.
        await admin.query(`alter database ${database} reset default_transaction_read_only`);
        const writableAt = Date.now();
        expect(await secondsToNextOrder(load, writableAt)).toBeLessThan(5);
        await steady(load);
        await load.stop();
        expectNoCrash(server);
        const summary = await expectNothingLostOrDoubled(load, databaseUrl, shop.storeId);
        await expectCleanStop(server);
        console.info(
          `[figures] a read-only server behind DATABASE_URL under 20 shoppers: ${summary.unavailable} answers 503, 0 other; ` +
            `${load.acknowledged.size} orders acknowledged, none lost`,
        );
      } finally {
        await admin.query(`alter database ${database} reset default_transaction_read_only`).catch(() => {});
        await admin.end();
      }
    },
  );
});
