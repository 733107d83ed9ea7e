// Shared by `npm start` and `npm test`: a fresh clone needs only Node and npm.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", cwd: root, env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/**
 * `run` for the long steps of a first start: says every 15 s that it is still at it and how long it
 * has taken, so that a newcomer watching a quiet terminal knows it has not hung.
 */
export async function runWithProgress(what, command, args, env = {}) {
  const started = Date.now();
  const seconds = () => Math.round((Date.now() - started) / 1000);
  const heartbeat = setInterval(() => console.log(`  … ${what} (${seconds()} s)`), 15_000);
  const status = await new Promise((resolve) => {
    const child = spawn(command, args, { stdio: "inherit", cwd: root, env: { ...process.env, ...env } });
    child.on("exit", (code) => resolve(code ?? 1));
    child.on("error", () => resolve(1));
  });
  clearInterval(heartbeat);
  if (status !== 0) process.exit(status);
  console.log(`  ${what}: listo en ${seconds()} s.`);
}

export function checkNodeVersion() {
  const [major, minor] = process.versions.node.split(".").map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    console.error(`Tianguis necesita Node 20.19 o más reciente (tienes ${process.versions.node}).`);
    process.exit(1);
  }
}

/** Whether package-lock.json differs from the one last installed, and the stamp that says so. */
function installState() {
  const lockHash = createHash("sha256")
    .update(readFileSync(path.join(root, "package-lock.json")))
    .digest("hex");
  const stamp = path.join(root, "node_modules", ".tianguis-lock-hash");
  return { current: existsSync(stamp) && readFileSync(stamp, "utf8") === lockHash, stamp, lockHash };
}

/** Installs dependencies when package-lock.json differs from the one last installed. */
export async function ensureInstalled() {
  const { current, stamp, lockHash } = installState();
  if (current) return;
  refuseToPrepareWhenAsked("las dependencias no están instaladas (npm install)");
  console.log(
    "Instalando dependencias con npm: la primera vez tarda unos minutos (descarga cerca de 1,000 paquetes); después ya no se repite…",
  );
  await runWithProgress("instalando dependencias", "npm", [
    "install",
    "--no-audit",
    "--no-fund",
    "--include=dev",
  ]);
  writeFileSync(stamp, lockHash);
}

/**
 * TIANGUIS_NO_PREPARE=1 says the checkout was installed and built beforehand (`npm test` sets it
 * for the servers its tests start with `npm start`): then nothing is installed or rebuilt in place
 * under processes that run from the build; a stale checkout is an error that says what to run.
 */
function refuseToPrepareWhenAsked(what) {
  if (process.env.TIANGUIS_NO_PREPARE !== "1") return;
  console.error(`TIANGUIS_NO_PREPARE=1, pero ${what}: ejecuta npm install y npm run build antes.`);
  process.exit(1);
}

/** Unit tests sit beside the code they test; the build never includes them. */
const isTest = (name) => /\.test\.tsx?$/.test(name);

/** Every build input file under `entry`, with its size and modification time. */
function inputFiles(entry, files = []) {
  const stats = statSync(entry);
  if (!stats.isDirectory()) {
    files.push(`${path.relative(root, entry)}\0${stats.size}\0${stats.mtimeMs}`);
    return files;
  }
  for (const name of readdirSync(entry).sort()) {
    if (!isTest(name)) inputFiles(path.join(entry, name), files);
  }
  return files;
}

/** What the build is made from, as one hash: each input file's path, size and modification time. */
function buildInputsFingerprint() {
  const sources = [
    "app",
    "server",
    "public",
    "drizzle",
    "vite.config.ts",
    "react-router.config.ts",
    "package-lock.json",
  ]
    .map((entry) => path.join(root, entry))
    .filter((entry) => existsSync(entry));
  return createHash("sha256")
    .update(sources.flatMap((entry) => inputFiles(entry)).join("\n"))
    .digest("hex");
}

const buildDir = () => path.join(root, process.env.BUILD_DIR ?? "build");

/** `npm run build`: the app and its precompressed assets, stamped with the inputs they came from. */
export function build(fingerprint = buildInputsFingerprint()) {
  run("npx", ["react-router", "build"], { NODE_ENV: "production" });
  run("node", ["scripts/compress-assets.mjs"]);
  writeFileSync(path.join(buildDir(), ".tianguis-inputs"), fingerprint);
}

/**
 * Builds when the build inputs (sources, not their tests) differ from those of the last build: a
 * file added, removed or changed. Editing a test never rebuilds.
 */
export async function ensureBuilt() {
  const fingerprint = buildInputsFingerprint();
  const stamp = path.join(buildDir(), ".tianguis-inputs");
  const built = existsSync(path.join(buildDir(), "server/index.js")) && existsSync(stamp);
  if (built && readFileSync(stamp, "utf8") === fingerprint) return;
  refuseToPrepareWhenAsked("el código cambió desde la última construcción (npm run build)");
  console.log("Construyendo Tianguis: la aplicación y sus archivos comprimidos (un minuto o dos)…");
  await runWithProgress("construyendo la aplicación", "npx", ["react-router", "build"], {
    NODE_ENV: "production",
  });
  await runWithProgress("comprimiendo sus archivos", "node", ["scripts/compress-assets.mjs"]);
  writeFileSync(path.join(buildDir(), ".tianguis-inputs"), fingerprint);
}

