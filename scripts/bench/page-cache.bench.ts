/**
 * The rendered-page cache (docs/decisions/021), side by side in one run on this machine:
 * - throughput of the store page, the city page and the landing from the built server (cache on,
 *   default settings, its request log included) against the very same bytes and headers served
 *   by a bare Node `http` server in its own process — target ratio ≥ 0.5 for the store and city
 *   pages (autocannon, 50 connections, gzip, BENCH_SECONDS each);
 * - a cold render (every request a miss: the page's versions are bumped before each) against the
 *   same page with the cache off (PAGE_CACHE_MB=0), which is how every page was rendered before:
 *   a miss must not be slower.
 * Prints figures; asserts nothing.
 *
 *   npm run build && npm run bench -- page-cache
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { startEmbeddedPostgres } from "~/db/embedded.server";
import { createLogger } from "~/lib/logger.server";
import { startServerProcess, type ServerProcess } from "../../tests/support/server-process";
import { capture, GZIP, load, startStaticTwin } from "./static-twin";
import { summary } from "./stats";
import { createClient } from "~/db/client.server";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const COLD_RUNS = 100;
const PAGES = [
  { path: "/panaderia-la-espiga", target: true },
  { path: "/c/aguascalientes", target: true },
  { path: "/", target: false },
];

async function timedGet(url: string) {
  const started = performance.now();
  const response = await fetch(url, { headers: GZIP });
  await response.arrayBuffer();
  return performance.now() - started;
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), "tianguis-bench-page-cache-"));
// One database for both servers (the demo marketplace), so the bench can make pages out of date.
const postgresDir = await mkdtemp(path.join(os.tmpdir(), "tianguis-bench-page-cache-db-"));
const embedded = await startEmbeddedPostgres({
  dataDir: postgresDir,
  logger: createLogger("warn"),
  databaseName: "tianguis_bench",
});
const servers: ServerProcess[] = [];
let staticServer: Awaited<ReturnType<typeof startStaticTwin>> | undefined;
const serverEnv = (name: string, extra: Record<string, string> = {}) => ({
  DATABASE_URL: embedded.url,
  DATA_DIR: path.join(dataDir, name),
  DEMO_DATA: "true",
  ...extra,
});
try {
  const cached = await startServerProcess({ env: serverEnv("cached") });
  servers.push(cached);

  // The very same bytes, from a process that only writes them.
  const captured: Parameters<typeof startStaticTwin>[1] = [];
  for (const page of PAGES) {
    await fetch(`${cached.url}${page.path}`, { headers: GZIP }).then((response) => response.arrayBuffer());
    captured.push([page.path, await capture(`${cached.url}${page.path}`)]);
  }
  staticServer = await startStaticTwin(dataDir, captured);

  console.log(
    `Throughput, ${CONNECTIONS} connections, gzip, ${SECONDS} s each (autocannon); target: ratio ≥ 0.5 for the store and city pages`,
  );
  for (const page of PAGES) {
    const [ours, bare] = [
      await load(`${cached.url}${page.path}`, { connections: CONNECTIONS, seconds: SECONDS }),
      await load(`${staticServer.origin}${page.path}`, { connections: CONNECTIONS, seconds: SECONDS }),
    ];
    const ratio = ours.rps / bare.rps;
    console.log(
      `  ${page.path.padEnd(22)} Tianguis ${ours.rps.toFixed(0).padStart(6)} req/s (p99 ${ours.p99} ms)` +
        ` · static ${bare.rps.toFixed(0).padStart(6)} req/s (p99 ${bare.p99} ms)` +
        ` · ratio ${ratio.toFixed(2)}${page.target ? (ratio >= 0.5 ? " ✓" : " ✗ below 0.5") : ""}` +
        (ours.errors + bare.errors > 0 ? ` · ${ours.errors + bare.errors} errors` : ""),
    );
  }

  // Cold renders: every request finds its page out of date.
  const database = createClient({ connectionString: embedded.url });
  await database.connect();
  const uncached = await startServerProcess({ env: serverEnv("uncached", { PAGE_CACHE_MB: "0" }) });
  servers.push(uncached);
  console.log(`Cold render, ${COLD_RUNS} sequential requests each (time to last byte, loopback)`);
  for (const page of PAGES.filter((candidate) => candidate.target)) {
    const scopes = page.path.startsWith("/c/")
      ? [`city:${page.path.slice(3)}`]
      : [`store:${page.path.slice(1)}`];
    const miss: number[] = [];
    const before: number[] = [];
    for (let run = 0; run < COLD_RUNS + 10; run++) {
      await database.query(
        "insert into page_versions (scope, version) select unnest($1::text[]), 1 on conflict (scope) do update set version = page_versions.version + 1",
        [scopes],
      );
      const missMs = await timedGet(`${cached.url}${page.path}`);
      const beforeMs = await timedGet(`${uncached.url}${page.path}`);
      if (run >= 10) {
        miss.push(missMs);
        before.push(beforeMs);
      }
    }
    const [missed, rendered] = [summary(miss), summary(before)];
    console.log(
      `  ${page.path.padEnd(22)} miss: median ${missed.p50.toFixed(1)} ms, p95 ${missed.p95.toFixed(1)} ms` +
        ` · cache off (as before): median ${rendered.p50.toFixed(1)} ms, p95 ${rendered.p95.toFixed(1)} ms`,
    );
  }
  await database.end();
} finally {
  staticServer?.stop();
  for (const server of servers) await server.stop();
  await embedded.stop();
  await rm(dataDir, { recursive: true, force: true });
  await rm(postgresDir, { recursive: true, force: true });
}
