type Level = "debug" | "info" | "warn" | "error";
const order: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export type Logger = {
  [level in Level]: (message: string, fields?: Record<string, unknown>) => void;
} & {
  child(fields: Record<string, unknown>): Logger;
  /**
   * A line whose own fields the caller has written as JSON members (`"name":value,…`), none of
   * them named as the logger's own fields or time, level and msg: the same line as `info(message,
   * fields)` writes, without an object to look through and serialize on a path that logs every
   * request.
   */
  withMembers(level: Level, message: string, members: string): void;
};

/**
 * Lines on their way to stdout. A busy server logs a line per request, and each write to a pipe
 * is a system call that costs as much as answering a kept page: the lines of FLUSH_MS go out
 * together, or at once past FLUSH_BYTES. The process's exit writes what is left (the shutdown's
 * last lines, an uncaught error's), so only a kill loses lines, those of its last FLUSH_MS.
 *
 * A primary and its workers share one stdout pipe, and a line cut by another process's is lost
 * to anything that reads the log as JSON. A write of at most PIPE_BUF bytes (4096 on Linux) to a
 * pipe is never cut, even when the pipe is full (it then waits whole). So the lines go out in
 * writes of at most ATOMIC_WRITE_BYTES, each ending at a line's end, and one at a time: Node's
 * stream joins the writes that wait behind a full pipe into one writev, which the kernel may cut
 * anywhere. `stalled` says one is waiting; the lines wait in the outbox behind it. `bytes` counts
 * the waiting lines' characters: a log line is nearly all ASCII, and a count is cheaper.
 */
type Outbox = { lines: string[]; bytes: number; queued: boolean; stalled: boolean };
const OUTBOX = Symbol.for("tianguis.logOutbox");
const FLUSH_BYTES = 64 * 1024;
const FLUSH_MS = 10;
const ATOMIC_WRITE_BYTES = 4096;

/**
 * One outbox per process, however many times this module is loaded (a test runner loads it once
 * per file), so that one listener writes it at exit.
 */
const outbox = ((globalThis as { [OUTBOX]?: Outbox })[OUTBOX] ??= (() => {
  const box: Outbox = { lines: [], bytes: 0, queued: false, stalled: false };
  // The process ends after this: whatever waits is handed to stdout, stalled or not.
  process.on("exit", () => flushLogs(true));
  return box;
})());

/** Writes the lines waiting for stdout, one atomic write at a time while the pipe takes them. */
function flushLogs(atExit = false) {
  outbox.queued = false;
  while (outbox.lines.length > 0 && (atExit || !outbox.stalled)) {
    process.stdout.write(takeAtomicWrite(outbox), afterWrite);
    // Not written through at once: the pipe is full, and the next write waits for this one.
    if (process.stdout.writableLength > 0) outbox.stalled = true;
  }
}

function afterWrite() {
  if (!outbox.stalled || process.stdout.writableLength > 0) return;
  outbox.stalled = false;
  flushLogs();
}

/**
 * Takes from the outbox the first lines that fit in one write of ATOMIC_WRITE_BYTES, each with its
 * newline; a line longer than that alone, as it would go unbatched.
 */
export function takeAtomicWrite(box: Pick<Outbox, "lines" | "bytes">): string {
  let count = 0;
  let bytes = 0;
  let characters = 0;
  for (const line of box.lines) {
    const lineBytes = Buffer.byteLength(line) + 1;
    if (count > 0 && bytes + lineBytes > ATOMIC_WRITE_BYTES) break;
    count += 1;
    bytes += lineBytes;
    characters += line.length;
  }
  box.bytes -= characters;
  return box.lines.splice(0, count).join("\n") + "\n";
}

function writeToStdout(line: string) {
  outbox.lines.push(line);
  outbox.bytes += line.length;
  if (outbox.bytes >= FLUSH_BYTES) return flushLogs();
  if (outbox.queued) return;
  outbox.queued = true;
  // Unreferenced: a process with nothing else to do exits, and its exit writes the lines.
  setTimeout(flushLogs, FLUSH_MS).unref();
}

/** `new Date().toISOString()`, made once per millisecond: a busy server logs many lines in one. */
let lastMs = 0;
let lastTime = "";
function timeNow() {
  const ms = Date.now();
  if (ms !== lastMs) [lastMs, lastTime] = [ms, new Date(ms).toISOString()];
  return lastTime;
}

/** Structured logs: one JSON object per line, so a request id can be grepped across lines. */
export function createLogger(
  minimum: Level | "silent" = "info",
  base: Record<string, unknown> = {},
  write: (line: string) => void = writeToStdout,
): Logger {
  // The fields every line of this logger carries, as JSON once: a busy server writes a line per
  // request, and merging them into a new object for each line was most of its cost.
  const baseJson = JSON.stringify(base).slice(1, -1);
  const log = (level: Level) => (message: string, fields?: Record<string, unknown>) => {
    if (order[level] < order[minimum]) return;
    if (fields !== undefined && !plainFields(fields, base)) {
      const entry: Record<string, unknown> = { time: timeNow(), level, msg: message, ...base };
      for (const [key, value] of Object.entries(fields)) {
        entry[key] = value instanceof Error ? describeError(value) : value;
      }
      return write(JSON.stringify(entry));
    }
    line(level, message, fields === undefined ? "" : JSON.stringify(fields).slice(1, -1));
  };
  const line = (level: Level, message: string, own: string) => {
    const head = `{"time":"${timeNow()}","level":"${level}","msg":${JSON.stringify(message)}`;
    write(`${head}${baseJson === "" ? "" : `,${baseJson}`}${own === "" ? "" : `,${own}`}}`);
  };
  return {
    debug: log("debug"),
    info: log("info"),
    warn: log("warn"),
    error: log("error"),
    child: (fields) => createLogger(minimum, { ...base, ...fields }, write),
    withMembers: (level, message, members) => {
      if (order[level] >= order[minimum]) line(level, message, members);
    },
  };
}

/**
 * Whether a line's fields can follow its head and the logger's own fields as they are: no error
 * to describe, and no name the line already has (a field given twice keeps its last value, as
 * JSON.stringify of the merged object did).
 */
function plainFields(fields: Record<string, unknown>, base: Record<string, unknown>) {
  for (const key in fields) {
    if (fields[key] instanceof Error || key in base || key === "time" || key === "level" || key === "msg") {
      return false;
    }
  }
  return true;
}

/**
 * An error as a log line may show it: a failed query's message names the query but never its
 * parameters (a customer's name, phone or address), and the cause is kept the same way.
 */
export function describeError(error: Error, depth = 0): Record<string, unknown> {
  const withoutParams = (text: string | undefined) =>
    text?.replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/, "\nparams: [omitidos]");
  const cause = error.cause instanceof Error && depth < 3 ? describeError(error.cause, depth + 1) : undefined;
  return {
    message: withoutParams(error.message),
    stack: withoutParams(error.stack),
    ...(cause ? { cause } : {}),
  };
}
