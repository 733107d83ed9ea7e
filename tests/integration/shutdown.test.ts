/**
 * Stopping through real processes: SIGTERM with 20 orders in flight — to the server, twice to
 * `npm start`, and to its whole process group — finishes all of them and shuts the embedded PostgreSQL
 * down cleanly (the next start needs no recovery).
 */
import { expect, it } from "vitest";
import { createClient } from "~/db/client.server";
import { describeOnOwnCluster } from "../support/database";
import { embeddedCluster as cluster, exited, processTestKit, shopIn } from "../support/processes";
import { postOrder } from "../support/shopper";

const { newDataDir, start: startWith } = processTestKit("stop");
const start = (dataDir: string, command?: [string, ...string[]], env: Record<string, string> = {}) =>
  startWith(dataDir, { command, env });

async function expectCleanRestart(dataDir: string) {
  const next = await start(dataDir);
  await expect.poll(() => next.output()).toContain("database system was shut down at");
  expect(next.output()).not.toContain("not properly shut down");
  expect(next.output()).not.toContain("automatic recovery in progress");
  // A stop that hangs says where, rather than running into the test's time-out without a word.
  const stopped = await Promise.race([
    next.stop().then(() => true),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), 60_000).unref()),
  ]);
  expect(stopped, `the restarted server did not stop within 60 s:\n${next.output().slice(-4000)}`).toBe(true);
}

describeOnOwnCluster("graceful shutdown", () => {
  const npmStart: [string, ...string[]] = ["npm", "start"];
  it.each([
    ["the server (one process)", undefined, "1", "once"],
    // npm passes each signal on to the primary: the second must not cut the first one's drain short.
    ["npm start with 2 workers, twice 300 ms apart", npmStart, "2", "twice"],
    // What systemd and a terminal's Ctrl-C send: every process of the group at once, PostgreSQL's too.
    ["the process group of npm start with 2 workers", npmStart, "2", "group"],
  ] as const)(
    "SIGTERM to %s with 20 orders in flight: all 20 answered 200, exit 0, a clean restart",
    { timeout: 180_000 },
    async (name, command, workers, signals) => {
      const dataDir = await newDataDir();
      // A connection for every order, so that all 20 can be seen waiting for the lock.
      // The orders wait on a lock the test holds: no statement bound cuts them short.
      const server = await start(dataDir, command && [...command], {
        WEB_CONCURRENCY: workers,
        DB_POOL_MAX: "24",
        DB_STATEMENT_TIMEOUT_SECONDS: "120",
      });
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
      // To the one process the supervisor knows (`npm` itself for npm start), or to its group.
      if (signals === "group") process.kill(-server.child.pid!, "SIGTERM");
      else process.kill(server.child.pid!, "SIGTERM");
      if (signals === "twice") {
        await new Promise((resolve) => setTimeout(resolve, 300));
        process.kill(server.child.pid!, "SIGTERM");
      }
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
