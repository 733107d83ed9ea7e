/**
 * One request's path through the server, in order (docs/ARCHITECTURE.md tells the whole story):
 *
 * 1. The page cache (server/page-cache.ts) answers an anonymous GET of a public page from memory,
 *    before Express sees it, when the page it kept is still current.
 * 2. Express runs the layers of `LAYERS` below, top to bottom: the edge (request id and log,
 *    compression, security headers, path checks), health and metrics, the site by Host, the page
 *    cache's render, Caddy's ask, images and static files, then the defences in front of every
 *    write (origin, login door, body limits), the storefront's JSON API, and React Router.
 * 3. React Router (app/routes.ts) runs the route's loader or action and renders.
 * 4. Whatever throws ends in the last layer: a 503 while the database is away, else a 500 page.
 */
import { existsSync, readFileSync } from "node:fs";
import type http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response } from "express";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import type { DatabaseHealth } from "~/db/health.server";
import { connectionBudget, workerCount } from "~/db/connection-budget";
import { databaseOutage, isDatabaseUnavailable } from "~/db/outage.server";
import { hashingQueueFull, LOGIN_ADMISSION } from "~/domain/auth/password-hash.server";
import { PLATFORM_SITE, type RequestSite } from "~/domain/domains/site-cache.server";
import type { AppServices } from "~/lib/context.server";
import { CSP_REPORT_PATH } from "~/lib/csp";
import type { Logger } from "~/lib/logger.server";
import { precompressedAssets } from "./assets";
import { caddyAsk } from "./caddy-ask";
import { PROMETHEUS_CONTENT_TYPE, workerMetrics } from "./cluster-metrics";
import { siteByHost } from "./custom-domains";
import { serverErrorPage } from "./error-page";
import { loginDoor } from "./login-door";
import { mediaHandler } from "./media";
import { markDatabaseUnavailable, outageStatus } from "./outage";
import { createPageCache } from "./page-cache";
import { loadRouteLabels, observeRequest, requestIdOf } from "./request-log";
import {
  bodyLimit,
  controlCharacters,
  controlCharactersInPath,
  cspNonce,
  cspReportRoute,
  formBodies,
  originGuard,
  responseHeaders,
  setSecurityHeaders,
  withReadBody,
} from "./security";
import { isStorefrontApiPath, STOREFRONT_API_PATH, storefrontApi } from "./storefront-api";

type Layer = {
  what: string;
  path?: string;
  method?: "get" | "post";
  handle: RequestHandler | RequestHandler[];
};

export type Lifecycle = { closing: boolean };

/**
 * The server's request handler: the page cache in front of the Express app. Resolves once the
 * route labels of request metrics are read, so that no request answered is counted as unmatched.
 */
