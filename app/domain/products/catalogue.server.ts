/**
 * The catalogue in bulk (docs/decisions/035, 050): export, the import's preview and apply, and the
 * bulk edit. Every query is bound to the store the guard gave. One import at a time per store,
 * held by an advisory lock in a transaction (so across processes and instances, and behind
 * PgBouncer in transaction mode). The apply and the bulk edit each run in one transaction that
 * first locks the store's row, as adding or enabling a product does, so the plan's limit of
 * products on sale holds whatever runs beside them.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterCommit, inTransaction } from "~/db/after-commit.server";
import type { Database, Executor } from "~/db/client.server";
import { analyticsEvents, products, stores, storeSettings } from "~/db/schema";
import { checkUpload } from "~/domain/images/process-image.server";
import { deleteImage, storeImage } from "~/domain/images/store-image.server";
import type { ImageStorage } from "~/domain/images/storage.server";
import { recordUpload } from "~/domain/images/unattached-uploads.server";
import { availableProductLimit, hasCustomCategories, resolveLicence } from "~/domain/stores/licence";
import { AppError } from "~/lib/errors";
import { randomId } from "~/lib/ids";
import type { Logger } from "~/lib/logger.server";
import {
  BULK_MESSAGES,
  CATALOGUE_MESSAGES,
  exportRow,
  planImport,
  repriced,
  type CatalogueRow,
  type ImportPlan,
  type BulkEdit,
  type ProductChanges,
  type StoreProduct,
} from "./catalogue";
import { importSummary } from "./catalogue-summary";
import { planLimitMessage } from "./product-form";
import { notifyRestocked } from "./restock.server";
import { hasStock } from "./stock";

/**
 * `onApplied`: what else the import's own transaction writes once the file is applied (the
 * panel's Actividad line, app/domain/team/activity.server.ts); scripts write nothing else.
 * `uploads`: where each stored photo is recorded at once (the pool), so that a crash before the
 * commit leaves them to the unattached uploads' clean-up; by default the import's own executor.
 */
type Deps = {
  storage: ImageStorage;
  logger: Logger;
  onApplied?: (tx: Executor, applied: { created: number; changed: number }) => Promise<void>;
  uploads?: Executor;
};

/**
 * What the owner chose for the apply: `validOnly`, apply the rows valid then and skip the
 * refused ones (else any refused row refuses the file); `overwrite`, the file's values win over
 * what changed in the store after the export (else the store's newer values stay).
 */
export type ImportChoices = { validOnly?: boolean; overwrite?: boolean };

const STORE_PRODUCT = {
  id: products.id,
  name: products.name,
  description: products.description,
  category: products.category,
  price: products.price,
  unit: products.unit,
  available: products.available,
  choiceGroups: products.choiceGroups,
  stock: products.stock,
  dailyStock: products.dailyStock,
  lowStockThreshold: products.lowStockThreshold,
  optionStock: products.optionStock,
  imageKey: products.imageKey,
  variations: products.variations,
  quantityStep: products.quantityStep,
  minQuantity: products.minQuantity,
};

function storeProducts(db: Executor, storeId: string): Promise<StoreProduct[]> {
  return db
    .select(STORE_PRODUCT)
    .from(products)
    .where(eq(products.storeId, storeId))
    .orderBy(products.name, products.id);
}

/** The plan and categories a file is checked against, read under the caller's lock when it holds one. */
async function storeContext(db: Executor, storeId: string, now: Date, lock: boolean) {
  const query = db.select().from(stores).where(eq(stores.id, storeId));
  const [store] = lock ? await query.for("update") : await query;
  if (!store) throw new AppError("NOT_FOUND", CATALOGUE_MESSAGES.notInStore(storeId));
  const { tier } = resolveLicence(store, now);
  const [settings] = await db
    .select({ categories: storeSettings.customCategories })
    .from(storeSettings)
    .where(eq(storeSettings.storeId, storeId));
  return {
    tier,
    stock: hasStock(tier),
    categories: hasCustomCategories(tier) ? (settings?.categories ?? []) : null,
    limit: availableProductLimit(tier),
  };
}

