/**
 * Tianguis rides a PostgreSQL failover: the Patroni cluster of docs/deploy.md's "Several machines"
 * on this machine (tests/support/patroni.ts: etcd, three PostgreSQL 15 nodes — primary,
 * synchronous standby, asynchronous replica — and HAProxy with the documented files; ttl 20 s,
 * loop_wait 2 s, retry_timeout 9 s), the built server on HAProxy's read-write port
 * (WEB_CONCURRENCY, default one worker per core) and 20 shoppers ordering throughout, each order
 * sent again with its key on a 503. Then:
 *
 * 1. the primary's Patroni and PostgreSQL killed with SIGKILL: seconds from the kill to the first
 *    order accepted (target ≤ 25 s), and what bounds it — when the synchronous standby became the
 *    leader (the leader key's ttl) and how long HAProxy and the app took after that;
 * 2. the dead node started again (it rewinds and follows as the synchronous standby), then a
 *    planned switchover back to it: seconds without an accepted order (target ≤ 5 s);
 * 3. acknowledged orders against the orders stored on the last primary (target: equal, none twice)
 *    and the answers by status (target: only 200 and 503).
 *
 * Prints ✓/✗ for each target; exits 1 only when an order was lost or doubled or an answer was
 * neither 200 nor 503 (times depend on the machine). The cluster runs without fsync, as the tests'.
 *
 *   npm run build && npm run bench -- failover
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { connectDatabase } from "~/db/client.server";
import { startOrderLoad, summarise, type OrderLoad } from "../../tests/support/order-load";
import { compareReplicaReads } from "./replica-throughput";
import { startPatroniCluster, type PatroniCluster } from "../../tests/support/patroni";
import { shopIn } from "../../tests/support/processes";
import { startServerProcess, type ServerProcess } from "../../tests/support/server-process";

const WORKERS = process.env.WEB_CONCURRENCY ?? String(os.availableParallelism());
/** Orders flowing before each switch and after it, in seconds. */
const STEADY_SECONDS = Number(process.env.BENCH_STEADY_SECONDS ?? 5);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The first order sent after `since` and accepted: when its answer came. */
async function firstAcceptedAfter(load: OrderLoad, since: number, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const accepted = load.answers.filter((answer) => answer.status === 200 && answer.sentAt > since);
    if (accepted.length > 0) return Math.min(...accepted.map((answer) => answer.at));
    if (Date.now() > deadline) throw new Error("no order accepted after the switch");
    await sleep(20);
  }
}

/** Polls the cluster until `name` leads; resolves with when it was first seen leading. */
async function leadingAt(cluster: PatroniCluster, name: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if ((await cluster.leader().catch(() => undefined)) === name) return Date.now();
    if (Date.now() > deadline) throw new Error(`${name} never became the leader`);
    await sleep(100);
  }
}

/** The longest time without an acknowledged order from the last one before `from` on. */
function longestPause(load: OrderLoad, from: number) {
  const times = [...load.acknowledged.values()].map((order) => order.at).sort((a, b) => a - b);
  let longest = { ms: 0, resumedAt: from };
  for (
    let index = Math.max(
      0,
      times.findLastIndex((at) => at <= from),
    );
    index + 1 < times.length;
    index++
  ) {
    const ms = times[index + 1]! - times[index]!;
    if (ms > longest.ms) longest = { ms, resumedAt: times[index + 1]! };
  }
  return longest;
}

/** Resolves once the replica at `replicaUrl` has replayed everything the primary had written. */
async function replayedAll(primaryUrl: string, replicaUrl: string) {
  const primary = connectDatabase(primaryUrl, { max: 1 });
  const standby = connectDatabase(replicaUrl, { max: 1 });
  try {
    const { rows } = await primary.pool.query<{ lsn: string }>("select pg_current_wal_lsn()::text as lsn");
    for (;;) {
      const { rows: behind } = await standby.pool.query<{ behind: boolean }>(
        "select pg_last_wal_replay_lsn() < $1::pg_lsn as behind",
        [rows[0]!.lsn],
      );
      if (!behind[0]!.behind) return;
      await sleep(100);
    }
  } finally {
    await primary.close();
    await standby.close();
  }
}

