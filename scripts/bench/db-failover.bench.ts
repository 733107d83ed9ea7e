/**
 * Database failover: `node server.js` as `npm start` runs it (a worker per core, the embedded
 * PostgreSQL in the primary) while 20 shoppers place orders. Prints orders/s for 5 s before, during
 * and after a `kill -9` of the postmaster, the seconds from the database accepting connections
 * again to the first accepted order, and the count of 5xx other than 503 (target 0). Then stops
 * the database (SIGSTOP) and prints how long /healthz and /readyz take to answer (target ≤ 250 ms).
 * No asserts.
 *
 *   npm run bench -- db-failover          (BUILD_DIR=build-x to measure another build)
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createClient } from "~/db/client.server";
import { startOrderLoad, summarise } from "../../tests/support/order-load";
import { childrenOf, embeddedCluster, shopIn } from "../../tests/support/processes";
import { ROOT, startServerProcess } from "../../tests/support/server-process";

const PHASE_MS = 5_000;
const buildDir = process.env.BUILD_DIR ?? "build";
if (!existsSync(path.join(ROOT, buildDir, "server/index.js"))) {
  console.error(`No build in ${buildDir}/: run \`BUILD_DIR=${buildDir} npm run build\` first.`);
  process.exit(1);
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function acceptsConnections(url: string) {
  const client = createClient({ connectionString: url, connectionTimeoutMillis: 1_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), "tianguis-bench-failover-"));
const server = await startServerProcess({
  env: {
    DATA_DIR: dataDir,
    DEMO_DATA: "false",
    LOG_LEVEL: "warn",
    TRUST_PROXY: "loopback",
    WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? String(os.availableParallelism()),
  },
});
try {
  const shop = await shopIn((await embeddedCluster(dataDir)).url);
  const load = startOrderLoad(server.url, shop, { clients: 20 });
  await sleep(1_000);

  const beforeStart = Date.now();
  await sleep(PHASE_MS);
  const before = load.acknowledgedAfter(beforeStart) - load.acknowledgedAfter(Date.now());

  const cluster = await embeddedCluster(dataDir);
  const killedAt = Date.now();
  process.kill(cluster.pid, "SIGKILL");
  let backAt = 0;
  while (!backAt) {
    const current = await embeddedCluster(dataDir).catch(() => cluster);
    if (current.pid !== cluster.pid && (await acceptsConnections(current.url))) backAt = Date.now();
    else await sleep(20);
  }
  while (load.acknowledgedAfter(backAt) === 0) await sleep(10);
  const firstAfter = Math.min(
    ...[...load.acknowledged.values()].map((order) => order.at).filter((at) => at > backAt),
  );
  const duringEnd = Math.max(killedAt + PHASE_MS, firstAfter);
  while (Date.now() < duringEnd) await sleep(50);
  const during = load.acknowledgedAfter(killedAt) - load.acknowledgedAfter(duringEnd);
  const afterStart = Date.now();
  await sleep(PHASE_MS);
  const after = load.acknowledgedAfter(afterStart);
  await load.stop();
  const summary = summarise(load.answers);

  console.log(`orders/s before the kill:        ${(before / (PHASE_MS / 1000)).toFixed(1)}`);
  console.log(
    `orders/s from the kill:           ${(during / ((duringEnd - killedAt) / 1000)).toFixed(1)} (over ${((duringEnd - killedAt) / 1000).toFixed(1)} s)`,
  );
  console.log(`orders/s after:                   ${(after / (PHASE_MS / 1000)).toFixed(1)}`);
  console.log(`database down for:                ${((backAt - killedAt) / 1000).toFixed(2)} s`);
  console.log(
    `database back → first order:      ${((firstAfter - backAt) / 1000).toFixed(2)} s   (target ≤ 5 s)`,
  );
  console.log(
    `answers 503 (with Retry-After):   ${summary.unavailable - summary.unavailableWithoutRetryAfter}`,
  );
  console.log(
    `5xx other than 503:               ${summary.other.filter((a) => a.status >= 500).length}   (target 0)`,
  );
  console.log(`other statuses / no answer:       ${summary.other.length} / ${summary.noAnswer.length}`);

  // A database that hangs: the postmaster and every backend stopped.
  const { pid } = await embeddedCluster(dataDir);
  process.kill(pid, "SIGSTOP");
  const frozen = [pid, ...(await childrenOf(pid))];
  for (const each of frozen.slice(1)) process.kill(each, "SIGSTOP");
  try {
    for (const probe of ["/healthz", "/readyz"]) {
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        const response = await fetch(`${server.url}${probe}`);
        await response.arrayBuffer();
        times.push(performance.now() - started);
      }
      console.log(
        `${probe} on a stopped database:  max ${Math.max(...times).toFixed(0)} ms of 5   (target ≤ 250 ms)`,
      );
    }
  } finally {
    for (const each of frozen) process.kill(each, "SIGCONT");
  }
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