/** Every product of the store as the export's rows. */
export async function catalogueRows(db: Executor, storeId: string, now = new Date()) {
  const [context, rows] = await Promise.all([
    storeContext(db, storeId, now, false),
    storeProducts(db, storeId),
  ]);
  return rows.map((product) => exportRow(product, context.stock));
}

/** The advisory lock's key of a store's import (seeded apart from the other locks by its prefix). */
export const importLockKey = (storeId: string) => sql`hashtextextended(${`catalogue-import:${storeId}`}, 0)`;

/**
 * Runs one import of the store (reading the file, the preview or the apply), or refuses it at once
 * with a Spanish message while another is running, in this process or any other. The lock is
 * PostgreSQL's, held by a transaction (never by a session: the pool may be PgBouncer's), and `run`
 * does its work on that transaction's connection: an import never waits for a second connection
 * while it holds one, so simultaneous imports of many stores cannot drain the pool.
 */
export async function oneImportAtATime<T>(
  db: Database,
  storeId: string,
  run: (tx: Executor) => Promise<T>,
): Promise<T> {
  return inTransaction(db, async (tx) => {
    const lock = await tx.execute<{ locked: boolean }>(
      sql`select pg_try_advisory_xact_lock(${importLockKey(storeId)}) as locked`,
    );
    if (!lock.rows[0]?.locked) throw new AppError("UNAVAILABLE", CATALOGUE_MESSAGES.busy);
    return run(tx);
  });
}

export type ImportInput = { rows: CatalogueRow[]; photos: Map<string, Uint8Array> | null };

/**
 * The photos' quick checks (empty, too heavy, not an image by its bytes), as the upload runs them
 * before decoding: a refused photo refuses its row in the preview.
 */
function photoRefusals(photos: Map<string, Uint8Array> | null) {
  const refused = new Map<string, string>();
  for (const [name, bytes] of photos ?? []) {
    try {
      checkUpload(bytes);
    } catch (error) {
      if (error instanceof AppError) refused.set(name, error.message);
      else throw error;
    }
  }
  return refused;
}

function planContext(
  context: Awaited<ReturnType<typeof storeContext>>,
  input: ImportInput,
  badPhotos: Map<string, string>,
  choices: ImportChoices,
) {
  const photos = input.photos ? new Set(input.photos.keys()) : null;
  return { ...context, photos, badPhotos, overwrite: choices.overwrite ?? false };
}

/** What applying the file would create, change and refuse; nothing is written. */
export async function previewImport(
  db: Executor,
  storeId: string,
  input: ImportInput,
  choices: ImportChoices = {},
  now = new Date(),
) {
  const [context, current] = await Promise.all([
    storeContext(db, storeId, now, false),
    storeProducts(db, storeId),
  ]);
  const plan = planImport(
    input.rows,
    current,
    planContext(context, input, photoRefusals(input.photos), choices),
  );
  return importSummary(plan);
}

const applicable = (plan: ImportPlan) => plan.creates.length + plan.updates.length > 0;
const photosOf = (plan: ImportPlan) =>
  new Set(
    [
      ...plan.creates.map((create) => create.fields.photo),
      ...plan.updates.map((update) => update.photo),
    ].filter((name) => name !== ""),
  );

/**
 * Applies the file. Photos the rows use go through the upload's own pipeline first (checked,
 * re-encoded, stored); then one transaction locks the store's row, reads its products again and
 * plans the file again under that lock, on what the store holds then. Any row refused then (the
 * limit reached meanwhile, a product deleted or changed) refuses the whole file, unless the owner
 * chose to apply the valid rows only: then exactly the rows valid at that moment are written.
 * Photos no written row uses are deleted; replaced photos are deleted after the commit.
 */
