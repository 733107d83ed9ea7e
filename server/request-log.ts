/**
 * One JSON log line and the request metrics for every answer, whoever gives it: the
 * app, or the page cache before it (server/page-cache.ts).
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "~/lib/logger.server";
import { answerSeriesFor, recordAnswer, redactTokens, type AnswerSeries } from "~/lib/metrics.server";
// Labelled by the entry points' own patterns: nothing a visitor sends can add a label.
import { routeLabel } from "~/lib/route-labels";

const REQUEST_ID = /^[\w.-]{1,64}$/;

/** The caller's request id when it is a sensible one (a proxy's), or a new one. */
export function requestIdOf(req: IncomingMessage): string {
  return requestIdFrom(req.headers["x-request-id"]);
}

/** `requestIdOf` from the header's value. */
export function requestIdFrom(incoming: string | string[] | undefined): string {
  return typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
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
  res.setHeader("x-request-id", requestId);
  const started = performance.now();
  res.once("finish", () => logAnswer(req, res, logger, requestId, started));
  return logger.child({ requestId });
}

/**
 * Logs and counts an answer that went out `started` (performance.now()) after it came: at once by
 * the page cache, which knows when it has sent a kept page, and on `finish` for the app's.
 */
export function logAnswer(
  req: IncomingMessage & { originalUrl?: string },
  res: ServerResponse,
  logger: Logger,
  requestId: string,
  started: number,
) {
  const url = req.originalUrl ?? req.url ?? "/";
  logAnswerOf(logger, { requestId, method: req.method ?? "GET", url, status: res.statusCode }, started);
}

/** `logAnswer` of an answer given on the socket itself (server/kept-page-door.ts), from its parts. */
export function logAnswerOf(
  logger: Logger,
  { requestId, method, url, status }: { requestId: string; method: string; url: string; status: number },
  started: number,
) {
  const ms = performance.now() - started;
  // The request id first: the same line a child logger with the id writes, made as text (a line
  // per request; the method is one of the few HTTP's parser takes, the status a number).
  logger.withMembers(
    "info",
    "request",
    `"requestId":${JSON.stringify(requestId)},"method":"${method}","path":${JSON.stringify(redactTokens(url))},"status":${status},"ms":${Math.round(ms * 10) / 10}`,
  );
  recordAnswer(seriesOf(method, url, status), ms / 1000);
}

/** Series by method, path and status: a kept page's requests ask for the same few again and again. */
const seriesByPath = new Map<string, AnswerSeries>();
/**
 * Paths are the visitor's to choose, so the map is bounded: past it, it starts again. What it holds
 * is only ever derived from the entry points' patterns (the label values), never kept per visitor.
 */
const MAX_PATHS = 2_000;

function seriesOf(method: string, url: string, status: number) {
  const at = url.indexOf("?");
  const path = at === -1 ? url : url.slice(0, at);
  const key = `${method} ${status} ${path}`;
  let series = seriesByPath.get(key);
  if (!series) {
    if (seriesByPath.size >= MAX_PATHS) seriesByPath.clear();
    series = answerSeriesFor({ method, route: routeLabel(path), status: String(status) });
    seriesByPath.set(key, series);
  }
  return series;
}
