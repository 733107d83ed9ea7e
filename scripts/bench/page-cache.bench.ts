/**
 * The rendered-page cache (docs/decisions/021), side by side in one run on this machine:
 * - throughput of the kept store page, city page and landing from the built server (cache on,
 *   default settings, its request log included, WEB_CONCURRENCY workers: one per core unless set),
 *   each side warmed up under the same load for WARM_SECONDS first,
 *   against the very same bytes and headers served by a bare Node `http` server with as many
 *   workers, in a process of its own — target ratio ≥ 0.8 for each. The load comes from wrk in its
 *   own process (two threads, 50 connections, gzip; installed like the tests' programs,
 *   scripts/prepare.mjs), else from autocannon's worker threads in a process of their own. Each page
 *   is loaded in BENCH_ROUNDS rounds of BENCH_SECONDS per server, the servers in turn first, and the
 *   median round's ratio is printed beside every round's;
 * - the database's work behind those hits: PostgreSQL transactions per 1,000 kept-page hits (the
 *   database's commits and rollbacks during a run, less what the idle server does in as long), and
 *   the reads of page_versions the cache reports (`tianguis_page_version_reads_total`, when the
 *   server exports it) — target 0 while the versions are kept by listening;
 * - a cold render (every request a miss: the page's versions are bumped before each) against the
 *   same page with the cache off (PAGE_CACHE_MB=0), which is how every page was rendered before:
 *   a miss must not be slower.
 * The machine's load is printed first: other work on its cores makes every figure lower. So each
 * page also gets the ratio of the CPU time both servers' processes used per request (Linux's /proc),
 * which other work on the machine does not lower.
 * Prints figures; asserts nothing.
 *
 *   npm run build && npm run bench -- page-cache
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { createClient } from "~/db/client.server";
import { startEmbeddedPostgres } from "~/db/embedded.server";
import { createLogger } from "~/lib/logger.server";
import { startServerProcess, type ServerProcess } from "../../tests/support/server-process";
import { capture, GZIP, loadApart, startStaticTwin, WRK, type LoadRun } from "./static-twin";
import { summary } from "./stats";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/**
 * Each page is measured in rounds, the two servers one after the other in each (in turn first), and
 * the ratio is the median round's: a shared machine's load drifts over a minute, and would otherwise
 * favour whichever side ran in the quieter seconds.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/**
 * Both servers answer each page under load this long before it is measured: their first requests
 * run code not yet compiled, and a server with more of it (ours) would pay for that in the figures.
 */
const WARM_SECONDS = 3;
const CONNECTIONS = 50;
const WORKERS = Number(process.env.WEB_CONCURRENCY ?? os.availableParallelism());
const TARGET = 0.8;
/**
 * A PostgreSQL backend sends its counts to pg_stat_database at most once a second while busy, and
 * within 10 s of going idle: a run's transactions are all counted this long after it ends.
 */
const STATS_SETTLE_MS = 11_000;
const COLD_RUNS = 100;
const PAGES = ["/panaderia-la-espiga", "/c/aguascalientes", "/"];

type Client = ReturnType<typeof createClient>;

async function timedGet(url: string) {
  const started = performance.now();
  const response = await fetch(url, { headers: GZIP });
  await response.arrayBuffer();
  return performance.now() - started;
}

/** The machine's cores and load before the run; a busy machine makes every figure lower. */
function printMachine() {
  const cores = os.availableParallelism();
  const [one, five, fifteen] = os.loadavg().map((value) => value.toFixed(2));
  console.log(`Machine: ${cores} cores, load average ${one} ${five} ${fifteen} (1, 5, 15 min)`);
  if (os.loadavg()[0]! > 0.5 * cores) {
    console.log(`  ⚠ load1 above half the cores (${cores / 2}): other work shares them, figures read low`);
  }
}

/** wrk, installed when missing and this machine can; else the bench says what it loads with. */
function checkLoadGenerator() {
  const found = spawnSync("node", ["scripts/prepare.mjs", "bench-programs", "page-cache"], {
    stdio: "inherit",
  });
  if (found.status !== 0) {
    console.log("wrk is missing: the load comes from autocannon's worker threads in a process of their own");
  }
}

/** Transactions the database has counted (commits and rollbacks), as of its last statistics. */
async function transactions(database: Client) {
  await database.query("select pg_stat_clear_snapshot()");
  const { rows } = await database.query<{ count: string }>(
    "select xact_commit + xact_rollback as count from pg_stat_database where datname = current_database()",
  );
  return Number(rows[0]!.count);
}

/** The sum of a metric's samples over its labels in the instance's /metrics, or null when absent. */
async function metric(server: ServerProcess, name: string, labels = "") {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const samples = [...text.matchAll(new RegExp(`^${name}(?:\\{([^}]*)\\})? (\\S+)$`, "gm"))];
  const matching = samples.filter(([, found = ""]) => found.includes(labels));
  return matching.length === 0 ? null : matching.reduce((sum, [, , value]) => sum + Number(value), 0);
}