export async function applyImport(
  db: Executor,
  storeId: string,
  input: ImportInput,
  deps: Deps,
  choices: ImportChoices = {},
  now = new Date(),
) {
  const [outside, before] = await Promise.all([
    storeContext(db, storeId, now, false),
    storeProducts(db, storeId),
  ]);
  const badPhotos = photoRefusals(input.photos);
  const draft = planImport(input.rows, before, planContext(outside, input, badPhotos, choices));
  if (draft.refused.length > 0 && !choices.validOnly) throw refusal(draft);
  if (draft.refused.length > 0 && !applicable(draft)) throw nothingValid(draft);
  const stored = new Map<string, string>();
  try {
    for (const name of photosOf(draft)) {
      try {
        const { key } = await storeImage(
          deps.storage,
          { kind: "product-images", storeId, bytes: input.photos!.get(name)! },
          deps.logger,
        );
        stored.set(name, key);
        await recordUpload(deps.uploads ?? db, key, now);
      } catch (error) {
        if (!(error instanceof AppError && error.status < 500)) throw error;
        badPhotos.set(name, error.message);
        if (!choices.validOnly)
          throw refusal(planImport(input.rows, before, planContext(outside, input, badPhotos, choices)));
      }
    }
    // A photo of the ZIP not stored (refused, or wanted only by a row that changed meanwhile)
    // refuses the rows that would use it.
    for (const name of input.photos?.keys() ?? [])
      if (!stored.has(name) && !badPhotos.has(name)) badPhotos.set(name, CATALOGUE_MESSAGES.photoNotStored);
    const applied = await inTransaction(db, async (tx) => {
      const context = await storeContext(tx, storeId, now, true);
      const current = await storeProducts(tx, storeId);
      const plan = planImport(input.rows, current, planContext(context, input, badPhotos, choices));
      if (plan.refused.length > 0 && !choices.validOnly) throw refusal(plan);
      if (plan.refused.length > 0 && !applicable(plan)) throw nothingValid(plan);
      const created = await writePlan(tx, storeId, plan, current, stored, deps, now);
      return { created, changed: plan.updates.length, skipped: plan.refused.length, plan };
    });
    const used = photosOf(applied.plan);
    for (const [name, key] of stored) if (!used.has(name)) await deleteImage(deps.storage, key, deps.logger);
    const { created, changed, skipped } = applied;
    return { created, changed, skipped, summary: importSummary(applied.plan) };
  } catch (error) {
    for (const key of stored.values()) await deleteImage(deps.storage, key, deps.logger);
    throw error;
  }
}

/** The plan's writes, in the caller's transaction: the new products, then each change. */
async function writePlan(
  tx: Executor,
  storeId: string,
  plan: ImportPlan,
  current: StoreProduct[],
  stored: Map<string, string>,
  deps: Deps,
  now: Date,
) {
  const byId = new Map(current.map((product) => [product.id, product]));
  const created = await createProducts(tx, storeId, plan, stored, now);
  for (const update of plan.updates) {
    const product = byId.get(update.id)!;
    const set = columnsOf(update.changes, product, now);
    if (update.photo) {
      set.imageKey = stored.get(update.photo)!;
      const replaced = product.imageKey;
      if (replaced) await afterCommit(tx, () => deleteImage(deps.storage, replaced, deps.logger));
    }
    await tx
      .update(products)
      .set(set)
      .where(and(eq(products.storeId, storeId), eq(products.id, update.id)));
  }
  if (plan.updates.length > 0) await notifyRestocked(tx, [storeId]);
  await deps.onApplied?.(tx, { created, changed: plan.updates.length });
  return created;
}

function refusal(plan: ImportPlan) {
  return new AppError("UNPROCESSABLE", CATALOGUE_MESSAGES.refused, {
    details: { preview: importSummary(plan) },
  });
}

function nothingValid(plan: ImportPlan) {
  return new AppError("UNPROCESSABLE", CATALOGUE_MESSAGES.nothingValid, {
    details: { preview: importSummary(plan) },
  });
}

