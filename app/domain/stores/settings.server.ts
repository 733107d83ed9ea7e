import { and, eq, isNull, sql } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { cities, stores, storeSettings } from "~/db/schema";
import { isOwnedImageKey } from "~/domain/images/image-keys";
import { deleteImage } from "~/domain/images/store-image.server";
import type { ImageStorage } from "~/domain/images/storage.server";
import { AppError } from "~/lib/errors";
import type { Logger } from "~/lib/logger.server";
import { CATEGORY_TAG_MESSAGES } from "./category-tags";
import { hasCustomCategories, resolveLicence, trialEndsAt } from "./licence";
import { TRIAL_MESSAGES } from "./plan";
import { SETTINGS_MESSAGES, type SettingsForm } from "./settings-form";
import { afterCommit, inTransaction } from "~/db/after-commit.server";

type ImageDeps = { storage: ImageStorage; logger: Logger };

/**
 * Saves the settings tab for one store (merge: fields the form left out keep their value).
 * A replaced or removed logo's files are deleted after the save commits.
 */
export async function saveStoreSettings(db: Executor, storeId: string, form: SettingsForm, deps: ImageDeps) {
  const { cityId, logoKey, ...settings } = form;
  if (logoKey && !isOwnedImageKey(storeId, "store-logos", logoKey)) {
    throw new AppError("VALIDATION", SETTINGS_MESSAGES.logo, { field: "logoKey" });
  }
  const [city] = await db.select({ id: cities.id }).from(cities).where(eq(cities.id, cityId));
  if (!city) throw new AppError("VALIDATION", SETTINGS_MESSAGES.city, { field: "cityId" });

  await inTransaction(db, async (tx) => {
    const [current] = await tx
      .select({ logoKey: storeSettings.logoKey })
      .from(storeSettings)
      .where(eq(storeSettings.storeId, storeId))
      .for("update");
    if (!current) throw new AppError("NOT_FOUND", "No encontrado.");
    const values = dropUndefined({
      ...settings,
      logoKey: logoKey === undefined ? undefined : logoKey || null,
    });
    await tx.update(storeSettings).set(values).where(eq(storeSettings.storeId, storeId));
    await tx.update(stores).set({ cityId }).where(eq(stores.id, storeId));
    const replacedLogo =
      logoKey !== undefined && current.logoKey !== (logoKey || null) ? current.logoKey : null;
    if (replacedLogo) await afterCommit(tx, () => deleteImage(deps.storage, replacedLogo, deps.logger));
  });
}

/** Advanced settings: the custom categories, on Negocio and Pro only (docs/decisions/015). */
export async function saveCustomCategories(
  db: Executor,
  storeId: string,
  categories: string[],
  now = new Date(),
) {
  await inTransaction(db, async (tx) => {
    const [store] = await tx.select().from(stores).where(eq(stores.id, storeId)).for("update");
    if (!store) throw new AppError("NOT_FOUND", "No encontrado.");
    if (!hasCustomCategories(resolveLicence(store, now).tier)) {
      throw new AppError("FORBIDDEN", CATEGORY_TAG_MESSAGES.basicOnly);
    }
    await tx
      .update(storeSettings)
      .set({ customCategories: categories })
      .where(eq(storeSettings.storeId, storeId));
  });
}

/**
 * Starts the 30-day basic trial of a starter store that never had one. The condition lives in
 * the UPDATE itself, so two simultaneous requests start it once.
 */
export async function startTrial(db: Executor, storeId: string, now = new Date()) {
  const [started] = await db
    .update(stores)
    .set({ trialExpiration: trialEndsAt(now) })
    .where(
      and(
        eq(stores.id, storeId),
        isNull(stores.trialExpiration),
        sql`(${stores.licenceExpires} is null or ${stores.licenceExpires} <= ${now} or ${stores.licenceType} = 'starter')`,
      ),
    )
    .returning({ trialExpiration: stores.trialExpiration });
  if (!started) throw new AppError("UNAVAILABLE", TRIAL_MESSAGES.alreadyUsed);
  return started.trialExpiration!;
}

function dropUndefined<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}
