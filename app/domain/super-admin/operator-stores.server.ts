import { and, asc, count, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database, Executor } from "~/db/client.server";
import { authUser, cities, storeOwners, stores, storeSettings } from "~/db/schema";
import type { LicenceType } from "~/domain/stores/licence-types";
import { containsPattern } from "~/domain/directory/contains-pattern.server";
import { resolveLicence } from "~/domain/stores/licence";
import { SIGNUP_MESSAGES } from "~/domain/stores/signup-form";
import { AppError, uniqueViolation } from "~/lib/errors";
import { endOfDayInMexico, SUPER_ADMIN_MESSAGES, type CreateStoreForm } from "./super-admin-forms";
import type { StoreListFilter } from "./store-list-filter";
import { inTransaction } from "~/db/after-commit.server";

/**
 * The operator's side of stores (the super-admin panel): stores without
 * an owner, the directory's visibility and paid plans. Callers have checked the superadmin role.
 */

export const OPERATOR_STORE_LIST_LIMIT = 50;

/**
 * A store without a user, on the free plan and with no trial used, so that whoever claims it
 * can still start their own. The id meets the primary key: a taken id fails, race-safe.
 */
export async function createUserlessStore(db: Database, form: CreateStoreForm) {
  try {
    await inTransaction(db, async (tx) => {
      await tx.insert(stores).values({
        id: form.storeId,
        cityId: form.cityId,
        categoryId: form.storeCategory,
        licenceType: "starter",
      });
      await tx.insert(storeSettings).values({ storeId: form.storeId, displayName: form.displayName });
    });
  } catch (error) {
    if (uniqueViolation(error) === "stores_pkey") {
      throw new AppError("ALREADY_EXISTS", SIGNUP_MESSAGES.storeIdTaken, { field: "storeId" });
    }
    const cause = (error as { cause?: { code?: string; constraint?: string } })?.cause;
    if (cause?.code === "23503") {
      const field = cause.constraint?.includes("city") ? "cityId" : "storeCategory";
      const message = field === "cityId" ? SIGNUP_MESSAGES.required : SIGNUP_MESSAGES.category;
      throw new AppError("VALIDATION", message, { field });
    }
    throw error;
  }
  return { storeId: form.storeId };
}

/** Stores nobody owns that someone can still claim: a closed store has no owner either, and stays closed. */
const claimable = and(isNull(storeOwners.userId), isNull(stores.closedAt));

/**
 * One page of the operator's store list, by id: a search by id, name or owner e-mail (accents and
 * case ignored), optionally only the stores without an owner; `next` is the last id shown when
 * more follow.
 */
export async function listOperatorStores(db: Executor, filter: StoreListFilter, now = new Date()) {
  const term = filter.query.trim();
  const rows = await db
    .select({
      store: stores,
      displayName: storeSettings.displayName,
      cityName: cities.name,
      ownerEmail: authUser.email,
    })
    .from(stores)
    .innerJoin(storeSettings, eq(storeSettings.storeId, stores.id))
    .innerJoin(cities, eq(cities.id, stores.cityId))
    .leftJoin(storeOwners, eq(storeOwners.storeId, stores.id))
    .leftJoin(authUser, eq(authUser.id, storeOwners.userId))
    .where(
      and(
        term === ""
          ? undefined
          : sql`tianguis_search_text(${stores.id} || ' ' || ${storeSettings.displayName} || ' ' || coalesce(${authUser.email}, '')) like ${containsPattern(term)}`,
        filter.ownerless ? claimable : undefined,
        filter.after ? gt(stores.id, filter.after) : undefined,
      ),
    )
    .orderBy(asc(stores.id))
    .limit(OPERATOR_STORE_LIST_LIMIT + 1);
  const shown = rows.slice(0, OPERATOR_STORE_LIST_LIMIT);
  return {
    stores: shown.map(({ store, ...row }) => ({
      id: store.id,
      ...row,
      isHidden: store.isHidden,
      closedAt: store.closedAt,
      licenceType: store.licenceType,
      licenceExpires: store.licenceExpires,
      licence: resolveLicence(store, now),
    })),
    next: rows.length > OPERATOR_STORE_LIST_LIMIT ? shown.at(-1)!.store.id : null,
  };
}

/** How many stores wait for their business to claim them ("Tiendas sin dueño"). */
export async function countOwnerlessStores(db: Executor): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(stores)
    .leftJoin(storeOwners, eq(storeOwners.storeId, stores.id))
    .where(claimable);
  return row?.total ?? 0;
}

/** A closed store stays hidden: it is gone from every public page until it is purged. */
const isOpen = (storeId: string) => and(eq(stores.id, storeId), isNull(stores.closedAt));

export async function setStoreHidden(db: Executor, storeId: string, hidden: boolean) {
  const updated = await db
    .update(stores)
    .set({ isHidden: hidden })
    .where(isOpen(storeId))
    .returning({ id: stores.id });
  if (updated.length === 0) throw new AppError("NOT_FOUND", SUPER_ADMIN_MESSAGES.storeNotFound);
}

/**
 * Sets a store's paid plan (or takes it back to the free one). A running trial ends now, so the
 * plan the operator chose is the one in force; its date stays, recording that a trial was used.
 */
export async function setStorePlan(
  db: Database,
  input: { storeId: string; licenceType: LicenceType; expires: string },
  now = new Date(),
) {
  const free = input.licenceType === "starter";
  const licenceExpires = free ? null : endOfDayInMexico(input.expires);
  if (licenceExpires && licenceExpires.getTime() <= now.getTime()) {
    throw new AppError("VALIDATION", SUPER_ADMIN_MESSAGES.expiryInPast, { field: "expires" });
  }
  await inTransaction(db, async (tx) => {
    const updated = await tx
      .update(stores)
      .set({ licenceType: input.licenceType, licenceExpires })
      .where(isOpen(input.storeId))
      .returning({ id: stores.id });
    if (updated.length === 0) throw new AppError("NOT_FOUND", SUPER_ADMIN_MESSAGES.storeNotFound);
    await tx
      .update(stores)
      .set({ trialExpiration: now })
      .where(and(eq(stores.id, input.storeId), gt(stores.trialExpiration, now)));
  });
}