/** Clock ticks per second of /proc's CPU times. */
const TICKS = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim() || 100);

/** The fields of /proc/<pid>/stat after the command's name (which may hold spaces). */
function procStat(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null;
  }
}

/**
 * CPU seconds (user and system) a process and its children have used so far, from Linux's /proc;
 * null elsewhere. A process's own time, unlike requests/s, does not fall when other work takes
 * the cores.
 */
function cpuSeconds(root: number): number | null {
  if (!existsSync(`/proc/${root}/stat`)) return null;
  const children = readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => procStat(pid)?.[1] === String(root));
  let ticks = 0;
  for (const pid of [root, ...children]) {
    const fields = procStat(pid);
    // utime and stime: the 14th and 15th fields, the 12th and 13th after the name.
    if (fields) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / TICKS;
}

/** A load run, with the microseconds of CPU its server's processes used per request. */
async function loadMeasured(url: string, pid: number) {
  const before = cpuSeconds(pid);
  const run = await loadApart(url, { connections: CONNECTIONS, seconds: SECONDS });
  const after = cpuSeconds(pid);
  const cpuUs =
    before === null || after === null || run.requests === 0 ? null : ((after - before) / run.requests) * 1e6;
  return { ...run, cpuUs };
}

/** What the database and the cache did during `run`: transactions, kept-page hits, version reads. */
async function databaseWork<T>(database: Client, server: ServerProcess, run: () => Promise<T>) {
  const before = {
    at: performance.now(),
    transactions: await transactions(database),
    hits: (await metric(server, "tianguis_page_cache_requests_total", 'result="hit"')) ?? 0,
    reads: await metric(server, "tianguis_page_version_reads_total"),
  };
  const result = await run();
  const counted = { hits: (await metric(server, "tianguis_page_cache_requests_total", 'result="hit"')) ?? 0 };
  const reads = await metric(server, "tianguis_page_version_reads_total");
  await sleep(STATS_SETTLE_MS);
  return {
    result,
    seconds: (performance.now() - before.at) / 1000,
    transactions: (await transactions(database)) - before.transactions,
    hits: counted.hits - before.hits,
    reads: reads === null || before.reads === null ? null : reads - before.reads,
  };
}

const perThousand = (count: number, hits: number) => (hits > 0 ? ((count / hits) * 1000).toFixed(1) : "—");

type MeasuredRun = LoadRun & { cpuUs: number | null };

/** One round of a page: our server's run and the static twin's, one after the other. */
type Round = { ours: MeasuredRun; bare: MeasuredRun };

/** CPU per request over runs: their CPU time over their requests. */
function cpuOver(runs: MeasuredRun[]) {
  if (runs.some((run) => run.cpuUs === null)) return null;
  const requests = runs.reduce((sum, run) => sum + run.requests, 0);
  return runs.reduce((sum, run) => sum + run.cpuUs! * run.requests, 0) / requests;
}

/** The median round's figures and ratio, every round's ratio, and the CPU per request of all rounds. */
function printPage(page: string, rounds: Round[]) {
  const ratios = rounds.map(({ ours, bare }) => ours.rps / bare.rps);
  const median = [...rounds].sort((a, b) => a.ours.rps / a.bare.rps - b.ours.rps / b.bare.rps)[
    Math.floor(rounds.length / 2)
  ]!;
  const { ours, bare } = median;
  const ratio = ours.rps / bare.rps;
  const errors = rounds.reduce((sum, round) => sum + round.ours.errors + round.bare.errors, 0);
  console.log(
    `  ${page.padEnd(22)} Tianguis ${ours.rps.toFixed(0).padStart(6)} req/s (p50 ${ours.p50.toFixed(2)} ms, p99 ${ours.p99.toFixed(2)} ms)` +
      ` · static ${bare.rps.toFixed(0).padStart(6)} req/s (p50 ${bare.p50.toFixed(2)} ms, p99 ${bare.p99.toFixed(2)} ms)` +
      ` · ratio ${ratio.toFixed(2)} ${ratio >= TARGET ? "✓" : `✗ below ${TARGET}`}` +
      ` (rounds ${ratios.map((each) => each.toFixed(2)).join(", ")})` +
      (errors > 0 ? ` · ${errors} errors` : ""),
  );
  const [oursCpu, bareCpu] = [
    cpuOver(rounds.map((round) => round.ours)),
    cpuOver(rounds.map((round) => round.bare)),
  ];
  if (oursCpu === null || bareCpu === null) return;
  const cpuRatio = bareCpu / oursCpu;
  console.log(
    `  ${"".padEnd(22)} CPU per request: Tianguis ${oursCpu.toFixed(0)} µs · static ${bareCpu.toFixed(0)} µs` +
      ` · ratio ${cpuRatio.toFixed(2)} ${cpuRatio >= TARGET ? "✓" : `✗ below ${TARGET}`} (the servers' own CPU time, every round)`,
  );
}

