import { and, count, desc, eq } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { products, stores, storeSettings } from "~/db/schema";
import { recordEvent } from "~/domain/analytics/events.server";
import { isOwnedImageKey } from "~/domain/images/image-keys";
import { deleteImage } from "~/domain/images/store-image.server";
import type { ImageStorage } from "~/domain/images/storage.server";
import { availableProductLimit, hasCustomCategories, resolveLicence } from "~/domain/stores/licence";
import { AppError } from "~/lib/errors";
import { randomId } from "~/lib/ids";
import type { Logger } from "~/lib/logger.server";
import { planLimitMessage, PRODUCT_MESSAGES, STOCK_MESSAGES, type ProductForm } from "./product-form";
import { notifyRestocked } from "./restock.server";
import { hasStock } from "./stock";
import { afterCommit, inTransaction } from "~/db/after-commit.server";

/**
 * The owner's product management. Every function takes the checked store id and puts it in
 * the WHERE clause: another store's product id is simply not found.
 */
type ImageDeps = { storage: ImageStorage; logger: Logger };

export async function listStoreProducts(db: Executor, storeId: string) {
  return db
    .select()
    .from(products)
    .where(eq(products.storeId, storeId))
    .orderBy(desc(products.createdAt), products.id);
}

export async function countAvailableProducts(db: Executor, storeId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.available, true)));
  return row?.n ?? 0;
}

/**
 * Locks the store row, so that concurrent "add" and "enable" requests of one store run one at
 * a time, and refuses when the plan's available-product limit is reached.
 */
async function lockStoreWithinLimit(tx: Executor, storeId: string, now: Date) {
  const [store] = await tx.select().from(stores).where(eq(stores.id, storeId)).for("update");
  if (!store) throw new AppError("NOT_FOUND", PRODUCT_MESSAGES.notFound);
  const licence = resolveLicence(store, now);
  const limit = availableProductLimit(licence.tier);
  if ((await countAvailableProducts(tx, storeId)) >= limit) {
    throw new AppError("PLAN_LIMIT_REACHED", planLimitMessage(limit));
  }
  return licence;
}

async function checkedCategory(
  tx: Executor,
  storeId: string,
  category: string,
  tier: ReturnType<typeof resolveLicence>["tier"],
) {
  if (!hasCustomCategories(tier) || category === "") return "";
  const [settings] = await tx
    .select({ categories: storeSettings.customCategories })
    .from(storeSettings)
    .where(eq(storeSettings.storeId, storeId));
  if (!settings?.categories.includes(category)) {
    throw new AppError("VALIDATION", PRODUCT_MESSAGES.category, { field: "category" });
  }
  return category;
}

function checkImageKey(storeId: string, imageKey: string | undefined) {
  if (imageKey && !isOwnedImageKey(storeId, "product-images", imageKey)) {
    throw new AppError("VALIDATION", PRODUCT_MESSAGES.image, { field: "imageKey" });
  }
}

/**
 * The stock columns as the form sets them, or the plan's refusal: stock is for Negocio and Pro,
 * whatever the browser sent. Daily stock switched on counts as refilled now, so it next refills
 * at the store's next opening; switched off, it forgets when it last did.
 */
function stockColumns(
  form: ProductForm,
  tier: ReturnType<typeof resolveLicence>["tier"],
  current: {
    dailyStock: number | null;
    stockRefilledAt: Date | null;
    optionStock: Record<string, number> | null;
  } | null,
  now: Date,
) {
  const tracked =
    form.stock !== null ||
    form.dailyStock !== null ||
    form.lowStockThreshold !== null ||
    form.optionStock.length > 0;
  if (tracked && !hasStock(tier))
    throw new AppError("PLAN_LIMIT_REACHED", STOCK_MESSAGES.plan, { field: "stock" });
  const stockRefilledAt =
    form.dailyStock === null ? null : current?.dailyStock != null ? current.stockRefilledAt : now;
  return {
    ...(form.stockEdited || !current ? { stock: form.stock } : {}),
    dailyStock: form.dailyStock,
    lowStockThreshold: form.lowStockThreshold,
    stockRefilledAt,
    optionStock: optionStockColumn(form.optionStock, current?.optionStock ?? null),
  };
}

/**
 * The size options' stock (docs/decisions/034): what the owner typed, except for an option whose
 * stock is as the dialog showed it, which keeps what is left now (orders taken meanwhile stay
 * taken). An option left empty or removed sells without limit; none counted is null.
 */
