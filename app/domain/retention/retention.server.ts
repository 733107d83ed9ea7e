/**
 * Data that stays bounded: one daily job deletes what has outlived its use, each table by its own
 * window (RETENTION, the README's table says the same), in small batches so no delete holds locks
 * for long or keeps a transaction open across a big table. Page views are rolled up into daily
 * per-store figures before their raw events go (app/domain/analytics/page-view-days.server.ts).
 *
 * Every step is idempotent: a run that another instance repeats (a job whose lease ran out while
 * it was still deleting) deletes nothing twice and rolls up no day twice (docs/decisions/025).
 */
import { readdir, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { defineJob, NO_PAYLOAD } from "~/domain/jobs/define-job.server";
import { enqueue } from "~/domain/jobs/jobs.server";
import type { Logger } from "~/lib/logger.server";
import { retentionDeleted } from "~/lib/metrics.server";
import { PAGE_VIEW_EVENT, rolledUpUntil, rollUpPageViews } from "~/domain/analytics/page-view-days.server";

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long each kind of row is kept, in days. */
export const RETENTION = {
  /** Jobs done without error: their effect is elsewhere (the push sent, the e-mail written). */
  doneJobs: 7,
  /** Jobs given up, with their last error: long enough to read why. */
  failedJobs: 30,
  /**
   * The live order stream's replay window: a panel or tracking page away for longer than this
   * reloads its orders when it reconnects (it does on every reconnection) instead of replaying.
   */
  orderChanges: 7,
  /** Raw analytics events (page views are in page_view_days by then). */
  analyticsEvents: 90,
  /** Sessions and e-mailed links (verification, reset, change of address) past their expiry. */
  expiredTokens: 0,
  /** Claim links past their expiry: a month to see who claimed what. */
  expiredClaims: 30,
  /** Rate-limit hits: every limit's window is an hour at most. */
  rateLimitHits: 1,
  /**
   * "Avísame cuando haya" requests whose product never came back: a shopper who asked three months
   * ago no longer expects the message (docs/decisions/030).
   */
  restockRequests: 90,
  /** Equipo's "Actividad" lines (`store_activity`): the tab shows 90 days (docs/decisions/033). */
  storeActivity: 90,
  /**
   * Team invitations used, revoked or expired, counted from when that happened: a month to see in
   * the database who was invited and what became of it. Pending ones stay (an expired one can be
   * sent again from Equipo until then).
   */
  closedInvitations: 30,
  /** E-mails written to DATA_DIR/mail when no SMTP server is configured. */
  mailFiles: 30,
} as const;

/** Rows deleted per statement: each delete is short, and others' writes never wait long for it. */
const BATCH = 5_000;

/** What one run did: store-days of page views rolled up, and rows or files deleted by what they were. */
export type RetentionOutcome = { rolledUpDays: number; deleted: Record<string, number> };

/**
 * Rows of `table` matching `where`, deleted `BATCH` at a time, oldest `key` first (the bigserial
 * tables are read from the start of their primary key, where the old rows are).
 */
async function deleteInBatches(db: Database, table: string, key: string, where: SQL): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await db.execute(sql`
      delete from ${sql.identifier(table)}
      where ${sql.identifier(key)} = any(array(
        select ${sql.identifier(key)} from ${sql.identifier(table)} where ${where}
        order by ${sql.identifier(key)} limit ${BATCH}))`);
    total += deleted.rowCount ?? 0;
    if ((deleted.rowCount ?? 0) < BATCH) return total;
  }
}

const before = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();

/** One run of every window at `now`: the rows and files deleted, by what they were. */
export async function runRetention(
  db: Database,
  { now = new Date(), mailDirectory }: { now?: Date; mailDirectory?: string } = {},
): Promise<RetentionOutcome> {
  const rolledUpDays = await rollUpPageViews(db, now);
  /** Each table, the column its batches are taken by, and which of its rows are past their window. */
  const windows: [table: string, key: string, past: SQL][] = [
    [
      "jobs",
      "id",
      sql`(last_error is null and done_at < ${before(now, RETENTION.doneJobs)})
          or done_at < ${before(now, RETENTION.failedJobs)}`,
    ],
    ["order_changes", "id", sql`created_at < ${before(now, RETENTION.orderChanges)}`],
    // A page view leaves only once its day is rolled up; other events at the window.
    [
      "analytics_events",
      "id",
      sql`created_at < ${before(now, RETENTION.analyticsEvents)}
          and (name <> ${PAGE_VIEW_EVENT} or created_at < ${rolledUpUntil()})`,
    ],
    ["auth_session", "id", sql`expires_at < ${before(now, RETENTION.expiredTokens)}`],
    ["auth_verification", "id", sql`expires_at < ${before(now, RETENTION.expiredTokens)}`],
    ["store_claims", "token_hash", sql`expires_at < ${before(now, RETENTION.expiredClaims)}`],
    ["rate_limit_hits", "id", sql`at < ${before(now, RETENTION.rateLimitHits)}`],
    ["restock_requests", "id", sql`created_at < ${before(now, RETENTION.restockRequests)}`],
    ["store_activity", "id", sql`created_at < ${before(now, RETENTION.storeActivity)}`],
    // Used when accepted, else revoked, else expired: whichever ended it.
    [
      "store_invitations",
      "id",
      sql`coalesce(accepted_at, revoked_at, expires_at) < ${before(now, RETENTION.closedInvitations)}`,
    ],
  ];
  const counts: Record<string, number> = {};
  for (const [table, key, past] of windows) counts[table] = await deleteInBatches(db, table, key, past);
  if (mailDirectory) counts.mail_files = await deleteOldFiles(mailDirectory, now, RETENTION.mailFiles);
  for (const [what, count] of Object.entries(counts)) retentionDeleted.inc({ what }, count);
  return { rolledUpDays, deleted: counts };
}

/** Files of `directory` last written more than `days` ago (none when the folder does not exist). */
async function deleteOldFiles(directory: string, now: Date, days: number): Promise<number> {
  const names = await readdir(directory).catch(() => [] as string[]);
  let deleted = 0;
  for (const name of names) {
    const file = path.join(directory, name);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile() || info.mtimeMs >= now.getTime() - days * DAY_MS) continue;
    await unlink(file).then(
      () => (deleted += 1),
      () => {},
    );
  }
  return deleted;
}

export const RETENTION_JOB = "retention.run";

/** The daily retention run, queued once a day whichever instance asks. */
export function retentionJob(
  db: Database,
  { mailDirectory, logger }: { mailDirectory?: string; logger: Logger },
) {
  return defineJob({
    kind: RETENTION_JOB,
    payload: NO_PAYLOAD,
    schedule: scheduleRetention,
    run: async () => {
      const started = Date.now();
      const { rolledUpDays, deleted } = await runRetention(db, { mailDirectory });
      logger.info("retention: old rows deleted", { ...deleted, rolledUpDays, ms: Date.now() - started });
      await scheduleRetention(db, new Date(Date.now() + DAY_MS));
    },
  });
}

export async function scheduleRetention(db: Database, at = new Date()) {
  await enqueue(db, RETENTION_JOB, {}, { key: `retention:${at.toISOString().slice(0, 10)}`, runAt: at });
}
