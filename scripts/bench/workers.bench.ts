/**
 * Rendering throughput of pages the cache cannot answer, with one worker and with one per core,
 * side by side: the demo's store page, product page and city page rendered for every request
 * (PAGE_CACHE_MB=0), autocannon with 20 connections and gzip for BENCH_SECONDS each. Prints
 * pages/s and p99 for each, and the ratio (target ≥ 1.6 × on 2 cores). No asserts.
 *
 * The load generator, PostgreSQL and each worker's own threads (garbage collection, gzip) run on the
 * same cores as the workers' main threads. So beside each run it prints how many cores the machine
 * kept busy and how many the workers' main threads took, and with one worker the most that one per
 * core could reach here if every page cost what it did: the cores divided by the cores kept busy.
 *
 *   npm run bench -- workers              (BENCH_SECONDS=10 by default)
 */
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { childrenOf } from "../../tests/support/processes";
import { ROOT, startServerProcess } from "../../tests/support/server-process";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;
/** /proc/stat counts in USER_HZ, which Linux fixes at 100 for every reader. */
const TICKS_PER_SECOND = 100;
const GZIP = { "Accept-Encoding": "gzip" };
/** The store page, one of its products' page (its id is random: read from the sitemap) and the city. */
const PAGES = ["/panaderia-la-espiga", "product", "/c/aguascalientes"];
const buildDir = process.env.BUILD_DIR ?? "build";
if (!existsSync(path.join(ROOT, buildDir, "server/index.js"))) {
  console.error(`No build in ${buildDir}/: run \`BUILD_DIR=${buildDir} npm run build\` first.`);
  process.exit(1);
}

const cores = os.availableParallelism();
const dataDir = await mkdtemp(path.join(os.tmpdir(), "tianguis-bench-workers-"));
type Run = { rps: number; p99: number; busy: number; mainThreads: number };
const results: Record<string, Record<number, Run>> = {};
try {
  for (const workers of [1, cores]) {
    const server = await startServerProcess({
      env: {
        DATA_DIR: dataDir,
        DEMO_DATA: "true",
        LOG_LEVEL: "warn",
        PAGE_CACHE_MB: "0",
        WEB_CONCURRENCY: String(workers),
      },
      timeoutMs: 180_000,
    });
    try {
      const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
      const product = /https?:\/\/[^/<]+(\/panaderia-la-espiga\/p\/[^<]+)</.exec(sitemap)?.[1];
      if (!product) throw new Error("no product of the demo bakery in the sitemap");
      for (const name of PAGES) {
        const page = name === "product" ? product : name;
        const check = await fetch(`${server.url}${page}`);
        if (check.status !== 200) throw new Error(`${page} answered ${check.status}`);
        // A short warm-up, so that both runs measure warm processes.
        await autocannon({
          url: `${server.url}${page}`,
          connections: CONNECTIONS,
          duration: 2,
          headers: GZIP,
        });
        const before = await cpuTicks(server.child.pid!);
        const result = await autocannon({
          url: `${server.url}${page}`,
          connections: CONNECTIONS,
          duration: SECONDS,
          headers: GZIP,
        });
        const after = await cpuTicks(server.child.pid!);
        (results[name] ??= {})[workers] = {
          rps: result.requests.average,
          p99: result.latency.p99,
          busy: (after.busy - before.busy) / TICKS_PER_SECOND / SECONDS,
          mainThreads: (after.mainThreads - before.mainThreads) / TICKS_PER_SECOND / SECONDS,
        };
      }
    } finally {
      await server.stop();
    }
  }
  console.log(`uncached pages, ${CONNECTIONS} connections, ${SECONDS} s each, on ${cores} cores`);
  for (const page of PAGES) {
    const one = results[page]![1]!;
    const many = results[page]![cores]!;
    console.log(
      `${(page === "product" ? "a product's page" : page).padEnd(20)} 1 worker ${one.rps.toFixed(0).padStart(5)}/s p99 ${String(one.p99).padStart(4)} ms · ` +
        `${cores} workers ${many.rps.toFixed(0).padStart(5)}/s p99 ${String(many.p99).padStart(4)} ms · ` +
        `${(many.rps / one.rps).toFixed(2)}×   (target ≥ 1.6×)`,
    );
    if (one.busy > 0) {
      console.log(
        `${"".padEnd(20)} cores busy: ${one.busy.toFixed(2)} (main thread ${one.mainThreads.toFixed(2)}) · ` +
          `${many.busy.toFixed(2)} (main threads ${many.mainThreads.toFixed(2)}) · ` +
          `at most ${(cores / one.busy).toFixed(2)}× here`,
      );
    }
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}

/**
 * The machine's busy processor time (all cores, every process) and the main threads' of the
 * server's Node processes (the one process, or the primary and its workers), in ticks. Zeros where
 * /proc is missing: the figures beside the ratio are then left out.
 */
async function cpuTicks(serverPid: number) {
  try {
    const [cpu] = (await readFile("/proc/stat", "utf8")).split("\n");
    const fields = cpu!.trim().split(/\s+/).slice(1).map(Number);
    const idle = fields[3]! + fields[4]!;
    const busy = fields.slice(0, 8).reduce((sum, value) => sum + value, 0) - idle;
    return { busy, mainThreads: await nodeMainThreads(serverPid) };
  } catch {
    return { busy: 0, mainThreads: 0 };
  }
}

/**
 * The main threads' ticks of `pid` and its descendants that are Node: the primary and its workers,
 * not PostgreSQL and its backends.
 */
async function nodeMainThreads(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/task/${pid}/stat`, "utf8").catch(() => "");
  if (stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")) !== "node") return 0;
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  let ticks = Number(fields[11]) + Number(fields[12]);
  for (const child of await childrenOf(pid)) ticks += await nodeMainThreads(child);
  return ticks;
}