/** A program the tests run, the Debian package that brings it, and the test projects that need it. */
const TEST_PROGRAMS = [
  // The browser tests drive Chromium's headless shell; the push tests the full browser, which alone
  // has the Push API (tests/support/chromium.ts).
  { debian: "chromium", projects: ["e2e"], paths: [process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"] },
  {
    debian: "chromium-headless-shell",
    projects: ["e2e"],
    paths: [process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell"],
  },
  {
    // Stores' own domains over HTTPS (browser), instances balanced and one killed (integration).
    debian: "caddy",
    projects: ["e2e", "integration"],
    paths: [process.env.CADDY_PATH, "/usr/bin/caddy", "/usr/local/bin/caddy"].filter(Boolean),
  },
  {
    // Tianguis behind PgBouncer in transaction mode (tests/integration/pgbouncer.test.ts).
    debian: "pgbouncer",
    projects: ["integration"],
    paths: [process.env.PGBOUNCER_PATH, "/usr/sbin/pgbouncer", "/usr/bin/pgbouncer"].filter(Boolean),
  },
  // A Patroni cluster of PostgreSQL 15 with etcd and HAProxy in front, its primary killed and
  // switched over under load (tests/support/patroni.ts, tests/integration/patroni-failover.test.ts).
  { debian: "patroni", projects: ["integration"], paths: [process.env.PATRONI_PATH ?? "/usr/bin/patroni"] },
  { debian: "etcd-server", projects: ["integration"], paths: [process.env.ETCD_PATH ?? "/usr/bin/etcd"] },
  { debian: "haproxy", projects: ["integration"], paths: [process.env.HAPROXY_PATH ?? "/usr/sbin/haproxy"] },
  {
    // PostgreSQL 15's own programs: Patroni's nodes, and a primary with a streaming read replica
    // (tests/support/replica.ts: initdb, pg_ctl and pg_basebackup).
    debian: "postgresql-15",
    projects: ["integration"],
    paths: [`${process.env.POSTGRES_BIN ?? "/usr/lib/postgresql/15/bin"}/pg_basebackup`],
  },
];

/**
 * The programs the benches run that npm does not bring, and the benches that use them: wrk, a load
 * generator in a process of its own (scripts/bench/static-twin.ts `loadApart`); Caddy, the HTTPS
 * and HTTP/2 front a phone reaches the pages through (scripts/bench/page-speed.bench.ts).
 */
const BENCH_PROGRAMS = [
  { debian: "wrk", benches: ["page-cache"], paths: [process.env.WRK_PATH ?? "/usr/bin/wrk"] },
  {
    debian: "caddy",
    benches: ["page-speed"],
    paths: [process.env.CADDY_PATH, "/usr/bin/caddy", "/usr/local/bin/caddy"].filter(Boolean),
  },
];

/** The Debian packages of `programs` none of whose paths exists here. */
const missingPackages = (programs) =>
  programs.filter(({ paths }) => !paths.some((file) => existsSync(file))).map(({ debian }) => debian);

/**
 * Installs the `missing` Debian packages when this machine can (root with apt-get) and returns
 * true; otherwise prints the one command to run and returns false. `who` says who needs them.
 */
function installPackages(missing, who) {
  if (missing.length === 0) return true;
  const install = `apt-get install -y ${missing.join(" ")}`;
  const canInstall = process.getuid?.() === 0 && existsSync("/usr/bin/apt-get");
  if (!canInstall) {
    console.error(
      `${who.needs} programas de Debian que faltan aquí (${missing.join(", ")}). ` +
        `Instálalos con:\n\n  sudo apt-get update && sudo ${install}\n`,
    );
    return false;
  }
  const named = missing.length > 1 ? `${missing.slice(0, -1).join(", ")} y ${missing.at(-1)}` : missing[0];
  console.log(`Instalando ${named} de Debian ${who.for}…`);
  run("apt-get", ["update", "-qq"]);
  run("apt-get", ["install", "-y", "-qq", ...missing], { DEBIAN_FRONTEND: "noninteractive" });
  return true;
}

/**
 * The Debian programs the tests of `projects` need (all projects when none is named): Chromium
 * (the browser and its headless shell) and Caddy for the browser tests; PgBouncer, Caddy, Patroni,
 * etcd, HAProxy and PostgreSQL 15's programs for the integration tests. As `npm start` installs its npm
 * dependencies: installed first when missing and this machine can (root with apt-get), otherwise the
 * run stops before any test with the one command to run.
 */
export function ensureTestPrograms(projects = []) {
  const missing = missingPackages(
    TEST_PROGRAMS.filter(
      (program) => projects.length === 0 || program.projects.some((project) => projects.includes(project)),
    ),
  );
  if (!installPackages(missing, { needs: "Las pruebas necesitan", for: "para las pruebas" })) process.exit(1);
}

/**
 * The same for the benches named (all when none is): installed when missing and this machine can;
 * otherwise the command is printed and the result is false, and the bench measures without them.
 */
export function ensureBenchPrograms(benches = []) {
  const missing = missingPackages(
    BENCH_PROGRAMS.filter(
      (program) => benches.length === 0 || program.benches.some((name) => benches.includes(name)),
    ),
  );
  return installPackages(missing, { needs: "Las mediciones necesitan", for: "para las mediciones" });
}

// `node scripts/prepare.mjs build`, or `… bench-programs page-cache` (exit status 1 when missing).
if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === "build") build();
if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === "bench-programs") {
  process.exit(ensureBenchPrograms(process.argv.slice(3)) ? 0 : 1);
}
