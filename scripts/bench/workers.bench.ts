/**
 * Rendering throughput of pages the cache cannot answer, with one worker and with one per core,
 * side by side: the demo's store page, product page and city page rendered for every request
 * (PAGE_CACHE_MB=0), autocannon with 20 connections and gzip for BENCH_SECONDS each. Prints
 * pages/s and p99 for each, and the ratio (target ≥ 1.6 × on 2 cores). No asserts.
 *
 *   npm run bench -- workers              (BENCH_SECONDS=10 by default)
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { ROOT, startServerProcess } from "../../tests/support/server-process";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;
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
const results: Record<string, Record<number, { rps: number; p99: number }>> = {};
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
        const result = await autocannon({
          url: `${server.url}${page}`,
          connections: CONNECTIONS,
          duration: SECONDS,
          headers: GZIP,
        });
        (results[name] ??= {})[workers] = { rps: result.requests.average, p99: result.latency.p99 };
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
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
