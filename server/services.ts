/**
 * The services one instance builds at start and hands to every request (`AppServices`): the
 * database pool, auth, the live order events, image storage, push keys, DNS, mail, the site
 * resolver and the job worker with every kind of job (server/jobs.ts). Built in this one place.
 */
import { createCityFrames } from "~/domain/directory/city-frame.server";
import { connectDatabase } from "~/db/client.server";
import { connectionBudget, workerCount } from "~/db/connection-budget";
import { createDatabaseHealth } from "~/db/health.server";
import { startListener } from "~/db/listen.server";
import { connectReplica, createReadRouting } from "~/db/replica.server";
import { createAuth } from "~/domain/auth/auth.server";
import { createDnsResolver } from "~/domain/domains/dns-check.server";
import { createSiteResolver } from "~/domain/domains/site-cache.server";
import { createStorage } from "~/domain/images/configured-storage.server";
import { startJobWorker } from "~/domain/jobs/jobs.server";
import { createMailer } from "~/domain/mail/mail.server";
import { ORDER_CHANNEL, startOrderEventHub } from "~/domain/orders/order-events.server";
import { createPayments } from "~/domain/payments/payments.server";
import { loadVapidKeys } from "~/domain/push/push.server";
import { loadOrCreateSecret } from "~/domain/secrets/secrets.server";
import type { AppServices } from "~/lib/context.server";
import type { Env } from "~/lib/env.server";
import type { Logger } from "~/lib/logger.server";
import { gaugeOf } from "~/lib/metrics.server";
import { PAGE_VERSIONS_CHANNEL, startVersionMirror } from "~/lib/page-cache/version-mirror.server";
import { openStreamCount } from "~/domain/orders/stream-limits.server";
import type { DatabaseUrls } from "./database";
import { handlersOf, jobRegistry } from "./jobs";

export async function buildServices({ env, logger, urls }: { env: Env; logger: Logger; urls: DatabaseUrls }) {
  // The pool may go through PgBouncer in transaction mode: nothing on it relies on its session.
  const connection = connectDatabase(urls.url, {
    max: connectionBudget(env, workerCount(env)).pool,
    logger,
    namedStatements: env.namedStatements,
    statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_SECONDS * 1000,
  });
  const { db } = connection;
  // Public reads on a read replica when one is set and holds what they show (docs/decisions/047).
  const reads = createReadRouting({
    primary: connection,
    replica: env.DATABASE_REPLICA_URL
      ? connectReplica(env.DATABASE_REPLICA_URL, {
          max: connectionBudget(env, workerCount(env)).pool,
          statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_SECONDS * 1000,
        })
      : undefined,
    maxLagSeconds: env.DATABASE_REPLICA_MAX_LAG_SECONDS,
    logger,
  });
  // DATABASE_URL's role and the replica's standing are known before the first request.
  await reads.check();
  reads.start();
  const secret = env.AUTH_SECRET ?? (await loadOrCreateSecret(db, "auth-secret"));
  const auth = createAuth({ db, secret, publicOrigin: env.publicOrigin });
  // LISTEN belongs to a session: a pooler would hand its server connection to others.
  const listener = await startListener({
    databaseUrl: urls.directUrl,
    channels: [ORDER_CHANNEL, PAGE_VERSIONS_CHANNEL],
    logger,
  });
  const orderEvents = startOrderEventHub({ listener, db, logger });
  // The kept pages' versions in memory, from the database's notices (docs/decisions/051).
  const pageVersions = startVersionMirror({ listener, pool: connection.pool, logger });
  // Versions of the old primary's history say nothing of the new one's.
  reads.onFailover(() => pageVersions.forget());
  const storage = createStorage(env, logger);
  if (env.DATABASE_URL && !env.S3_BUCKET && !isLoopback(new URL(env.DATABASE_URL).hostname)) {
    logger.warn(
      "images are kept on this machine's disk while the database is shared: other instances will not find them; set S3_* for several instances",
      { dataDir: env.dataDir },
    );
  }
  // Two kept secrets, read (or made once) side by side.
  const [vapid, payments] = await Promise.all([loadVapidKeys(db, env), createPayments(db, env)]);
  const resolver = createDnsResolver(env.dnsServers);
  const mailer = createMailer(env, logger);
  if (mailer.transport === "smtp")
    logger.info("e-mail: SMTP", { server: mailer.destination, from: env.mailFrom });
  else
    logger.info("e-mail: no SMTP_URL configured; every message is logged with its link and written as .eml", {
      directory: mailer.destination,
    });
  const jobs = jobRegistry({ db, env, logger, storage, mailer, vapid, resolver, payments });
  // One worker per instance for everything that runs after a commit (docs/decisions/004).
  const worker = startJobWorker({
    db,
    databaseUrl: urls.directUrl,
    logger,
    leaseMs: env.JOBS_LEASE_SECONDS * 1000,
    handlers: handlersOf(jobs),
  });
  const sites = createSiteResolver({ db, publicOrigin: env.publicOrigin });
  const cityFrames = createCityFrames();
  // Frames were loaded under the old primary's versions: another history's numbers may match them.
  reads.onFailover(() => cityFrames.clear());
  const services: AppServices = {
    db,
    reads,
    auth,
    env,
    logger,
    orderEvents,
    pageVersions,
    storage,
    jobs: worker,
    vapid,
    resolver,
    sites,
    cityFrames,
    payments,
  };

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

  return {
    services,
    connection,
    listener,
    mailer,
    jobRegistry: jobs,
    health: createDatabaseHealth(connection.pool),
  };
}

export type BuiltServices = Awaited<ReturnType<typeof buildServices>>;

function isLoopback(hostname: string) {
  return (
    hostname === "localhost" || hostname === "::1" || hostname === "[::1]" || hostname.startsWith("127.")
  );
}
