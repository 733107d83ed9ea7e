/**
 * The Tianguis server's composition root: the database made ready (server/database.ts), the
 * services built (server/services.ts), the request pipeline (server/http.ts), the periodic jobs
 * queued (server/jobs.ts), the shutdown (server/shutdown.ts). `runTianguis` (server/cluster.ts)
 * runs one of these per worker process; the SSR bundle's entry is server/index.ts.
 */
import http from "node:http";
import type { ViteDevServer } from "vite";
import { PRODUCTION_HASH_LOG_N, setPasswordHashCost } from "~/domain/auth/password-hash.server";
import type { AppServices } from "~/lib/context.server";
import { readEnv, type Env } from "~/lib/env.server";
import { createLogger, type Logger } from "~/lib/logger.server";
import { prepareDatabase, type DatabaseUrls } from "./database";
import { createHttpHandler } from "./http";
import { queuePeriodicJobs } from "./jobs";
import { openKeptPageDoor } from "./kept-page-door";
import { buildServices } from "./services";
import { exitOnSignals, shutdownSequence } from "./shutdown";

export type StartOptions = {
  env?: Env;
  vite?: ViteDevServer;
  handleSignals?: boolean;
  /**
   * Set in a worker of `npm start`'s primary (server/cluster.ts): the database it owns, already
   * migrated and seeded. Otherwise this process prepares the database itself.
   */
  primaryDatabase?: DatabaseUrls;
  logger?: Logger;
};
export type RunningServer = {
  server: http.Server;
  services: AppServices;
  url: string;
  close: () => Promise<void>;
};

/** How long a client may take to send a request's headers. */
export const HEADERS_TIMEOUT_MS = 20_000;

export async function startTianguis(options: StartOptions = {}): Promise<RunningServer> {
  const started = Date.now();
  const env = options.env ?? readEnv();
  const logger = options.logger ?? createLogger(env.LOG_LEVEL);
  usePasswordHashCost(env, logger);

  const { urls, embedded } = options.primaryDatabase
    ? { urls: options.primaryDatabase, embedded: undefined }
    : await prepareDatabase(env, logger);
  const built = await buildServices({ env, logger, urls });
  const { services } = built;

  const lifecycle = { closing: false };
  const { handle, door } = await createHttpHandler(
    services,
    { lifecycle, health: built.health },
    options.vite,
  );
  const server = http.createServer(
    // Connections past a time-out below are looked for every 2 s (Node's default is 30 s).
    { connectionsCheckingInterval: 2_000 },
    handle,
  );
  // Longer than any balancer's or browser's idle keep-alive (60 s is common): a connection is
  // closed by the client that stopped using it, never under a request it has just sent.
  server.keepAliveTimeout = 65_000;
  // A client gets this long to send a request's headers, and the whole request (a photo over a
  // slow phone line included) within requestTimeout: a connection that trickles its headers
  // holds a socket for 20 s at most, not a minute.
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = 120_000;
  // Kept pages are answered on the connection before the server reads the request.
  const keptPageDoor = openKeptPageDoor(server, door);
  const url = await listen(server, env);
  logger.info(`Tianguis listo en ${url}`, {
    ms: Date.now() - started,
    database: env.DATABASE_URL ? "external" : "embedded",
    // The address links, e-mails and custom domains are made from (PUBLIC_ORIGIN).
    publicOrigin: env.publicOrigin,
  });

  await queuePeriodicJobs(services.db, built.jobRegistry, { logger, closing: () => lifecycle.closing });

  const close = shutdownSequence({
    server,
    door: keptPageDoor,
    built,
    lifecycle,
    embedded,
    graceSeconds: env.SHUTDOWN_GRACE_SECONDS,
    logger,
  });
  if (options.handleSignals !== false) exitOnSignals(close, logger);
  return { server, services, url, close };
}

/** New password hashes at the configured cost; anything below production's is said at start. */
function usePasswordHashCost(env: Env, logger: Logger) {
  setPasswordHashCost(env.PASSWORD_HASH_LOG_N);
  if (env.PASSWORD_HASH_LOG_N < PRODUCTION_HASH_LOG_N) {
    logger.warn("passwords are hashed below the production cost: set PASSWORD_HASH_LOG_N only in tests", {
      logN: env.PASSWORD_HASH_LOG_N,
    });
  }
}

async function listen(server: http.Server, env: Env): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(env.PORT, env.HOST, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  return `http://localhost:${port}`;
}
