import { count, eq, getTableName, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Database } from "~/db/client.server";
import {
  analyticsEvents,
  authAccount,
  authSession,
  authUser,
  authVerification,
  customDomains,
  discountCodes,
  imageUploads,
  jobs,
  offers,
  orderChanges,
  orderEvents,
  orderLines,
  orders,
  products,
  pushSubscriptions,
  storeActivity,
  storeClaims,
  storeInvitations,
  storeMembers,
  storeOwners,
  stores,
  storeSettings,
} from "~/db/schema";

/** Tables a request could add to or delete from (rate-limit hits excepted: a refusal may count). */
const COUNTED: PgTable[] = [
  products,
  orders,
  orderLines,
  orderEvents,
  orderChanges,
  stores,
  storeSettings,
  storeOwners,
  storeMembers,
  storeInvitations,
  storeActivity,
  storeClaims,
  customDomains,
  pushSubscriptions,
  authUser,
  authAccount,
  authSession,
  authVerification,
  analyticsEvents,
  imageUploads,
  discountCodes,
  offers,
];

/**
 * Each table's rows, to compare before and after a request that must change nothing: every row,
 * with the work requests queued (the daily jobs, each with its key, are the server's own); or, with
 * `storeId`, that store's rows only, in the tables that name a store.
 */
export async function rowCounts(db: Database, { storeId }: { storeId?: string } = {}) {
  const counts: Record<string, number> = {};
  for (const table of COUNTED) {
    const storeColumn = (table as unknown as { storeId?: typeof products.storeId }).storeId;
    const [row] =
      storeId === undefined
        ? await db.select({ n: count() }).from(table)
        : storeColumn
          ? await db.select({ n: count() }).from(table).where(eq(storeColumn, storeId))
          : [{ n: 0 }];
    counts[getTableName(table)] = row!.n;
  }
  if (storeId !== undefined) return counts;
  const [queued] = await db
    .select({ n: count() })
    .from(jobs)
    .where(sql`${jobs.key} is null`);
  counts.jobs = queued!.n;
  return counts;
}