printMachine();
checkLoadGenerator();
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
const database = createClient({ connectionString: embedded.url });
await database.connect();
try {
  // Its request log goes to a file, as a service manager takes it, not through a pipe into the bench's
  // process: reading thousands of lines a second would take the cores both servers share.
  const cached = await startServerProcess({
    env: serverEnv("cached", { WEB_CONCURRENCY: String(WORKERS) }),
    logFile: path.join(dataDir, "cached-server.log"),
  });
  servers.push(cached);
  // wrk asks by address: localhost may name ::1 first, where the server does not listen.
  const origin = `http://127.0.0.1:${cached.port}`;

  // The very same bytes, from a process that only writes them.
  const captured: Parameters<typeof startStaticTwin>[1] = [];
  for (const page of PAGES) {
    await fetch(`${origin}${page}`, { headers: GZIP }).then((response) => response.arrayBuffer());
    captured.push([page, await capture(`${origin}${page}`)]);
  }
  staticServer = await startStaticTwin(dataDir, captured, { workers: WORKERS });

  // What the idle server asks of the database (jobs, health checks), to take from each run's count.
  const idle = await databaseWork(database, cached, () => sleep(2 * SECONDS * 1000));
  const idlePerSecond = idle.transactions / idle.seconds;

  console.log(
    `Throughput, ${WORKERS} workers each, ${CONNECTIONS} connections, gzip, ${ROUNDS} rounds of ${SECONDS} s each side, the median round` +
      ` (${existsSync(WRK) ? "wrk, 2 threads" : "autocannon, 2 worker threads"}, its own process); target: ratio ≥ ${TARGET}`,
  );
  const work: [string, Awaited<ReturnType<typeof databaseWork>>][] = [];
  for (const page of PAGES) {
    for (const server of [origin, staticServer.origin]) {
      await loadApart(`${server}${page}`, { connections: CONNECTIONS, seconds: WARM_SECONDS });
    }
    const measured = await databaseWork(database, cached, async () => {
      const rounds: Round[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const sides = [
          () => loadMeasured(`${origin}${page}`, cached.child.pid!),
          () => loadMeasured(`${staticServer!.origin}${page}`, staticServer!.pid),
        ];
        if (round % 2 === 1) {
          const bare = await sides[1]!();
          rounds.push({ ours: await sides[0]!(), bare });
        } else rounds.push({ ours: await sides[0]!(), bare: await sides[1]!() });
      }
      return rounds;
    });
    printPage(page, measured.result);
    work.push([page, measured]);
  }

  console.log(
    `PostgreSQL per 1,000 kept-page hits (idle server: ${idlePerSecond.toFixed(1)} transactions/s, taken off); target 0 while listening`,
  );
  for (const [page, measured] of work) {
    const extra = Math.max(0, measured.transactions - idlePerSecond * measured.seconds);
    const reads = measured.reads === null ? "not exported" : perThousand(measured.reads, measured.hits);
    console.log(
      `  ${page.padEnd(22)} ${measured.hits} hits · ${perThousand(extra, measured.hits)} transactions` +
        ` · ${reads} page_versions reads (tianguis_page_version_reads_total)`,
    );
  }

  // Cold renders: every request finds its page out of date.
  const uncached = await startServerProcess({ env: serverEnv("uncached", { PAGE_CACHE_MB: "0" }) });
  servers.push(uncached);
  console.log(`Cold render, ${COLD_RUNS} sequential requests each (time to last byte, loopback)`);
  for (const page of PAGES.slice(0, 2)) {
    const scopes = page.startsWith("/c/") ? [`city:${page.slice(3)}`] : [`store:${page.slice(1)}`];
    const miss: number[] = [];
    const before: number[] = [];
    for (let run = 0; run < COLD_RUNS + 10; run++) {
      await database.query(
        "insert into page_versions (scope, version) select unnest($1::text[]), 1 on conflict (scope) do update set version = page_versions.version + 1",
        [scopes],
      );
      const missMs = await timedGet(`${origin}${page}`);
      const beforeMs = await timedGet(`${uncached.url}${page}`);
      if (run >= 10) {
        miss.push(missMs);
        before.push(beforeMs);
      }
    }
    const [missed, rendered] = [summary(miss), summary(before)];
    console.log(
      `  ${page.padEnd(22)} miss: median ${missed.p50.toFixed(1)} ms, p95 ${missed.p95.toFixed(1)} ms` +
        ` · cache off (as before): median ${rendered.p50.toFixed(1)} ms, p95 ${rendered.p95.toFixed(1)} ms`,
    );
  }
} finally {
  await database.end();
  staticServer?.stop();
  for (const server of servers) await server.stop();
  await embedded.stop();
  await rm(dataDir, { recursive: true, force: true });
  await rm(postgresDir, { recursive: true, force: true });
}
