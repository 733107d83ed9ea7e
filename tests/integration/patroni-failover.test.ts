/**
 * Tianguis on a Patroni cluster (docs/deploy.md, "Several machines"): three PostgreSQL 15 nodes
 * — a primary, a synchronous standby and an asynchronous replica — with etcd, and HAProxy routing
 * the read-write port to whichever node Patroni's `/primary` names. The built server runs
 * unchanged with DATABASE_URL on that port while 20 shoppers order. First the primary's machine
 * dies (its Patroni and PostgreSQL killed with SIGKILL): the synchronous standby takes over once
 * the leader key expires. Then the dead node comes back as a standby and a planned switchover
 * hands the primary back to it. Through both, every answer is a 200 or a 503 with Retry-After,
 * every acknowledged order is on the new primary exactly once, the owner's live panel shows the
 * orders placed afterwards, both LISTEN connections are back, a job queued before the switch
 * runs once, a kept store page follows a write made on the new primary, and the server's log says
 * only what docs/deploy.md tells the operator to expect. Last, a backup taken with pg_dump from a
 * standby through HAProxy's read-only port restores every acknowledged order.
 *
 * One cluster for the file (it takes about ten seconds to make), the failover first.
 */
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { connectDatabase, type DatabaseConnection } from "~/db/client.server";
import { describeOnOwnCluster } from "../support/database";
import { clearOfMinuteTurn, getPage, untilShown } from "../support/kept-pages";
import { startOrderLoad, summarise, type OrderLoad } from "../support/order-load";
import { openOrderStream, signIn } from "../support/order-stream";
import { PATRONI_PROGRAMS, startPatroniCluster, type PatroniCluster } from "../support/patroni";
import { logLines, shopIn } from "../support/processes";
import { startServerProcess, type ServerProcess } from "../support/server-process";

/** The bounds promised in docs/deploy.md: orders accepted again this soon after a kill, and after a switchover. */
const FAILOVER_BOUND_S = 30;
const SWITCHOVER_BOUND_S = 5;
/**
 * Every warning or error the server logs through a switch, as docs/deploy.md lists them for the
 * operator: the outage's first line and its last (with how long it lasted), and the live orders'
 * listener losing its connection. Nothing per request, per stream or per retry.
 */
const SWITCH_LOG_LINES = [
  "database unreachable: answering 503 until it is back",
  "database reachable again",
  "database listener lost its connection; reconnecting",
  // The new primary's timeline, seen by each worker's check of its databases (app/db/replica.server.ts).
  "database failover seen (new-timeline): rendered pages forgotten",
  // When HAProxy's check finds the heir a primary a moment before PostgreSQL has finished its
  // promotion, a check through the read-write port reaches it still in recovery: seen once more,
  // as the URL reaching a replica, before its new timeline.
  "database failover seen (primary-in-recovery): rendered pages forgotten",
  "DATABASE_URL reaches a server in recovery (a replica): writes fail until it is a primary",
];

