type Level = "debug" | "info" | "warn" | "error";
const order: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export type Logger = {
  [level in Level]: (message: string, fields?: Record<string, unknown>) => void;
} & { child(fields: Record<string, unknown>): Logger };

/** Structured logs: one JSON object per line, so a request id can be grepped across lines. */
export function createLogger(
  minimum: Level | "silent" = "info",
  base: Record<string, unknown> = {},
  write: (line: string) => void = (line) => process.stdout.write(line + "\n"),
): Logger {
  const log =
    (level: Level) =>
    (message: string, fields: Record<string, unknown> = {}) => {
      if (order[level] < order[minimum]) return;
      const entry: Record<string, unknown> = { time: new Date().toISOString(), level, msg: message, ...base };
      for (const [key, value] of Object.entries(fields)) {
        entry[key] = value instanceof Error ? describeError(value) : value;
      }
      write(JSON.stringify(entry));
    };
  return {
    debug: log("debug"),
    info: log("info"),
    warn: log("warn"),
    error: log("error"),
    child: (fields) => createLogger(minimum, { ...base, ...fields }, write),
  };
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