function optionStockColumn(typed: ProductForm["optionStock"], current: Record<string, number> | null) {
  const entries = typed.flatMap(({ id, stock, edited }) => {
    const left = edited || current === null ? stock : (current[id] ?? null);
    return left === null ? [] : [[id, left] as const];
  });
  return entries.length > 0 ? Object.fromEntries(entries) : null;
}

/** Adds an available product, within the plan's limit, and records `add_product`. */
export async function addProduct(db: Executor, storeId: string, form: ProductForm, now = new Date()) {
  checkImageKey(storeId, form.imageKey);
  return inTransaction(db, async (tx) => {
    const licence = await lockStoreWithinLimit(tx, storeId, now);
    const category = await checkedCategory(tx, storeId, form.category, licence.tier);
    const [product] = await tx
      .insert(products)
      .values({
        storeId,
        id: randomId(),
        name: form.name,
        description: form.description,
        price: form.price,
        unit: form.unit,
        quantityStep: form.quantityStep,
        minQuantity: form.minQuantity,
        variations: form.variations,
        choiceGroups: form.choiceGroups,
        category,
        imageKey: form.imageKey || null,
        available: true,
        ...stockColumns(form, licence.tier, null, now),
      })
      .returning();
    await recordEvent(tx, "add_product", storeId, { productId: product!.id, name: product!.name });
    return product!;
  });
}

/**
 * Edits a product; a replaced or removed image's files are deleted after the commit (of the
 * caller's transaction, when it runs in one).
 */
export async function updateProduct(
  db: Executor,
  storeId: string,
  productId: string,
  form: ProductForm,
  deps: ImageDeps,
  now = new Date(),
) {
  checkImageKey(storeId, form.imageKey);
  return inTransaction(db, async (tx) => {
    const [current] = await tx
      .select({
        imageKey: products.imageKey,
        dailyStock: products.dailyStock,
        stockRefilledAt: products.stockRefilledAt,
        optionStock: products.optionStock,
      })
      .from(products)
      .where(and(eq(products.storeId, storeId), eq(products.id, productId)))
      .for("update");
    if (!current) throw new AppError("NOT_FOUND", PRODUCT_MESSAGES.notFound);
    const [store] = await tx.select().from(stores).where(eq(stores.id, storeId));
    const { tier } = resolveLicence(store!, now);
    const category = await checkedCategory(tx, storeId, form.category, tier);
    const imageKey = form.imageKey === undefined ? current.imageKey : form.imageKey || null;
    const [product] = await tx
      .update(products)
      .set({
        name: form.name,
        description: form.description,
        price: form.price,
        unit: form.unit,
        quantityStep: form.quantityStep,
        minQuantity: form.minQuantity,
        variations: form.variations,
        choiceGroups: form.choiceGroups,
        category,
        imageKey,
        ...stockColumns(form, tier, current, now),
      })
      .where(and(eq(products.storeId, storeId), eq(products.id, productId)))
      .returning();
    await notifyRestocked(tx, [storeId]);
    const replaced = current.imageKey !== imageKey ? current.imageKey : null;
    if (replaced) await afterCommit(tx, () => deleteImage(deps.storage, replaced, deps.logger));
    return product!;
  });
}

/** Enabling counts against the plan's limit (atomically); disabling always succeeds. */
export async function setProductAvailability(
  db: Executor,
  storeId: string,
  productId: string,
  available: boolean,
  now = new Date(),
) {
  return inTransaction(db, async (tx) => {
    const [current] = await tx
      .select({ available: products.available })
      .from(products)
      .where(and(eq(products.storeId, storeId), eq(products.id, productId)));
    if (!current) throw new AppError("NOT_FOUND", PRODUCT_MESSAGES.notFound);
    if (current.available === available) return;
    if (available) await lockStoreWithinLimit(tx, storeId, now);
    await tx
      .update(products)
      .set({ available })
      .where(and(eq(products.storeId, storeId), eq(products.id, productId)));
    // Shown again with stock: whoever asked while it was sold out hears of it now.
    if (available) await notifyRestocked(tx, [storeId]);
  });
}

/**
 * Deletes a product and, once that has committed, its image files (a file left behind is only
 * logged).
 */
export async function deleteProduct(db: Executor, storeId: string, productId: string, deps: ImageDeps) {
  const [deleted] = await db
    .delete(products)
    .where(and(eq(products.storeId, storeId), eq(products.id, productId)))
    .returning({ imageKey: products.imageKey });
  if (!deleted) throw new AppError("NOT_FOUND", PRODUCT_MESSAGES.notFound);
  await afterCommit(db, () => deleteImage(deps.storage, deleted.imageKey, deps.logger));
}
