/**
 * City-page throughput with the public reads on a read replica against the same on the primary,
 * side by side in one run (docs/decisions/047), for `npm run bench -- replica-reads` (a primary and
 * its streaming replica) and `npm run bench -- failover` (the Patroni cluster's primary and its
 * asynchronous replica). Two instances of the built server as `npm start` runs them (a worker per
 * core), one with DATABASE_REPLICA_URL, one without, on the same demo marketplace. Each request is
 * a city search with a four-letter term never asked before (the page cache cannot answer it: each
 * is a render, whose reads are routed), loaded by wrk in its own process, BENCH_CONNECTIONS (50)
 * connections, gzip, BENCH_SECONDS (10) a run, in the order replica, primary, primary, replica.
 * Prints each run, and for the replica's instance how many reads the replica served and how many
 * it sent back to the primary, by reason. Asserts nothing. The databases and the servers share this
 * machine's cores: the figure says what moving the reads costs or saves here, not what a replica on
 * a machine of its own adds.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { startServerProcess, type ServerProcess } from "../../tests/support/server-process";
import { wrkFigures } from "./static-twin";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WRK = process.env.WRK_PATH ?? "/usr/bin/wrk";
const CITY = "/c/aguascalientes";

/** Each wrk thread asks for four random letters per request: about 457,000 terms, few asked twice. */
const UNSEEN_SEARCHES = `
local letters = "abcdefghijklmnopqrstuvwxyz"
setup = function(thread) thread:set("seed", math.random(1, 2147483647)) end
init = function() math.randomseed(seed + os.time()) end
request = function()
  local term = {}
  for i = 1, 4 do
    local n = math.random(1, 26)
    term[i] = letters:sub(n, n)
  end
  return wrk.format("GET", "${CITY}?q=" .. table.concat(term), { ["Accept-Encoding"] = "gzip" })
end
`;

type Run = { rps: number; p50: string; p99: string; errors: number };

async function load(url: string, script: string): Promise<Run> {
  const { stdout } = await promisify(execFile)(
    WRK,
    ["-t2", `-c${CONNECTIONS}`, `-d${SECONDS}s`, "--latency", "-s", script, url],
    { maxBuffer: 1 << 20 },
  );
  const figures = wrkFigures(stdout);
  return {
    rps: figures.rps,
    p50: figures.latencyText("50"),
    p99: figures.latencyText("99"),
    errors: figures.errors,
  };
}

/** The replica counters of an instance's /metrics: reads served there and sent back, by reason. */
async function replicaCounters(server: ServerProcess) {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const served = Number(/^tianguis_db_replica_reads_total (\S+)$/m.exec(text)?.[1] ?? 0);
  const back = new Map<string, number>();
  for (const [, reason, value] of text.matchAll(
    /^tianguis_db_replica_fallbacks_total\{reason="([^"]+)"\} (\S+)$/gm,
  )) {
    back.set(reason!, Number(value));
  }
  return { served, back };
}

/**
 * Runs the comparison against `primaryUrl` (where the demo marketplace is made) and `replicaUrl`
 * (one replica of it, reached directly); `caughtUp` resolves once the replica has replayed what the
 * primary holds.
 */
export async function compareReplicaReads({
  primaryUrl,
  replicaUrl,
  caughtUp,
}: {
  primaryUrl: string;
  replicaUrl: string;
  caughtUp: () => Promise<unknown>;
}) {
  if (!existsSync(WRK)) throw new Error(`wrk is not at ${WRK}: apt-get install wrk (or set WRK_PATH)`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "tianguis-bench-replica-"));
  const script = path.join(dataDir, "unseen-searches.lua");
  await writeFile(script, UNSEEN_SEARCHES);
  const servers: ServerProcess[] = [];
  try {
    const common = {
      DATABASE_URL: primaryUrl,
      DATA_DIR: dataDir,
      DEMO_DATA: "true",
      LOG_LEVEL: "warn",
      WEB_CONCURRENCY: String(os.availableParallelism()),
    };
    // The first instance seeds the demo marketplace on the primary; the replica streams it.
    const onReplica = await startServerProcess({
      env: { ...common, DATABASE_REPLICA_URL: replicaUrl },
      timeoutMs: 180_000,
    });
    servers.push(onReplica);
    const onPrimary = await startServerProcess({ env: common, timeoutMs: 180_000 });
    servers.push(onPrimary);
    await caughtUp();
    // Each instance renders the city page once, so every run renders only its searches.
    for (const server of servers) await fetch(`${server.url}${CITY}`);

    const results: Record<"replica" | "primary", Run[]> = { replica: [], primary: [] };
    const before = await replicaCounters(onReplica);
    for (const where of ["replica", "primary", "primary", "replica"] as const) {
      const server = where === "replica" ? onReplica : onPrimary;
      results[where].push(await load(server.url, script));
    }
    const after = await replicaCounters(onReplica);

    const mean = (runs: Run[]) => runs.reduce((sum, run) => sum + run.rps, 0) / runs.length;
    console.log(
      `City searches never asked before, ${CONNECTIONS} connections, gzip, ${SECONDS} s a run (wrk, its own process); ` +
        `PostgreSQL 15 primary and streaming replica, ${os.availableParallelism()} workers an instance, all on this machine`,
    );
    for (const where of ["replica", "primary"] as const) {
      const runs = results[where]
        .map(
          (run) =>
            `${run.rps.toFixed(0).padStart(5)} req/s (p50 ${run.p50}, p99 ${run.p99}, ${run.errors} errors)`,
        )
        .join(" · ");
      console.log(
        `  reads on the ${where.padEnd(7)} ${mean(results[where]).toFixed(0).padStart(5)} req/s mean: ${runs}`,
      );
    }
    const backs = [...after.back]
      .map(([reason, value]) => [reason, value - (before.back.get(reason) ?? 0)] as const)
      .filter(([, value]) => value > 0)
      .map(([reason, value]) => `${reason} ${value}`);
    console.log(
      `  the replica's instance: ${after.served - before.served} reads served by the replica, ` +
        `sent back to the primary: ${backs.length > 0 ? backs.join(", ") : "none"}`,
    );
    console.log(`  ratio replica / primary ${(mean(results.replica) / mean(results.primary)).toFixed(2)}`);
  } finally {
    for (const server of servers) await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
