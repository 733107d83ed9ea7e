/**
 * Login flood (docs/decisions/011): 40 hostile logins at once — unknown e-mails and wrong passwords, each
 * from its own address behind a trusted proxy — against the built server, while the owner signs
 * in from the phone they signed in from before (it carries the known-device cookie), someone
 * signs in from a browser never used before, and a browser keeps fetching static files. Prints
 * both logins' times (target < 2 s for the owner), static-file latency (target p99 < 100 ms)
 * and the server's peak RSS (no asserts).
 *
 *   npm run build && npm run bench -- login-flood     (BENCH_HOSTILE=80 for a bigger flood)
 */
import { readFileSync, readdirSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { connectDatabase } from "~/db/client.server";
import { startEmbeddedPostgres } from "~/db/embedded.server";
import { createOwner } from "~/db/factories.server";
import { runMigrations } from "~/db/migrate.server";
import { createLogger } from "~/lib/logger.server";
import { ROOT, startServerProcess } from "../../tests/support/server-process";
import { percentile } from "./stats";

const HOSTILE = Number(process.env.BENCH_HOSTILE ?? 40);
/** The owner presses "Entrar" this long after the flood began. */
const OWNER_DELAY_MS = 300;

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resident memory of a process, in MiB, as Linux reports it (VmHWM is the peak so far). */
function memoryOf(pid: number, field: "VmRSS" | "VmHWM") {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((entry) => entry.startsWith(`${field}:`));
  return Number(line?.match(/\d+/)?.[0] ?? 0) / 1024;
}

async function timed(run: () => Promise<Response>) {
  const started = performance.now();
  const response = await run();
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "tianguis-bench-login-"));
  const serverDir = await mkdtemp(path.join(os.tmpdir(), "tianguis-bench-server-"));
  const logger = createLogger("warn");
  const embedded = await startEmbeddedPostgres({ dataDir, logger, databaseName: "tianguis_bench" });
  const connection = connectDatabase(embedded.url, { max: 5 });
  try {
    await runMigrations(embedded.url);
    const owner = await createOwner(connection.db, { password: "la-buena-del-dueno" });
    const server = await startServerProcess({
      env: {
        DATABASE_URL: embedded.url,
        DEMO_DATA: "false",
        DATA_DIR: serverDir,
        LOG_LEVEL: "warn",
        TRUST_PROXY: "1",
        BUILD_DIR: process.env.BUILD_DIR ?? "build",
      },
      // BENCH_PROFILE=<dir>: a CPU profile of the server through the flood.
      command: process.env.BENCH_PROFILE
        ? ["node", "--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE}`, "server.js"]
        : undefined,
    });
    try {
      await flood(server.url, server.child.pid!, owner);
    } finally {
      await server.stop();
    }
  } finally {
    await connection.close();
    await embedded.stop();
    await rm(dataDir, { recursive: true, force: true });
    await rm(serverDir, { recursive: true, force: true });
  }
}

async function flood(baseUrl: string, pid: number, owner: { email: string; password: string }) {
  const asset = readdirSync(path.join(ROOT, process.env.BUILD_DIR ?? "build", "client", "assets")).find(
    (file) => file.endsWith(".css"),
  );
  const staticPaths = ["/favicon.svg", ...(asset ? [`/assets/${asset}`] : [])];
  const post = (email: string, password: string, ip: string, cookie = "") =>
    fetch(`${baseUrl}/i/login`, {
      method: "POST",
      body: new URLSearchParams({ email, password }),
      headers: { "x-forwarded-for": ip, cookie },
      redirect: "manual",
    });
  const login = (email: string, password: string, ip: string, cookie = "") =>
    timed(() => post(email, password, ip, cookie));
  // Yesterday, on the phone: the server is warm and the phone carries its known-device cookie.
  const yesterday = await post(owner.email, owner.password, "192.0.2.10");
  const deviceCookie = yesterday.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith("tianguis.device="))
    ?.split(";")[0];
  for (const staticPath of staticPaths) await (await fetch(`${baseUrl}${staticPath}`)).arrayBuffer();
  const quiet: number[] = [];
  for (let index = 0; index < 100; index++) {
    quiet.push((await timed(() => fetch(`${baseUrl}${staticPaths[index % staticPaths.length]}`))).ms);
  }
  quiet.sort((a, b) => a - b);
  const rssBefore = memoryOf(pid, "VmRSS");

  let flooding = true;
  let peakRss = rssBefore;
  const sampler = (async () => {
    while (flooding) {
      peakRss = Math.max(peakRss, memoryOf(pid, "VmRSS"));
      await pause(50);
    }
  })();
  const staticSamples: number[] = [];
  const browser = (async () => {
    for (let index = 0; flooding; index++) {
      const staticPath = staticPaths[index % staticPaths.length]!;
      staticSamples.push((await timed(() => fetch(`${baseUrl}${staticPath}`))).ms);
      await pause(20);
    }
  })();

  const started = performance.now();
  const hostile = Promise.all(
    Array.from({ length: HOSTILE }, (_, i) =>
      i % 2 === 0
        ? login(`nadie-${i}@example.com`, "adivinanza", `10.0.${i >> 8}.${i & 255}`)
        : login(owner.email, `adivinanza-${i}`, `10.1.${i >> 8}.${i & 255}`),
    ),
  ).then((results) => ({ results, ms: performance.now() - started }));
  await pause(OWNER_DELAY_MS);
  const [ownerLogin, newBrowserLogin] = await Promise.all([
    login(owner.email, owner.password, "192.0.2.10", deviceCookie),
    login(owner.email, owner.password, "192.0.2.11"),
  ]);
  const { results, ms: floodMs } = await hostile;
  flooding = false;
  await Promise.all([sampler, browser]);
  const peakHwm = memoryOf(pid, "VmHWM");

  const byStatus = new Map<number, number>();
  for (const result of results) byStatus.set(result.status, (byStatus.get(result.status) ?? 0) + 1);
  const sorted = [...staticSamples].sort((a, b) => a - b);
  const slowest = [...results].sort((a, b) => b.ms - a.ms)[0]!;
  console.log(`Login flood: ${HOSTILE} hostile logins at once on ${os.availableParallelism()} cores`);
  console.log(
    `  hostile answers: ${[...byStatus].map(([status, n]) => `${n}× ${status}`).join(", ")}; all answered in ${fmt(floodMs)} (slowest ${fmt(slowest.ms)})`,
  );
  console.log(
    `  owner login ${OWNER_DELAY_MS} ms into the flood, known phone: ${fmt(ownerLogin.ms)} → ${ownerLogin.status} (target < 2 s, 302 = signed in)`,
  );
  console.log(
    `  same login from a browser never used before: ${fmt(newBrowserLogin.ms)} → ${newBrowserLogin.status} (503 = "espera unos segundos")`,
  );
  console.log(
    `  static files (${staticPaths.join(", ")}), ${sorted.length} requests: p50 ${fmt(percentile(sorted, 50))}  p99 ${fmt(percentile(sorted, 99))}  max ${fmt(sorted.at(-1)!)} (target p99 < 100 ms)`,
  );
  console.log(
    `  the same static files without a flood: p50 ${fmt(percentile(quiet, 50))}  p99 ${fmt(percentile(quiet, 99))}`,
  );
  console.log(
    `  server RSS: ${rssBefore.toFixed(0)} MiB before, peak ${Math.max(peakRss, peakHwm).toFixed(0)} MiB during the flood`,
  );
}

await main();
