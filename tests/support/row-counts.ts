import { getTableName, sql } from "drizzle-orm";
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
  // One statement: the matrices count before and after hundreds of requests.
  const parts = COUNTED.map((table) => {
    const name = sql.identifier(getTableName(table));
    const storeColumn = (table as unknown as { storeId?: typeof products.storeId }).storeId;
    if (storeId === undefined) return sql`(select count(*) from ${table})::int as ${name}`;
    if (!storeColumn) return sql`0 as ${name}`;
    return sql`(select count(*) from ${table} where ${storeColumn} = ${storeId})::int as ${name}`;
  });
  if (storeId === undefined) {
    parts.push(
      sql`(select count(*) from ${jobs} where ${jobs.key} is null)::int as ${sql.identifier("jobs")}`,
    );
  }
  const { rows } = await db.execute<Record<string, number>>(sql`select ${sql.join(parts, sql`, `)}`);
  return { ...rows[0]! };
}
