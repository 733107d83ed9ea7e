/**
 * One request's path through the server, in order (docs/ARCHITECTURE.md tells the whole story):
 *
 * 1. The page cache (server/page-cache.ts) answers an anonymous GET of a public page from memory,
 *    before Express sees it, when the page it kept is still current.
 * 2. Express runs the layers of `LAYERS` below, top to bottom: the edge (request id and log,
 *    compression, security headers, path checks), health and metrics, the site by Host, the page
 *    cache's render, Caddy's ask, images and static files, then the defences in front of every
 *    write (origin, login door, body limits), the storefront's JSON API, and React Router. A layer
 *    that answers an entry point of its own (app/lib/entry-points.ts) is mounted by the entry's name.
 * 3. React Router (app/routes.ts, made from the entry points) runs the route's loader or action.
 * 4. Whatever throws ends in the last layer: a 503 while the database is away, else a 500 page.
 */
import { existsSync, readFileSync } from "node:fs";
import type http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response } from "express";
import onHeaders from "on-headers";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import type { DatabaseHealth } from "~/db/health.server";
import { connectionBudget, workerCount } from "~/db/connection-budget";
import { databaseOutage, isDatabaseUnavailable } from "~/db/outage.server";
import { hashingQueueFull, LOGIN_ADMISSION } from "~/domain/auth/password-hash.server";
import { PLATFORM_SITE, type RequestSite } from "~/domain/domains/site-cache.server";
import type { AppServices } from "~/lib/context.server";
import { entryFor, entryPoint, type ExpressEntryName } from "~/lib/entry-points";
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
import type { DoorOptions } from "./kept-page-door";
import { logAnswerOf, observeRequest, requestIdOf } from "./request-log";
import {
  bodyLimit,
  controlCharacters,
  controlCharactersInPath,
  cspNonce,
  cspReportRoute,
  declaredMethods,
  formBodies,
  originGuard,
  responseHeaders,
  securityHeaderList,
  setSecurityHeaders,
  withReadBody,
} from "./security";
import { mercadoPagoWebhook } from "./payments-webhook";
import { storefrontApi } from "./storefront-api";

export type Lifecycle = { closing: boolean };

/** What the layers are built from: one instance's services and the parts made for its pipeline. */
type Parts = {
  services: AppServices;
  lifecycle: Lifecycle;
  health: DatabaseHealth;
  pages: ReturnType<typeof createPageCache>;
  compress: RequestHandler;
  handleRequest: RequestHandler;
  vite?: ViteDevServer;
};

/**
 * One layer of the pipeline, named by what it does. A layer that answers an entry point of its
 * own names it (`entry`): its path and methods are the entry's (app/lib/entry-points.ts), and a
 * test holds that every Express entry point has exactly one layer. `handle` builds the handler,
 * or null where the layer does not run (development serves the build's files through Vite).
 */
type Layer = {
  what: string;
  entry?: ExpressEntryName;
  handle: (parts: Parts) => RequestHandler | RequestHandler[] | null;
};

/** Every request's way through Express, top to bottom. */
export const LAYERS: readonly Layer[] = [
  { what: "503 instead of 500 while the database is away", handle: () => outageStatus },
  { what: "request id and log line", handle: ({ services }) => requestLog(services.logger) },
  {
    what: "compression (the storefront API's answers are under its threshold)",
    handle:
      ({ compress }) =>
      (req, res, next) =>
        req.method === "POST" && entryFor(req.path, "POST")?.name === "storefront-api"
          ? next()
          : compress(req, res, next),
  },
  {
    what: "security headers",
    handle:
      ({ services }) =>
      (_req, res, next) => (setSecurityHeaders(res, services.env, PLATFORM_SITE), next()),
  },
  { what: "cache and privacy headers", handle: ({ services }) => responseHeaders(services.env) },
  // Development serves Vite's own inline scripts: no nonce, no policy (app/entry.server.tsx).
  { what: "the page's CSP nonce", handle: ({ vite }) => (vite ? null : cspNonce()) },
  { what: "control characters in the path", handle: () => controlCharactersInPath() },
  { what: "liveness", entry: "healthz", handle: () => healthz },
  {
    what: "readiness",
    entry: "readyz",
    handle: ({ services, health, lifecycle }) => readyz(services, health, lifecycle),
  },
  {
    what: "metrics, for METRICS_ALLOW",
    entry: "metrics",
    handle: ({ services }) => metrics(services.env.METRICS_ALLOW, workerMetrics()),
  },
  {
    what: "the platform, or a store's own domain, by Host",
    handle: ({ services }) => siteByHost(services.sites, services.env),
  },
  { what: "public pages rendered and kept", handle: ({ pages }) => pages.render },
  {
    what: "Caddy's question before a certificate",
    entry: "caddy-ask",
    handle: ({ services }) => caddyAsk(services.db),
  },
  { what: "images", entry: "media", handle: ({ services }) => mediaHandler(services.storage) },
  { what: "Vite's development files", handle: ({ vite }) => vite?.middlewares ?? null },
  {
    what: "the build's assets, precompressed and immutable",
    entry: "assets",
    handle: ({ vite }) => (vite ? null : buildAssets()),
  },
  ...(["favicon", "web-app-manifest", "service-worker", "offline-page", "icons", "sounds"] as const).map(
    (entry): Layer => ({
      what: "a file of public/, copied into the client build",
      entry,
      handle: ({ vite }) => (vite ? null : publicFiles(entryPoint(entry).path)),
    }),
  ),
  {
    what: "CSP violation reports",
    entry: "csp-report",
    handle: ({ services }) => cspReportRoute(services.db, services.logger),
  },
  { what: "writes only from our own origins", handle: ({ services }) => originGuard(services.env) },
  {
    what: "logins past the hashing queue refused at the door",
    handle: () => loginDoor({ admission: LOGIN_ADMISSION, queueFull: hashingQueueFull }),
  },
  { what: "bodies past their limit refused while they arrive", handle: () => bodyLimit() },
  { what: "control characters in fields", handle: () => controlCharacters() },
  {
    what: "the storefront's JSON API",
    entry: "storefront-api",
    handle: ({ services }) => storefrontApi(services),
  },
  {
    what: "Mercado Pago's payment notifications",
    entry: "mercadopago-webhook",
    handle: ({ services }) => mercadoPagoWebhook(services),
  },
  { what: "forms only as forms", handle: () => formBodies() },
  { what: "a method the entry point does not take: 405", handle: () => declaredMethods() },
  {
    what: "React Router",
    handle:
      ({ handleRequest }) =>
      (req, res, next) =>
        handleRequest(withReadBody(req, res), res, next),
  },
];

