import { sql } from "drizzle-orm";
import type { Database, Executor } from "~/db/client.server";
import { imageUploads } from "~/db/schema";
import { enqueue } from "~/domain/jobs/jobs.server";
import type { Logger } from "~/lib/logger.server";
import type { ImageStorage } from "./storage.server";
import { imageFileKeys } from "./store-image.server";
import { defineJob, NO_PAYLOAD } from "~/domain/jobs/define-job.server";

/**
 * An upload is stored the moment the owner picks the file, before the product or logo form is
 * saved; one that nothing uses a day later was abandoned (a closed tab, a changed mind) and is
 * deleted from storage. A day leaves an owner's open form ample time to be saved.
 */
export const UPLOAD_GRACE_MS = 24 * 60 * 60 * 1000;
const BATCH = 500;

/** Remembers a fresh upload so that it is deleted if nothing uses it. */
export async function recordUpload(db: Executor, key: string, now = new Date()) {
  await db.insert(imageUploads).values({ key, createdAt: now }).onConflictDoNothing();
}

/**
 * Looks at uploads older than the grace period: the files (main and thumbnails) of those no
 * product image, logo or favicon uses are deleted, on local disk or S3 through the storage
 * interface. The record of an attached one is dropped too: whoever replaces or removes that image
 * deletes its files. A deletion that fails keeps its record, to be tried again the next day.
 * The key's second segment is its store id, so each look-up uses the tables' primary keys.
 */
export async function deleteUnattachedUploads(
  { db, storage, logger }: { db: Database; storage: ImageStorage; logger?: Logger },
  now = new Date(),
): Promise<{ deleted: number; attached: number }> {
  const cutoff = new Date(now.getTime() - UPLOAD_GRACE_MS);
  const totals = { deleted: 0, attached: 0 };
  while (true) {
    const { rows } = await db.execute<{ key: string; attached: boolean }>(sql`
      select u.key,
             exists (select 1 from products p
                     where p.store_id = split_part(u.key, '/', 2) and p.image_key = u.key)
          or exists (select 1 from store_settings s
                     where s.store_id = split_part(u.key, '/', 2) and u.key in (s.logo_key, s.favicon_key))
             as attached
      from ${imageUploads} u
      where u.created_at < ${cutoff}
      order by u.created_at
      limit ${BATCH}`);
    if (rows.length === 0) return totals;
    const done: string[] = [];
    for (const { key, attached } of rows) {
      if (attached) {
        totals.attached++;
        done.push(key);
        continue;
      }
      try {
        await Promise.all(imageFileKeys(key).map((fileKey) => storage.delete(fileKey)));
        totals.deleted++;
        done.push(key);
      } catch (error) {
        logger?.warn("unattached upload not deleted", { key, error });
      }
    }
    if (done.length > 0) {
      await db.delete(imageUploads).where(
        sql`${imageUploads.key} in (${sql.join(
          done.map((key) => sql`${key}`),
          sql`, `,
        )})`,
      );
    }
    // A short batch was the last; one where some deletions failed would only find them again.
    if (rows.length < BATCH || done.length < rows.length) return totals;
  }
}

export const UPLOAD_CLEANUP_JOB = "uploads.cleanup";

/** Deleting, once a day, the uploads no product or logo uses a day later. */
export function uploadCleanupJob(deps: { db: Database; storage: ImageStorage; logger: Logger }) {
  return defineJob({
    kind: UPLOAD_CLEANUP_JOB,
    payload: NO_PAYLOAD,
    run: cleanUpUploads(deps),
    schedule: scheduleUploadCleanup,
  });
}

/** The daily clean-up as a job, like the featured rotation: one job a day, whichever instance queues it. */
function cleanUpUploads(deps: { db: Database; storage: ImageStorage; logger: Logger }) {
  return async () => {
    const { deleted, attached } = await deleteUnattachedUploads(deps);
    if (deleted > 0) deps.logger.info("unattached uploads deleted", { deleted, attached });
    await scheduleUploadCleanup(deps.db, new Date(Date.now() + UPLOAD_GRACE_MS));
  };
}

/** Queues the clean-up for the day of `at` (once per day, whoever asks). */
export async function scheduleUploadCleanup(db: Database, at = new Date()) {
  await enqueue(
    db,
    UPLOAD_CLEANUP_JOB,
    {},
    { key: `uploads-cleanup:${at.toISOString().slice(0, 10)}`, runAt: at },
  );
}