export async function createHttpHandler(
  services: AppServices,
  { lifecycle, health }: { lifecycle: Lifecycle; health: DatabaseHealth },
  vite?: ViteDevServer,
) {
  const { env, logger, db } = services;
  const app = express();
  app.disable("x-powered-by");
  if (env.TRUST_PROXY) app.set("trust proxy", parseTrustProxy(env.TRUST_PROXY));

  const mode = vite ? "development" : "production";
  const build: () => Promise<ServerBuild> = vite
    ? () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>
    : () => import("virtual:react-router/server-build") as Promise<ServerBuild>;
  const labelsRead = loadRouteLabels(build, vite ? undefined : clientDirectory()).catch((error: unknown) =>
    logger.error("route labels for metrics could not be read", { error }),
  );
  const loadContext = (req: Request, res: Response) => ({
    services,
    requestId: res.locals.requestId as string,
    clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
    logger: res.locals.logger as Logger,
    cspNonce: res.locals.cspNonce as string | undefined,
    site: (res.locals.site as RequestSite | undefined) ?? PLATFORM_SITE,
    databaseUnavailable: () => markDatabaseUnavailable(res),
  });
  // Anonymous public pages from rendered HTML kept in memory (docs/decisions/021); development
  // renders every page.
  const pages = createPageCache({
    db,
    reads: services.reads,
    sites: services.sites,
    build,
    mode,
    budgetBytes: vite ? 0 : env.PAGE_CACHE_MB * 1024 * 1024,
    imageOrigins: env.imageOrigins,
    loadContext,
    securityHeaders: (res, site) => setSecurityHeaders(res, env, site),
    stylesheet: vite ? undefined : buildStylesheet,
    trustProxy: (address, hop) =>
      (app.get("trust proxy fn") as (a: string, h: number) => boolean)(address, hop),
    logRequest: logger,
  });
  const compress = compression();
  const handleRequest = createRequestHandler({ build, mode, getLoadContext: loadContext });

  const LAYERS: Layer[] = [
    { what: "503 instead of 500 while the database is away", handle: outageStatus },
    { what: "request id and log line", handle: requestLog(logger) },
    {
      what: "compression (the storefront API's answers are under its threshold)",
      handle: (req, res, next) =>
        req.method === "POST" && isStorefrontApiPath(req.path) ? next() : compress(req, res, next),
    },
    {
      what: "security headers",
      handle: (_req, res, next) => (setSecurityHeaders(res, env, PLATFORM_SITE), next()),
    },
    { what: "cache and privacy headers", handle: responseHeaders(env) },
    // Development serves Vite's own inline scripts: no nonce, no policy (app/entry.server.tsx).
    ...(vite ? [] : [{ what: "the page's CSP nonce", handle: cspNonce() }]),
    { what: "control characters in the path", handle: controlCharactersInPath() },
    { what: "liveness", method: "get", path: "/healthz", handle: healthz },
    { what: "readiness", method: "get", path: "/readyz", handle: readyz(services, health, lifecycle) },
    {
      what: "metrics, for METRICS_ALLOW",
      method: "get",
      path: "/metrics",
      handle: metrics(env.METRICS_ALLOW, workerMetrics()),
    },
    { what: "the platform, or a store's own domain, by Host", handle: siteByHost(services.sites, env) },
    { what: "public pages rendered and kept", handle: pages.render },
    {
      what: "Caddy's question before a certificate",
      method: "get",
      path: "/i/caddy/ask",
      handle: caddyAsk(db),
    },
    { what: "images", path: "/media", handle: mediaHandler(services.storage) },
    ...staticFiles(vite),
    {
      what: "CSP violation reports",
      method: "post",
      path: CSP_REPORT_PATH,
      handle: cspReportRoute(db, logger),
    },
    { what: "writes only from our own origins", handle: originGuard(env) },
    {
      what: "logins past the hashing queue refused at the door",
      handle: loginDoor({ admission: LOGIN_ADMISSION, queueFull: hashingQueueFull }),
    },
    { what: "bodies past their limit refused while they arrive", handle: bodyLimit() },
    { what: "control characters in fields", handle: controlCharacters() },
    {
      what: "the storefront's JSON API",
      method: "post",
      path: STOREFRONT_API_PATH,
      handle: storefrontApi(services),
    },
    { what: "forms only as forms", handle: formBodies() },
    { what: "React Router", handle: (req, res, next) => handleRequest(withReadBody(req, res), res, next) },
  ];
  for (const { method, path: at, handle } of LAYERS) {
    if (method && at) app[method](at, handle);
    else if (at) app.use(at, handle);
    else app.use(handle);
  }
  app.use(lastResort);

  // A current kept page is sent before Express sees the request; anything else goes to the app.
  await labelsRead;
  return (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (req.method !== "GET" && req.method !== "HEAD") return void app(req, res);
    pages.answer(req, res).then(
      (answered) => answered || app(req, res),
      (error: unknown) => {
        // The render further on meets the same outage and answers 503; the outage is logged once.
        if (isDatabaseUnavailable(error)) databaseOutage.failed(error);
        else logger.error("page cache failed; rendering", { error });
        app(req, res);
      },
    );
  };
}

function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const requestId = requestIdOf(req);
    res.locals.requestId = requestId;
    res.locals.logger = observeRequest(req, res, logger, requestId);
    next();
  };
}

/**
 * Liveness: 200 whenever this process answers at all. A database that is down or busy is not a
 * reason to restart the process (it would only add a cold start to the outage); readiness says
 * whether to send it traffic.
 */
const healthz: RequestHandler = (_req, res) => void res.status(200).type("text/plain").send("ok");

