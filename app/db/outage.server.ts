import type { Logger } from "~/lib/logger.server";

/**
 * What a lost or refused database connection looks like, whichever layer reports it: Node's
 * socket errors, node-postgres's own messages, PostgreSQL's connection-exception and shutdown
 * states (`pg_terminate_backend` is 57P01, a crashed postmaster 57P02, a starting one 57P03), and
 * Drizzle's wrapper around any of them. And a standby where the primary should be (25006, "cannot
 * execute … in a read-only transaction"): behind HAProxy and Patroni, a connection made in the
 * second between a switchover's demotion and HAProxy's next health check reaches the old primary
 * as a standby (docs/deploy.md, "Several machines"). The request is answered 503 like any outage,
 * and its connection is dropped (a transaction's is released with the error, a pool query's
 * always is), so the next one goes to the new primary.
 */
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
]);
const SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300", "25006"]);
const MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|terminating connection due to|is not currently accepting connections/i;

/** Whether `error` means the database could not be reached, rather than that a statement failed. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 6) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === "string" && (SOCKET_CODES.has(code) || SQLSTATES.has(code) || code.startsWith("08")))
    return true;
  if (typeof message === "string" && MESSAGES.test(message)) return true;
  if (Array.isArray(errors) && errors.some((each) => isDatabaseUnavailable(each, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

/** Seconds a client is asked to wait before trying again while the database is away. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

/**
 * A connection that succeeds ends the outage only if no failure follows within this time: requests
 * that began while the database was away keep failing for a moment after it is back, and those
 * belong to the same outage.
 */
const SETTLE_MS = 2_000;

/**
 * This process's view of the database: one log line when it finds the database unreachable, and
 * one when it is back for good. An outage under load fails hundreds of requests, and a line for
 * each would bury the two facts an operator needs (when it began, how long it lasted). The pool
 * reports connections failing and succeeding; the error answers report requests failing.
 */
let log: Logger | undefined;
let downSince: number | undefined;
let settling: NodeJS.Timeout | undefined;
export const databaseOutage = {
  /** The logger of the process's server (set by its database factory). */
  logTo(logger: Logger | undefined) {
    log = logger;
  },
  failed(error: unknown) {
    clearTimeout(settling);
    settling = undefined;
    if (downSince !== undefined) return;
    downSince = Date.now();
    log?.error("database unreachable: answering 503 until it is back", { error: String(error) });
  },
  succeeded() {
    if (downSince === undefined || settling) return;
    const since = downSince;
    settling = setTimeout(() => {
      settling = undefined;
      downSince = undefined;
      log?.warn("database reachable again", { downMs: Date.now() - since - SETTLE_MS });
    }, SETTLE_MS);
    settling.unref();
  },
};

/**
 * For work in the background — the job worker's poll, a live stream's or the order hub's read of
 * the table, a NOTIFY after a commit — that fails: a failure that means the database is away joins
 * the outage, which is logged once however many parts of the process notice it, and true is
 * returned; any other failure is the caller's to log. During a failover every open panel's stream
 * retries its read each second, and a line for each would bury the outage's two lines.
 */
export function joinsOutage(error: unknown): boolean {
  if (!isDatabaseUnavailable(error)) return false;
  databaseOutage.failed(error);
  return true;
}
