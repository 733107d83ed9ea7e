/**
 * Every kind of job the app runs, in one list. Each kind is defined beside its domain (its name,
 * the shape of its payload, its handler and, for the periodic ones, how its next run is queued:
 * app/domain/jobs/define-job.server.ts); the worker (app/domain/jobs/jobs.server.ts,
 * docs/decisions/004) takes jobs of these kinds only, each payload checked against its shape before
 * its handler sees it.
 */
import path from "node:path";
import type { Database } from "~/db/client.server";
import { passwordResetJob } from "~/domain/auth/password-reset.server";
import { backupJob } from "~/domain/backup/backup.server";
import { featuredRotationJob } from "~/domain/directory/featured.server";
import { domainRecheckJob } from "~/domain/domains/custom-domains.server";
import type { DnsResolver } from "~/domain/domains/dns-check.server";
import type { ImageStorage } from "~/domain/images/storage.server";
import { uploadCleanupJob } from "~/domain/images/unattached-uploads.server";
import type { JobDefinition } from "~/domain/jobs/define-job.server";
import { mailJob, type Mailer } from "~/domain/mail/mail.server";
import { newOrderEmailJob } from "~/domain/orders/new-order-mail.server";
import type { Payments } from "~/domain/payments/payments.server";
import { paymentsSweepJob } from "~/domain/payments/sweep.server";
import { stockRefillJob } from "~/domain/products/stock-refill.server";
import { pushJob, type VapidKeys } from "~/domain/push/push.server";
import { retentionJob } from "~/domain/retention/retention.server";
import { closedStoresPurgeJob, imagesDeleteJob } from "~/domain/stores/close-store.server";
import type { Env } from "~/lib/env.server";
import type { Logger } from "~/lib/logger.server";

export type JobDependencies = {
  db: Database;
  env: Env;
  logger: Logger;
  storage: ImageStorage;
  mailer: Mailer;
  vapid: VapidKeys;
  resolver: DnsResolver;
  payments: Payments;
};

export function jobRegistry({
  db,
  env,
  logger,
  storage,
  mailer,
  vapid,
  resolver,
  payments,
}: JobDependencies): JobDefinition[] {
  const origin = env.publicOrigin;
  return [
    // Queued by the transaction that causes them: an order, a reset request, a closed store.
    pushJob({ db, keys: vapid, logger, env }),
    mailJob({ mailer, logger }),
    passwordResetJob({ db, origin, logger }),
    newOrderEmailJob({ db, origin }),
    imagesDeleteJob({ db, storage, logger }),
    // Periodic: once a day (the backup as often as BACKUP_EVERY says), whichever instance queues it.
    closedStoresPurgeJob(db, logger),
    featuredRotationJob(db, logger),
    uploadCleanupJob({ db, storage, logger }),
    domainRecheckJob({ db, logger, resolver, publicOrigin: origin }),
    retentionJob(db, { logger, mailDirectory: mailer.transport === "file" ? mailer.destination : undefined }),
    // Periodic: at each opening of a store with daily stock, and at least hourly.
    stockRefillJob(db, logger),
    // Periodic: card orders still waiting for their payment, asked about and expired.
    paymentsSweepJob(db, payments, logger),
    ...(env.BACKUP_EVERY
      ? [
          backupJob(
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
        ]
      : []),
  ];
}

/** The worker's handlers, by kind. */
export function handlersOf(registry: JobDefinition[]) {
  return Object.fromEntries(registry.map((definition) => [definition.kind, definition.handler]));
}

/** Queues the next run of every periodic job that has none yet (once per period, whoever asks). */
export async function schedulePeriodicJobs(db: Database, registry: JobDefinition[]) {
  for (const { schedule } of registry) await schedule?.(db);
}

const SCHEDULE_RETRY_MS = 5_000;

/**
 * Queues the periodic jobs once the server answers, and keeps trying while the database is away:
 * an instance that started a moment before an outage must go on serving (and answering 503), not
 * end because its start-up could not queue tomorrow's rotation. Resolves after the first attempt.
 */
export async function queuePeriodicJobs(
  db: Database,
  registry: JobDefinition[],
  { logger, closing }: { logger: Logger; closing: () => boolean },
) {
  const attempt = async () => {
    try {
      await schedulePeriodicJobs(db, registry);
    } catch (error) {
      if (closing()) return;
      logger.warn("periodic jobs not queued yet; trying again", {
        error: String(error),
        inMs: SCHEDULE_RETRY_MS,
      });
      setTimeout(() => void attempt(), SCHEDULE_RETRY_MS).unref();
    }
  };
  await attempt();
}
