/**
 * One JSON log line and the request metrics for every answer, whoever gives it: the
 * app, or the page cache before it (server/page-cache.ts).
 */
import { randomUUID } from "node:crypto";
import { readdir } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ServerBuild } from "react-router";
import { CSP_REPORT_PATH } from "~/lib/csp";
import type { Logger } from "~/lib/logger.server";
import { httpDuration, httpRequests, redactTokens } from "~/lib/metrics.server";
import { routeLabeler, routerPatterns, UNMATCHED_ROUTE } from "~/lib/route-labels";
import { STOREFRONT_API_PATH } from "./storefront-api";

/** The paths Express answers itself, before or beside React Router (server/app.ts). */
const SERVER_PATTERNS = [
  "/healthz",
  "/readyz",
  "/metrics",
  "/i/caddy/ask",
  "/media/*",
  "/__manifest",
  CSP_REPORT_PATH,
  STOREFRONT_API_PATH,
];

/** Until the route table is read at start-up, every request counts as unmatched. */
let routeLabel: (path: string) => string = () => UNMATCHED_ROUTE;

/**
 * Reads the patterns request metrics are labelled with: React Router's route table from the
 * build, the server's own paths, and the files and folders of the client build (`/sw.js`,
 * `/assets/*`). Nothing a visitor sends can add a label.
 */
export async function loadRouteLabels(
  build: ServerBuild | (() => Promise<ServerBuild>),
  clientDir: string | undefined,
) {
  const { routes } = typeof build === "function" ? await build() : build;
  const entries = clientDir ? await readdir(clientDir, { withFileTypes: true }).catch(() => []) : [];
  const files = entries.map((entry) => (entry.isDirectory() ? `/${entry.name}/*` : `/${entry.name}`));
  routeLabel = routeLabeler([...SERVER_PATTERNS, ...files, ...routerPatterns(routes)]);
}

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