/** The columns an update writes; daily stock switched on counts as refilled now (docs/decisions/028). */
function columnsOf(
  changes: ProductChanges,
  product: StoreProduct,
  now: Date,
): Partial<typeof products.$inferInsert> {
  const set: Partial<typeof products.$inferInsert> = { ...changes };
  if ("dailyStock" in changes) {
    set.stockRefilledAt = changes.dailyStock === null ? null : product.dailyStock === null ? now : undefined;
    if (set.stockRefilledAt === undefined) delete set.stockRefilledAt;
  }
  return set;
}

async function createProducts(
  tx: Executor,
  storeId: string,
  plan: ImportPlan,
  photos: Map<string, string>,
  now: Date,
) {
  const values = plan.creates.map(({ fields: { fields, photo } }) => ({
    storeId,
    id: randomId(),
    name: fields.name,
    description: fields.description,
    price: fields.price,
    unit: fields.unit,
    available: fields.available ?? true,
    category: fields.category ?? "",
    choiceGroups: fields.choiceGroups ?? [],
    stock: fields.stock ?? null,
    dailyStock: fields.dailyStock ?? null,
    stockRefilledAt: fields.dailyStock != null ? now : null,
    optionStock: fields.optionStock ?? null,
    imageKey: photo ? photos.get(photo)! : null,
  }));
  for (let start = 0; start < values.length; start += 500) {
    const batch = values.slice(start, start + 500);
    await tx.insert(products).values(batch);
    await tx.insert(analyticsEvents).values(
      batch.map((product) => ({
        name: "add_product" as const,
        storeId,
        data: { productId: product.id, name: product.name },
      })),
    );
  }
  return values.length;
}

/**
 * Changes the selected products together, in one transaction under the store row's lock: every id
 * must be one of the store's (else nothing changes: not found), a new price below $0.01 refuses the
 * whole change, a category must be one of the store's, and putting products on sale stays within
 * the plan's limit (the product dialog's own message).
 */
export async function bulkEdit(
  db: Executor,
  storeId: string,
  ids: string[],
  edit: BulkEdit,
  now = new Date(),
) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) throw new AppError("VALIDATION", BULK_MESSAGES.none, { field: "productIds" });
  return inTransaction(db, async (tx) => {
    const context = await storeContext(tx, storeId, now, true);
    const selected = await tx
      .select(STORE_PRODUCT)
      .from(products)
      .where(and(eq(products.storeId, storeId), inArray(products.id, unique)))
      .for("update");
    if (selected.length !== unique.length) throw new AppError("NOT_FOUND", BULK_MESSAGES.notFound);
    if (edit.kind === "price") {
      const prices = [];
      for (const product of selected) {
        const next = repriced(product, edit.change);
        if ("error" in next) throw new AppError("VALIDATION", next.error, { field: "value" });
        prices.push({ id: product.id, ...next });
      }
      for (const { id, price, choiceGroups } of prices)
        await tx
          .update(products)
          .set({ price, choiceGroups })
          .where(and(eq(products.storeId, storeId), eq(products.id, id)));
      return selected.length;
    }
    if (edit.kind === "category") {
      const category = edit.category.trim();
      if (category !== "" && !context.categories?.includes(category))
        throw new AppError("VALIDATION", BULK_MESSAGES.category, { field: "category" });
      await tx
        .update(products)
        .set({ category })
        .where(and(eq(products.storeId, storeId), inArray(products.id, unique)));
      return selected.length;
    }
    if (edit.available) {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(products)
        .where(and(eq(products.storeId, storeId), eq(products.available, true)));
      const turningOn = selected.filter((product) => !product.available).length;
      if (row!.n + turningOn > context.limit)
        throw new AppError("PLAN_LIMIT_REACHED", planLimitMessage(context.limit));
    }
    await tx
      .update(products)
      .set({ available: edit.available })
      .where(and(eq(products.storeId, storeId), inArray(products.id, unique)));
    if (edit.available) await notifyRestocked(tx, [storeId]);
    return selected.length;
  });
}