/**
 * Readiness: which part is not well, whether a shutdown began, and the instance's connection budget;
 * the role of the server DATABASE_URL reaches (`pg_is_in_recovery()`: an instance whose primary is
 * in recovery cannot take an order, so it is not ready) and the read replica's standing and lag,
 * as of their last check a second ago at most (app/db/replica.server.ts). A replica that is down or
 * behind leaves the instance ready: its reads go to the primary.
 */
function readyz(services: AppServices, health: DatabaseHealth, lifecycle: Lifecycle): RequestHandler {
  // What this instance may open to the database (app/db/connection-budget.ts).
  const connections = connectionBudget(services.env, workerCount(services.env));
  return async (_req, res) => {
    const state = {
      database: await health.answers(),
      listener: services.orderEvents.isListening(),
      jobs: services.jobs.isRunning(),
    };
    const { primary, replica } = services.reads.status();
    const ready =
      state.database && state.listener && state.jobs && primary.role !== "replica" && !lifecycle.closing;
    res.status(ready ? 200 : 503).json({
      ready,
      ...state,
      shuttingDown: lifecycle.closing,
      connections,
      primary: { role: primary.role, timeline: primary.timeline },
      // The problem's text (an address, an error) goes to the log, not to whoever asks.
      replica: replica && {
        role: replica.role,
        state: replica.state,
        lagSeconds: replica.lagSeconds,
        maxLagSeconds: replica.maxLagSeconds,
      },
    });
  };
}

/** The instance's metrics, summed over its workers (server/cluster-metrics.ts). */
function metrics(allow: string, read: () => Promise<string>): RequestHandler {
  const allowed = new Set(allow.split(",").map((address) => address.trim()));
  return async (req, res) => {
    // The socket's own address: a proxy's forwarded header must not open the metrics.
    if (!allowed.has(req.socket.remoteAddress ?? ""))
      return void res.status(403).type("text/plain").send("forbidden");
    res.type(PROMETHEUS_CONTENT_TYPE).send(await read());
  };
}

/** The build's files (hashed assets precompressed and immutable), or Vite's in development. */
function staticFiles(vite?: ViteDevServer): Layer[] {
  if (vite) return [{ what: "Vite's development files", handle: vite.middlewares }];
  const clientDir = clientDirectory();
  return [
    { what: "precompressed assets", path: "/assets", handle: precompressedAssets(`${clientDir}/assets`) },
    {
      what: "assets",
      path: "/assets",
      handle: express.static(`${clientDir}/assets`, { immutable: true, maxAge: "1y", index: false }),
    },
    { what: "the other public files", handle: express.static(clientDir, { maxAge: "1h", index: false }) },
  ];
}

/** Whatever a layer threw: 503 while the database is away (logged once per outage), else a 500 page. */
const lastResort: ErrorRequestHandler = (error, _req, res, _next) => {
  const requestId = res.locals.requestId as string;
  if (isDatabaseUnavailable(error)) {
    databaseOutage.failed(error);
    markDatabaseUnavailable(res);
  } else {
    (res.locals.logger as Logger | undefined)?.error("unhandled error", { error });
  }
  if (res.headersSent) return res.end();
  res.status(500).type("html").send(serverErrorPage(requestId));
};

/** The client build's folder: Rollup may emit this module as server/index.js or in server/assets/. */
function clientDirectory() {
  return (
    ["../client", "../../client"]
      .map((dir) => fileURLToPath(new URL(dir, import.meta.url)))
      .find(existsSync) ?? fileURLToPath(new URL("../client", import.meta.url))
  );
}

const stylesheets = new Map<string, string | undefined>();
/** A stylesheet of the build by its URL, read once (the page cache puts it inside the pages it keeps). */
function buildStylesheet(href: string): string | undefined {
  if (!stylesheets.has(href)) {
    const file = path.join(clientDirectory(), href);
    stylesheets.set(
      href,
      file.startsWith(clientDirectory()) && existsSync(file) ? readFileSync(file, "utf8") : undefined,
    );
  }
  return stylesheets.get(href);
}

function parseTrustProxy(value: string): boolean | number | string {
  if (value === "true") return true;
  if (value === "false") return false;
  const hops = Number(value);
  return Number.isInteger(hops) ? hops : value;
}
