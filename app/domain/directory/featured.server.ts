import { and, asc, eq, sql } from "drizzle-orm";
import { enqueue } from "~/domain/jobs/jobs.server";
import type { Database, Executor } from "~/db/client.server";
import { featuredProducts, products, stores, storeSettings } from "~/db/schema";
import type { Logger } from "~/lib/logger.server";
import type { DirectoryProduct } from "./directory-product";
import { inTransaction } from "~/db/after-commit.server";
import { defineJob, NO_PAYLOAD } from "~/domain/jobs/define-job.server";
import type { ReadDatabase } from "~/db/read-database.server";

export const FEATURED_PRODUCTS_LIMIT = 12;
export const FEATURED_PER_STORE_LIMIT = 2;
export const FEATURED_ROTATION_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** Any fixed number: every instance takes the same lock, so only one rotates at a time. */
const FEATURED_ROTATION_LOCK_ID = 7_337_006;

const showable = sql`pr.available and coalesce(pr.image_key, '') <> ''`;

/**
 * Replaces the featured products with a fresh pick, in one transaction: up to 12 available
 * products with an image, from visible stores, at most 2 per store. Stores are sampled first
 * (each store has an equal chance, whatever the size of its catalogue), then up to 2 random
 * products of each. Concurrent rotations queue on an advisory lock instead of interleaving.
 */
export async function rotateFeaturedProducts(db: Database): Promise<{ featured: number }> {
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FEATURED_ROTATION_LOCK_ID})`);
    return replaceFeatured(tx);
  });
}

async function replaceFeatured(tx: Executor) {
  const picked = await tx.execute<{ storeId: string; productId: string }>(sql`
    select pr.store_id as "storeId", pr.id as "productId"
    from (
      select s.id
      from ${stores} s
      where not s.is_hidden
        and exists (select 1 from ${products} pr where pr.store_id = s.id and ${showable})
      order by random()
      limit ${FEATURED_PRODUCTS_LIMIT}
    ) sampled
    cross join lateral (
      select pr.store_id, pr.id
      from ${products} pr
      where pr.store_id = sampled.id and ${showable}
      order by random()
      limit ${FEATURED_PER_STORE_LIMIT}
    ) pr
    order by random()
    limit ${FEATURED_PRODUCTS_LIMIT}
  `);
  await tx.delete(featuredProducts);
  if (picked.rows.length > 0) {
    await tx.insert(featuredProducts).values(picked.rows.map((row, position) => ({ ...row, position })));
  }
  return { featured: picked.rows.length };
}

/**
 * The daily rotation, safe with several server instances: whoever holds the lock checks when
 * the featured products were last replaced and rotates only when that is a day ago or more;
 * the others skip without waiting.
 */
export async function rotateFeaturedProductsIfDue(
  db: Database,
  now = new Date(),
): Promise<"rotated" | "skipped"> {
  return inTransaction(db, async (tx) => {
    const lock = await tx.execute<{ locked: boolean }>(
      sql`select pg_try_advisory_xact_lock(${FEATURED_ROTATION_LOCK_ID}) as locked`,
    );
    if (!lock.rows[0]?.locked) return "skipped";
    const last = await tx.execute<{ at: Date | string | null }>(
      sql`select max(${featuredProducts.createdAt}) as at from ${featuredProducts}`,
    );
    const lastAt = last.rows[0]?.at ? new Date(last.rows[0].at) : null;
    if (lastAt && now.getTime() - lastAt.getTime() < FEATURED_ROTATION_INTERVAL_MS) return "skipped";
    await replaceFeatured(tx);
    return "rotated";
  });
}

export const FEATURED_JOB = "featured.rotate";

/** Rotating the featured products once a day. */
export function featuredRotationJob(db: Database, logger: Logger) {
  return defineJob({
    kind: FEATURED_JOB,
    payload: NO_PAYLOAD,
    run: rotateFeatured(db, logger),
    schedule: scheduleFeaturedRotation,
  });
}

/**
 * The daily rotation as a job (one job mechanism for all background work, docs/decisions/004): each
 * run rotates if a day has passed and queues the next run a day later under that day's key, so
 * however many instances start, one job per day exists.
 */
function rotateFeatured(db: Database, logger: Logger) {
  return async () => {
    const outcome = await rotateFeaturedProductsIfDue(db);
    if (outcome === "rotated") logger.info("featured products rotated", { by: "schedule" });
    await scheduleFeaturedRotation(db, new Date(Date.now() + FEATURED_ROTATION_INTERVAL_MS));
  };
}

/** Queues the rotation for the day of `at` (once per day, whoever asks). */
export async function scheduleFeaturedRotation(db: Database, at = new Date()) {
  await enqueue(db, FEATURED_JOB, {}, { key: `featured:${at.toISOString().slice(0, 10)}`, runAt: at });
}

/**
 * The city's featured products as shown: a product that became unavailable, lost its image or
 * belongs to a store now hidden is left out (a deleted one is gone by the foreign key's cascade).
 */
export async function listFeaturedProducts(db: ReadDatabase, cityId: string): Promise<DirectoryProduct[]> {
  const rows = await db
    .select({
      storeId: products.storeId,
      id: products.id,
      name: products.name,
      price: products.price,
      unit: products.unit,
      imageKey: products.imageKey,
      storeName: storeSettings.displayName,
    })
    .from(featuredProducts)
    .innerJoin(
      products,
      and(eq(products.storeId, featuredProducts.storeId), eq(products.id, featuredProducts.productId)),
    )
    .innerJoin(stores, eq(stores.id, products.storeId))
    .innerJoin(storeSettings, eq(storeSettings.storeId, products.storeId))
    .where(
      and(
        eq(products.available, true),
        sql`coalesce(${products.imageKey}, '') <> ''`,
        eq(stores.isHidden, false),
        eq(stores.cityId, cityId),
      ),
    )
    .orderBy(asc(featuredProducts.position));
  return rows.map((row) => ({ ...row, imageKey: row.imageKey ?? "" }));
}