const started = Date.now();
const cluster = await startPatroniCluster();
const dataDir = await mkdtemp(path.join(os.tmpdir(), "tianguis-bench-patroni-"));
let server: ServerProcess | undefined;
let failed = false;
try {
  console.log(
    `Patroni cluster up in ${seconds(Date.now() - started)}: ${(await cluster.members())
      .map((member) => `${member.name} ${member.role}`)
      .join(", ")}; ${os.availableParallelism()} cores, load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
  server = await startServerProcess({
    env: {
      DATABASE_URL: cluster.url,
      DATA_DIR: dataDir,
      DEMO_DATA: "false",
      TRUST_PROXY: "loopback",
      LOG_LEVEL: "warn",
      WEB_CONCURRENCY: WORKERS,
    },
    timeoutMs: 120_000,
  });
  const shop = await shopIn(cluster.url);
  const load = startOrderLoad(server.url, shop, { clients: 20 });
  await sleep(STEADY_SECONDS * 1000);

  // 1. The primary's machine dies.
  const before = await cluster.members();
  const victim = before.find((member) => member.role === "leader")!.name;
  const heir = before.find((member) => member.role === "sync_standby")!.name;
  const answersBeforeKill = load.answers.length;
  const killedAt = Date.now();
  await cluster.kill(victim);
  const promotedAt = await leadingAt(cluster, heir);
  const failoverOrderAt = await firstAcceptedAfter(load, killedAt);
  const failoverAnswers = summarise(load.answers.slice(answersBeforeKill));
  await sleep(STEADY_SECONDS * 1000);

  // 2. It comes back, and a planned switchover hands the primary back to it.
  const restartedAt = Date.now();
  await cluster.restart(victim);
  await cluster.healthy(180_000);
  const rejoined = Date.now() - restartedAt;
  const answersBeforeSwitchover = load.answers.length;
  const askedAt = Date.now();
  await cluster.patronictl(["switchover", "--leader", heir, "--candidate", victim, "--force"]);
  await firstAcceptedAfter(load, Date.now());
  const pause = longestPause(load, askedAt);
  const switchoverAnswers = summarise(load.answers.slice(answersBeforeSwitchover));
  await sleep(STEADY_SECONDS * 1000);
  await load.stop();

  // 3. What the last primary holds.
  const connection = connectDatabase(cluster.url, { max: 1 });
  const { rows } = await connection.pool.query<{ idempotency_key: string; number: string }>(
    "select idempotency_key, id as number from orders where store_id = $1",
    [shop.storeId],
  );
  await connection.close();
  const stored = new Map(rows.map((row) => [row.idempotency_key, row.number]));
  const lost = [...load.acknowledged].filter(([key, { number }]) => stored.get(key) !== number).length;
  const doubled = rows.length - stored.size;
  const all = summarise(load.answers);
  const byStatus = Object.fromEntries(
    [...new Set(load.answers.map((answer) => answer.status))].map((status) => [
      status,
      load.answers.filter((answer) => answer.status === status).length,
    ]),
  );

  const failoverSeconds = (failoverOrderAt - killedAt) / 1000;
  console.log(
    `failover: ${victim}'s Patroni and PostgreSQL killed (SIGKILL); ${heir} led ${seconds(promotedAt - killedAt)} after the kill ` +
      `(bounded by the leader key's ttl of 20 s, renewed every loop_wait of 2 s: it expires 18–20 s after the kill), ` +
      `the first order accepted ${seconds(failoverOrderAt - promotedAt)} later (HAProxy's check of /primary every 0.5 s while a server is down, ` +
      `the shopper's retry every 0.1 s): ${failoverSeconds.toFixed(1)} s from the kill; ${failoverAnswers.unavailable} answers 503 meanwhile`,
  );
  console.log(
    `${victim} started again: rewound and streaming as the synchronous standby after ${seconds(rejoined)}`,
  );
  console.log(
    `switchover ${heir} → ${victim}: no order accepted for ${seconds(pause.ms)}, the first on ${victim} ` +
      `${seconds(pause.resumedAt - askedAt)} after patronictl was asked; ${switchoverAnswers.unavailable} answers 503 meanwhile`,
  );
  console.log(
    `orders: ${load.acknowledged.size} acknowledged, ${stored.size} stored on ${victim} (${lost} lost, ${doubled} twice); ` +
      `answers ${JSON.stringify(byStatus)}`,
  );

  // City-page throughput with reads on the asynchronous replica against the same on the primary.
  // The replica is reached directly: behind HAProxy's read-only port two standbys take turns, and
  // an instance's exactness check needs one replica (docs/decisions/047).
  await server.stop();
  const replica = (await cluster.members()).find((member) => member.role === "replica")!;
  const replicaUrl = new URL(cluster.url);
  replicaUrl.port = String(replica.port);
  console.log(
    `city-page throughput, reads on ${replica.name} (the asynchronous replica) against the primary:`,
  );
  await compareReplicaReads({
    primaryUrl: cluster.url,
    replicaUrl: replicaUrl.href,
    caughtUp: () => replayedAll(cluster.superuserUrl(), replicaUrl.href),
  });

  const checks = [
    {
      ok: failoverSeconds <= 25,
      what: `failover: first order ≤ 25 s after the kill (${failoverSeconds.toFixed(1)} s)`,
    },
    { ok: pause.ms <= 5_000, what: `switchover: orders again within 5 s (${seconds(pause.ms)})` },
  ];
  const correct = [
    {
      ok: lost === 0 && doubled === 0 && stored.size === load.acknowledged.size,
      what: `every acknowledged order stored once (${load.acknowledged.size} acknowledged, ${stored.size} stored)`,
    },
    {
      ok: all.other.length === 0 && all.noAnswer.length === 0 && all.unavailableWithoutRetryAfter === 0,
      what: `only 200 and 503 with Retry-After (${all.other.length} other, ${all.noAnswer.length} unanswered)`,
    },
  ];
  for (const check of [...checks, ...correct]) console.log(`${check.ok ? "✓" : "✗"} ${check.what}`);
  failed = correct.some((check) => !check.ok);
} finally {
  await server?.stop();
  await cluster.stop();
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
