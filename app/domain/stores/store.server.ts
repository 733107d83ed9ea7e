import { and, asc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { builtOnce } from "~/db/built-once.server";
import type { Executor } from "~/db/client.server";
import { cities, storeCategories, storeOwners, stores, storeSettings } from "~/db/schema";
import { resolveLicence } from "./licence";
import type { ReadDatabase } from "~/db/read-database.server";

export async function listStoreCategories(db: Executor) {
  return db.select().from(storeCategories).orderBy(asc(storeCategories.position));
}

export async function listCities(db: Executor) {
  return db.select().from(cities).orderBy(asc(cities.name));
}

/** The id of the one store this user owns, or null when the owner link is missing. */
export async function findOwnedStoreId(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ storeId: storeOwners.storeId })
    .from(storeOwners)
    .where(eq(storeOwners.userId, userId));
  return row?.storeId ?? null;
}

/**
 * A store with its settings and resolved licence; null when there is no such store, or when it
 * was closed: every page and action that finds stores this way forgets it at once.
 */
export async function findStore(db: ReadDatabase, storeId: string, now = new Date()) {
  const [row] = await openStoreQuery(db).execute({ storeId });
  return row ? withLicence(row, now) : null;
}

/**
 * The select behind `findStore` (the store id is the placeholder `storeId`), with the further
 * columns a caller reads in the same statement.
 */
export function selectOpenStore<Extra extends Record<string, SQL.Aliased | SQL>>(
  db: ReadDatabase,
  extra: Extra,
) {
  return db
    .select({ store: stores, settings: storeSettings, ...extra })
    .from(stores)
    .innerJoin(storeSettings, eq(storeSettings.storeId, stores.id))
    .where(and(eq(stores.id, sql.placeholder("storeId")), isNull(stores.closedAt)));
}

/** A row of `selectOpenStore` as `findStore` answers it. */
export function withLicence(
  row: { store: typeof stores.$inferSelect; settings: typeof storeSettings.$inferSelect },
  now: Date,
) {
  return { ...row.store, settings: row.settings, licence: resolveLicence(row.store, now) };
}

/**
 * What an id no open store answers to is: a closed store's, still held for its 30 days; another
 * store's that is not shown; or free, as a sign-up would take it (no row at all).
 */
export async function storeIdState(db: ReadDatabase, storeId: string): Promise<"closed" | "taken" | "free"> {
  const [row] = await db.select({ closedAt: stores.closedAt }).from(stores).where(eq(stores.id, storeId));
  if (!row) return "free";
  return row.closedAt ? "closed" : "taken";
}

const openStoreQuery = builtOnce((db) => selectOpenStore(db, {}).prepare(""));

export type StoreWithSettings = NonNullable<Awaited<ReturnType<typeof findStore>>>;
