/**
 * One JSON log line and the request metrics for every answer, whoever gives it: the
 * app, or the page cache before it (server/page-cache.ts).
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "~/lib/logger.server";
import { httpDuration, httpRequests, redactTokens } from "~/lib/metrics.server";
// Labelled by the entry points' own patterns: nothing a visitor sends can add a label.
import { routeLabel } from "~/lib/route-labels";

/** The caller's request id when it is a sensible one (a proxy's), or a new one. */
export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers["x-request-id"];
  return typeof incoming === "string" && /^[\w.-]{1,64}$/.test(incoming) ? incoming : randomUUID();
}

/**
 * Sets the request id on the answer and, once it is sent, logs it and counts it. Returns the
 * request's logger (every line it writes carries the id).
 */
export function observeRequest(
  req: IncomingMessage & { originalUrl?: string },
  res: ServerResponse,
  logger: Logger,
  requestId: string,
): Logger {
  const started = process.hrtime.bigint();
  const requestLogger = logger.child({ requestId });
  res.setHeader("x-request-id", requestId);
  res.on("finish", () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const url = req.originalUrl ?? req.url ?? "/";
    requestLogger.info("request", {
      method: req.method,
      path: redactTokens(url),
      status: res.statusCode,
      ms: Math.round(ms * 10) / 10,
    });
    const path = url.split("?", 1)[0]!;
    const labels = { method: req.method ?? "GET", route: routeLabel(path), status: String(res.statusCode) };
    httpRequests.inc(labels);
    httpDuration.observe(labels, ms / 1000);
  });
  return requestLogger;
}