/**
 * The server's request handler, the page cache in front of the Express app, and what the kept
 * page's door asks of the cache (docs/ARCHITECTURE.md, "A request's path").
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
    versions: services.pageVersions,
    sites: services.sites,
    build,
    mode,
    budgetBytes: vite ? 0 : env.PAGE_CACHE_MB * 1024 * 1024,
    imageOrigins: env.imageOrigins,
    loadContext,
    securityHeaders: securityHeaderList(env),
    stylesheet: vite ? undefined : buildStylesheet,
    trustProxy: (address, hop) =>
      (app.get("trust proxy fn") as (a: string, h: number) => boolean)(address, hop),
    logRequest: logger,
  });
  const parts: Parts = {
    services,
    lifecycle,
    health,
    pages,
    vite,
    compress: compression(),
    handleRequest: createRequestHandler({ build, mode, getLoadContext: loadContext }),
  };
  for (const layer of LAYERS) {
    const handle = layer.handle(parts);
    if (handle === null) continue;
    if (layer.entry) mountEntryPoint(app, layer.entry, handle);
    else app.use(handle);
  }
  app.use(lastResort);

  // A current kept page ready to send is written at the connection's door, before Node's server
  // reads the request (server/kept-page-door.ts).
  const door: DoorOptions = {
    answer: pages.answerAtTheDoor,
    answered: (request, { requestId, status }, started) =>
      logAnswerOf(logger, { requestId, method: request.method, url: request.url, status }, started),
  };
  // A current kept page is sent before Express sees the request; anything else goes to the app.
  const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      // What it wrote has committed by the time its answer goes out: until this worker's listener
      // has heard it, its kept pages are checked against the database (docs/decisions/051).
      onHeaders(res, () => services.pageVersions.wrote());
      return void app(req, res);
    }
    const failed = (error: unknown) => {
      // The render further on meets the same outage and answers 503; the outage is logged once.
      if (isDatabaseUnavailable(error)) databaseOutage.failed(error);
      else logger.error("page cache failed; rendering", { error });
      app(req, res);
    };
    let answered: boolean | Promise<boolean>;
    try {
      answered = pages.answer(req, res);
    } catch (error) {
      return failed(error);
    }
    // A hit from memory is sent by now; anything else goes on to Express.
    if (answered instanceof Promise) answered.then((sent) => sent || app(req, res), failed);
    else if (!answered) app(req, res);
  };
  return { handle, door };
}

/**
 * An entry point's layer, at the entry's path and for its methods: `/media/*` takes every path
 * under `/media` (its handler sees the rest), any other path exactly that one.
 */
function mountEntryPoint(
  app: express.Express,
  name: ExpressEntryName,
  handle: RequestHandler | RequestHandler[],
) {
  const { path: at, methods } = entryPoint(name);
  const takes = (method: string) =>
    (methods as readonly string[]).includes(method === "HEAD" ? "GET" : method);
  if (at.endsWith("/*")) {
    const under = express.Router().use(handle);
    app.use(at.slice(0, -2), (req, res, next) => (takes(req.method) ? under(req, res, next) : next()));
    return;
  }
  for (const method of methods) app[method === "GET" ? "get" : "post"](at, handle);
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
    // Not a condition of readiness: while memory cannot be trusted, the database is read.
    const pageVersions = services.pageVersions.source();
    const { primary, replica } = services.reads.status();
    const ready =
      state.database && state.listener && state.jobs && primary.role !== "replica" && !lifecycle.closing;
    res.status(ready ? 200 : 503).json({
      ready,
      ...state,
      pageVersions,
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

/** The build's hashed assets: precompressed when the browser takes it, and kept a year. */
function buildAssets(): RequestHandler[] {
  const assets = `${clientDirectory()}/assets`;
  return [
    precompressedAssets(assets),
    express.static(assets, { immutable: true, maxAge: "1y", index: false }),
  ];
}

/** A file of `public/` copied into the client build, or a folder of them (`/icons/*`). */
function publicFiles(at: string): RequestHandler {
  const folder = at.endsWith("/*") ? at.slice(0, -2) : "";
  return express.static(`${clientDirectory()}${folder}`, { maxAge: "1h", index: false });
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