describeOnOwnCluster("Tianguis on a Patroni cluster", () => {
  let cluster: PatroniCluster;
  let server: ServerProcess;
  let dataDir: string;
  let shop: Awaited<ReturnType<typeof shopIn>>;
  let cookie: string;
  /** Tianguis's database through HAProxy's read-write port, for the test's own reads and writes. */
  let primary: DatabaseConnection;
  /** Every order the file's loads had acknowledged (key → number): the store's orders. */
  const acknowledged = new Map<string, string>();

  beforeAll(async () => {
    cluster = await startPatroniCluster();
    dataDir = await mkdtemp(path.join(os.tmpdir(), "tianguis-patroni-server-"));
    server = await startServerProcess({
      env: {
        DATABASE_URL: cluster.url,
        DATA_DIR: dataDir,
        DEMO_DATA: "false",
        TRUST_PROXY: "loopback",
        LOG_LEVEL: "info",
      },
      timeoutMs: 120_000,
    });
    shop = await shopIn(cluster.url);
    cookie = await signIn(server.url, shop.owner.email, shop.owner.password);
    primary = connectDatabase(cluster.url, { max: 2 });
  }, 240_000);

  afterAll(async () => {
    await primary?.close();
    await server?.stop();
    await cluster?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it(
    "the primary's Patroni and PostgreSQL killed (SIGKILL) under 20 shoppers: the synchronous standby takes over, orders again within 30 s, only 200 or 503, none lost or doubled",
    { timeout: 240_000 },
    async () => {
      const stream = openOrderStream(server.url, cookie);
      try {
        await stream.until(() => stream.connections === 1, 15_000, "the owner's live panel");
        const kept = await keptStorePage();
        const load = startOrderLoad(server.url, shop);
        await steady(load);
        const members = await cluster.members();
        const victim = members.find((member) => member.role === "leader")!.name;
        const heir = members.find((member) => member.role === "sync_standby")!.name;
        const job = await queueMailDueIn(2);
        const logFrom = logLines(server).length;

        const killedAt = Date.now();
        await cluster.kill(victim);
        // What a balancer and the operator see meanwhile: the instance is not ready, for want of
        // its database (docs/deploy.md).
        await expect.poll(readiness, { timeout: 15_000 }).toMatchObject({ status: 503, database: false });
        const seconds = await secondsToFirstOrderAfter(load, killedAt);
        expect(seconds, "seconds from the kill to the first order accepted").toBeLessThan(FAILOVER_BOUND_S);
        expect(await cluster.leader()).toBe(heir);
        await expect
          .poll(readiness)
          .toMatchObject({ status: 200, ready: true, database: true, listener: true });
        await steady(load);
        await load.stop();

        const summary = await expectOnlyOkOr503AndEveryOrderOnce(load);
        await expectPanelShowsOrdersAfter(stream, load, killedAt);
        await expectListenersBack();
        await expectJobRanOnce(job);
        await expectKeptPageFollowsAWrite(kept);
        const downMs = await expectOneOutageLogged(logFrom);
        console.info(
          `[figures] failover (${victim} killed, ${heir} promoted): first order accepted ${seconds.toFixed(1)} s after the kill ` +
            `(ttl 20 s, loop_wait 2 s), the server's log says the database was away ${(downMs / 1000).toFixed(1)} s; ${load.acknowledged.size} orders acknowledged, ${summary.stored} stored; ` +
            `${summary.unavailable} answers 503, 0 other`,
        );
      } finally {
        stream.close();
      }
    },
  );

  it(
    "a planned switchover back to the node that died, under 20 shoppers: orders again within 5 s, only 200 or 503, none lost or doubled",
    { timeout: 240_000 },
    async () => {
      // The killed node comes back as a standby (rewound: it had written what the standby never
      // acknowledged) and, the replica being nosync, becomes the synchronous standby: the only node
      // a switchover may hand over to.
      const members = await cluster.members();
      const dead = cluster.nodes.find((node) => !members.some((member) => member.name === node.name));
      if (dead) await cluster.restart(dead.name);
      const healthy = await cluster.healthy(120_000);
      const leader = healthy.find((member) => member.role === "leader")!.name;
      const candidate = healthy.find((member) => member.role === "sync_standby")!.name;
      expect(candidate).toBe(dead?.name);

      const stream = openOrderStream(server.url, cookie);
      try {
        await stream.until(() => stream.connections === 1, 15_000, "the owner's live panel");
        const kept = await keptStorePage();
        const load = startOrderLoad(server.url, shop);
        await steady(load);
        const job = await queueMailDueIn(1);
        const logFrom = logLines(server).length;

        const asked = Date.now();
        await cluster.patronictl(["switchover", "--leader", leader, "--candidate", candidate, "--force"]);
        expect(await cluster.leader()).toBe(candidate);
        const gap = await longestPauseAround(load, asked);
        expect(gap.seconds, "seconds without an accepted order around the switchover").toBeLessThan(
          SWITCHOVER_BOUND_S,
        );
        await steady(load);
        await load.stop();

        const summary = await expectOnlyOkOr503AndEveryOrderOnce(load);
        await expectPanelShowsOrdersAfter(stream, load, gap.resumedAt - 1);
        await expectListenersBack();
        await expectJobRanOnce(job);
        await expectKeptPageFollowsAWrite(kept);
        const downMs = await expectOneOutageLogged(logFrom);
        console.info(
          `[figures] switchover (${leader} → ${candidate}): no order accepted for ${gap.seconds.toFixed(1)} s, ` +
            `the first on the new primary ${((gap.resumedAt - asked) / 1000).toFixed(1)} s after patronictl was asked, the server's log says the database was away ${(downMs / 1000).toFixed(1)} s; ` +
            `${load.acknowledged.size} orders acknowledged, ${summary.stored} stored; ${summary.unavailable} answers 503, 0 other`,
        );
      } finally {
        stream.close();
      }
    },
  );

  it(
    "a backup taken with pg_dump from a standby, through HAProxy's read-only port, restores every acknowledged order",
    { timeout: 120_000 },
    async () => {
      const admin = connectDatabase(cluster.superuserUrl(), { max: 1 });
      // Both standbys stream again and have replayed the primary's last write (a standby is a
      // moment behind, and the old primary rejoins a moment after the switchover); the standbys'
      // positions are for a superuser's eyes.
      const { rows: lsn } = await admin.pool.query<{ lsn: string }>(
        "select pg_current_wal_lsn()::text as lsn",
      );
      await expect
        .poll(
          async () => {
            const { rows } = await admin.pool.query<{ caughtUp: number }>(
              `select count(*)::int as "caughtUp" from pg_stat_replication where replay_lsn >= $1::pg_lsn`,
              [lsn[0]!.lsn],
            );
            return rows[0]!.caughtUp;
          },
          { timeout: 60_000 },
        )
        .toBe(cluster.nodes.length - 1);
      const dump = path.join(dataDir, "tianguis.dump");
      await runProgram("pg_dump", ["--format=custom", `--file=${dump}`, `--dbname=${cluster.readOnlyUrl}`]);
      try {
        await admin.pool.query("create database tianguis_restored");
        await runProgram("pg_restore", [
          "--no-owner",
          `--dbname=${cluster.superuserUrl("tianguis_restored")}`,
          dump,
        ]);
        const restored = connectDatabase(cluster.superuserUrl("tianguis_restored"), { max: 1 });
        try {
          const { rows } = await restored.pool.query<{ idempotency_key: string; number: string }>(
            "select idempotency_key, id as number from orders where store_id = $1",
            [shop.storeId],
          );
          expect(acknowledged.size).toBeGreaterThan(0);
          expect(new Map(rows.map((row) => [row.idempotency_key, row.number]))).toEqual(acknowledged);
        } finally {
          await restored.close();
        }
      } finally {
        await admin.pool.query("drop database if exists tianguis_restored with (force)").catch(() => {});
        await admin.close();
      }
    },
  );

  /** One of PostgreSQL 15's programs, as the operator runs it; rejects with its output when it fails. */
  async function runProgram(name: string, args: string[]) {
    const { stdout, stderr, code } = await new Promise<{
      stdout: string;
      stderr: string;
      code: number | null;
    }>((resolve) => {
      const child = spawn(path.join(PATRONI_PROGRAMS.postgresBin, name), args, { stdio: "pipe" });
      let out = "";
      let err = "";
      child.stdout.on("data", (chunk) => (out += chunk));
      child.stderr.on("data", (chunk) => (err += chunk));
      child.on("close", (exitCode) => resolve({ stdout: out, stderr: err, code: exitCode }));
    });
    if (code !== 0) throw new Error(`${name} exited with ${code}:\n${stdout}${stderr}`);
  }

  /** The server's /readyz: its status and what it says. */
  async function readiness() {
    const response = await fetch(`${server.url}/readyz`);
    return { status: response.status, ...((await response.json()) as Record<string, unknown>) };
  }

  /** Waits until the load has had `count` more orders acknowledged. */
  async function steady(load: OrderLoad, count = 5) {
    const since = Date.now();
    await expect.poll(() => load.acknowledgedAfter(since), { timeout: 60_000 }).toBeGreaterThanOrEqual(count);
  }

  /**
   * Seconds from `since` to the first order sent after it and accepted (an order already on its
   * way at `since` may be acknowledged just after it: it does not count).
   */
  async function secondsToFirstOrderAfter(load: OrderLoad, since: number) {
    const accepted = () => load.answers.filter((answer) => answer.status === 200 && answer.sentAt > since);
    await expect.poll(() => accepted().length, { timeout: 60_000, interval: 50 }).toBeGreaterThan(0);
    return (Math.min(...accepted().map((answer) => answer.at)) - since) / 1000;
  }

  /**
   * The longest time without an acknowledged order, from the last acknowledgement before `from`
   * on, once orders flow again: how long the switchover stopped the shop.
   */
  async function longestPauseAround(load: OrderLoad, from: number) {
    await steady(load, 1);
    const times = ackTimes(load).sort((a, b) => a - b);
    const start = times.findLastIndex((at) => at <= from);
    let longest = { seconds: 0, resumedAt: from };
    for (let index = Math.max(0, start); index + 1 < times.length; index++) {
      const seconds = (times[index + 1]! - times[index]!) / 1000;
      if (seconds > longest.seconds) longest = { seconds, resumedAt: times[index + 1]! };
    }
    return longest;
  }

  function ackTimes(load: OrderLoad) {
    return [...load.acknowledged.values()].map((order) => order.at);
  }

  /**
   * No answer other than 200 or 503 with Retry-After (HAProxy and the server are never down, so
   * every request is answered), and the store's orders on the primary are exactly the
   * acknowledged ones (this load's and the file's earlier ones), each once, under the number it
   * was given.
   */
  async function expectOnlyOkOr503AndEveryOrderOnce(load: OrderLoad) {
    for (const [key, { number }] of load.acknowledged) acknowledged.set(key, number);
    const summary = summarise(load.answers);
    expect(summary.other.map((answer) => answer.status)).toEqual([]);
    expect(summary.unavailableWithoutRetryAfter).toBe(0);
    expect(summary.noAnswer.map((answer) => answer.error)).toEqual([]);
    expect(server.output()).not.toMatch(/unhandled|uncaught|worker died/i);
    const { rows } = await primary.pool.query<{ idempotency_key: string; number: string }>(
      "select idempotency_key, id as number from orders where store_id = $1",
      [shop.storeId],
    );
    const stored = new Map(rows.map((row) => [row.idempotency_key, row.number]));
    expect(rows.length, "orders stored twice").toBe(stored.size);
    expect(stored.size).toBe(acknowledged.size);
    for (const [key, number] of acknowledged) expect(stored.get(key), key).toBe(number);
    return { ...summary, stored: stored.size };
  }

  /** The owner's live panel announces every order acknowledged after `since`, each once. */
  async function expectPanelShowsOrdersAfter(
    stream: ReturnType<typeof openOrderStream>,
    load: OrderLoad,
    since: number,
  ) {
    const after = [...load.acknowledged.values()]
      .filter((order) => order.at > since)
      .map((order) => order.number);
    expect(after.length).toBeGreaterThan(0);
    await stream.until(
      () => after.every((number) => stream.createdOrders().includes(number)),
      30_000,
      "the orders placed after the switch on the owner's live panel",
    );
    const created = stream.createdOrders();
    expect(created.length - new Set(created).size, "orders announced twice").toBe(0);
  }

  /** The listener (live orders, page versions) and the job worker's LISTEN, each on a connection to the new primary. */
  async function expectListenersBack() {
    await expect
      .poll(
        async () =>
          (
            await primary.pool.query<{ query: string }>(
              "select case when application_name = 'tianguis-listener' then application_name else query end as query from pg_stat_activity where datname = current_database() and (query like 'listen %' or application_name = 'tianguis-listener') order by 1",
            )
          ).rows.map((row) => row.query),
        { timeout: 30_000 },
      )
      .toEqual(["listen tianguis_jobs", "tianguis-listener"]);
  }

  /**
   * An e-mail queued as a job due `seconds` from now, before the switch: due while the database
   * is away (after a kill) or about to change, it must run on the new primary, and once.
   */
  async function queueMailDueIn(seconds: number) {
    const id = `patroni-${randomBytes(6).toString("hex")}`;
    const { rows } = await primary.pool.query<{ id: string }>(
      `insert into jobs (kind, payload, run_at) values ('mail.send', $1, now() + make_interval(secs => $2)) returning id`,
      [
        {
          id,
          to: shop.owner.email,
          fromName: "Tianguis",
          subject: "Queued before the switch",
          text: "Sent once.",
          html: "<p>Sent once.</p>",
        },
        seconds,
      ],
    );
    return { jobId: rows[0]!.id, mailId: id };
  }

  async function expectJobRanOnce({ jobId, mailId }: { jobId: string; mailId: string }) {
    const job = async () =>
      (
        await primary.pool.query<{ done: boolean; attempts: number; last_error: string | null }>(
          "select done_at is not null as done, attempts, last_error from jobs where id = $1",
          [jobId],
        )
      ).rows[0];
    await expect.poll(async () => (await job())?.done, { timeout: 30_000 }).toBe(true);
    // Claimed once, sent once, without an error: its message written once, to its own file.
    expect(await job()).toEqual({ done: true, attempts: 1, last_error: null });
    expect(await readFile(path.join(dataDir, "mail", `${mailId}.eml`), "utf8")).toContain(
      "Queued before the switch",
    );
    const written = logLines(server).filter(
      (line) => line.msg === "e-mail written (no SMTP_URL configured)" && String(line.file).includes(mailId),
    );
    expect(written).toHaveLength(1);
  }

  /**
   * The server's warnings and errors since line `from` are the switch's documented lines, the
   * outage's first and last once each; resolves with the outage's length as the last one says it.
   */
  async function expectOneOutageLogged(from: number) {
    const since = () => logLines(server).slice(from);
    // The outage ends in the log once connections have succeeded for 2 s without a failure.
    await expect
      .poll(() => since().some((line) => line.msg === "database reachable again"), { timeout: 30_000 })
      .toBe(true);
    const warnings = since()
      .filter((line) => line.level === "warn" || line.level === "error")
      .map((line) => String(line.msg));
    expect(warnings.filter((msg) => !SWITCH_LOG_LINES.includes(msg))).toEqual([]);
    expect(warnings.filter((msg) => msg === SWITCH_LOG_LINES[0])).toHaveLength(1);
    // The switch is seen as a failover (the metric counts it too), once by the server's one process;
    // at most once more if a check caught the heir mid-promotion.
    expect(warnings.filter((msg) => msg === SWITCH_LOG_LINES[3])).toHaveLength(1);
    expect(warnings.filter((msg) => msg === SWITCH_LOG_LINES[4]).length).toBeLessThanOrEqual(1);
    expect(warnings.filter((msg) => msg === SWITCH_LOG_LINES[5]).length).toBeLessThanOrEqual(1);
    const back = since().filter((line) => line.msg === SWITCH_LOG_LINES[1]);
    expect(back).toHaveLength(1);
    return Number(back[0]!.downMs);
  }

  /** The store page, answered from memory (a second request finds it kept). */
  async function keptStorePage() {
    await clearOfMinuteTurn();
    await getPage(server.url, `/${shop.storeId}`);
    const page = await getPage(server.url, `/${shop.storeId}`);
    expect(page.status).toBe(200);
    expect(page.cache).toBe("HIT");
    return page;
  }

  /**
   * After the switch, a product renamed on the new primary shows on the store page within the bound
   * of versions kept in memory (docs/decisions/051): the server listens on the new primary.
   */
  async function expectKeptPageFollowsAWrite(before: { html: string }) {
    const name = `Concha ${randomBytes(3).toString("hex")}`;
    expect(before.html).not.toContain(name);
    await primary.pool.query("update products set name = $1 where id = $2", [name, shop.productId]);
    const after = await untilShown(server.url, `/${shop.storeId}`, (page) => page.html.includes(name));
    expect(after.status).toBe(200);
  }
});
