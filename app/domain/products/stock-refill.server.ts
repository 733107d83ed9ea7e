/**
 * Daily stock ("40 al día"): a product's stock refills to its daily stock at the store's first
 * opening of each day, in the store's time zone (./stock.ts says when). The refill is one
 * conditional UPDATE, so however many instances or orders ask at once, a product refills once
 * per opening: after it, `stock_refilled_at` is past that opening and the condition no longer
 * holds. A job runs it at each opening (and at least hourly); the first order after an opening
 * runs it too, in its own transaction, so no order meets yesterday's stock.
 */
import { sql } from "drizzle-orm";
import { inTransaction } from "~/db/after-commit.server";
import type { Database, Executor } from "~/db/client.server";
import { products, storeSettings } from "~/db/schema";
import { defineJob, NO_PAYLOAD } from "~/domain/jobs/define-job.server";
import { enqueue } from "~/domain/jobs/jobs.server";
import type { OpeningHours } from "~/domain/stores/opening-hours";
import type { Logger } from "~/lib/logger.server";
import { notifyRestocked } from "./restock.server";
import { lastRefillTime, nextRefillTime } from "./stock";

export const STOCK_REFILL_JOB = "stock.refill";
const HOUR_MS = 60 * 60 * 1000;

/**
 * Refills the daily-stock products of the stores listed with their last opening that have not
 * refilled since; answers how many did. Page versions follow by the
 * products table's trigger.
 */
export async function refillStock(
  db: Executor,
  due: { storeId: string; lastRefill: Date }[],
): Promise<number> {
  if (due.length === 0) return 0;
  // Marked with the opening it refilled for: an order placed since then gives its units back when
  // cancelled, one placed before does not.
  const { rowCount } = await db.execute(sql`
    update ${products} p set stock = p.daily_stock, stock_refilled_at = due.last_refill
    from unnest(${sql.param(due.map((store) => store.storeId))}::text[],
                ${sql.param(due.map((store) => store.lastRefill.toISOString()))}::timestamptz[])
      as due(store_id, last_refill)
    where p.store_id = due.store_id and p.daily_stock is not null
      and (p.stock_refilled_at is null or p.stock_refilled_at < due.last_refill)`);
  // Stock is back: whoever asked to be told hears of it with this commit (docs/decisions/030).
  if (rowCount) await notifyRestocked(db, [...new Set(due.map((store) => store.storeId))]);
  return rowCount ?? 0;
}

/** Every store with daily stock, refilled when it opened since; and the next opening of any of them. */
export async function refillDailyStock(db: Database, now = new Date()) {
  const stores = await db
    .select({
      storeId: storeSettings.storeId,
      hours: storeSettings.openingHours,
      timeZone: storeSettings.timeZone,
    })
    .from(storeSettings)
    .where(
      sql`exists (select 1 from ${products} where ${products.storeId} = ${storeSettings.storeId}
        and ${products.dailyStock} is not null)`,
    );
  const due: { storeId: string; lastRefill: Date }[] = [];
  let next: Date | null = null;
  for (const store of stores) {
    const hours = store.hours as OpeningHours | null;
    const lastRefill = lastRefillTime(hours, now, store.timeZone);
    if (lastRefill) due.push({ storeId: store.storeId, lastRefill });
    const upcoming = nextRefillTime(hours, now, store.timeZone);
    if (upcoming && (!next || upcoming < next)) next = upcoming;
  }
  // One transaction: the refill and the messages it owes commit together.
  return { refilled: await inTransaction(db, (tx) => refillStock(tx, due)), next };
}

/** The next run: the next opening of a store with daily stock, or the next full hour if sooner. */
export function nextRefillRun(now: Date, nextOpening: Date | null): Date {
  const hour = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS + HOUR_MS);
  return nextOpening && nextOpening < hour ? nextOpening : hour;
}

export function stockRefillJob(db: Database, logger: Logger) {
  return defineJob({
    kind: STOCK_REFILL_JOB,
    payload: NO_PAYLOAD,
    schedule: scheduleStockRefill,
    run: async () => {
      const now = new Date();
      const { refilled, next } = await refillDailyStock(db, now);
      if (refilled > 0) logger.info("daily stock refilled", { products: refilled });
      await scheduleStockRefill(db, nextRefillRun(now, next));
    },
  });
}

/**
 * Queues a refill run at `at`, keyed by its minute: every instance computes the same next run, so
 * one job per run exists whoever asks.
 */
export async function scheduleStockRefill(db: Database, at = new Date()) {
  const minute = new Date(Math.floor(at.getTime() / 60_000) * 60_000);
  await enqueue(db, STOCK_REFILL_JOB, {}, { key: `stock-refill:${minute.toISOString()}`, runAt: minute });
}
