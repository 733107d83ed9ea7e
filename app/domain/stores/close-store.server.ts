/**
 * "Cerrar mi tienda" and the shoppers' right to cancel their data (LFPDPPP;
 * docs/decisions/017). Closing is one transaction: the store leaves every public page (its row
 * stays, marked closed and hidden, holding its id), its products go, its owner's settings are
 * blanked, its orders keep their totals and lines but lose the shoppers' names, phones and
 * addresses, the owner's account is deleted, and the image files are deleted by a job through the
 * storage interface. Thirty days later the daily purge deletes the row and the id is free again.
 */
import { and, eq, isNotNull, lt, sql } from "drizzle-orm";
import type { Database, Executor } from "~/db/client.server";
import {
  authUser,
  customDomains,
  discountCodeUses,
  imageUploads,
  orderEvents,
  orderInvoices,
  orders,
  products,
  pushSubscriptions,
  storeClaims,
  storeOwners,
  stores,
  storeSettings,
} from "~/db/schema";
import { deleteImage } from "~/domain/images/store-image.server";
import type { ImageStorage } from "~/domain/images/storage.server";
import { enqueue } from "~/domain/jobs/jobs.server";
import { z } from "~/lib/zod";
import { storeClosedMail } from "~/domain/mail/mail-text";
import { MAIL_JOB, queueMail } from "~/domain/mail/mail.server";
import { PUSH_JOB } from "~/domain/push/push.server";
import { AppError } from "~/lib/errors";
import type { Logger } from "~/lib/logger.server";
import { CLOSED_STORE_HOLD_DAYS, CLOSE_STORE_MESSAGES, releaseDate } from "./close-store";
import { inTransaction } from "~/db/after-commit.server";
import { defineJob, NO_PAYLOAD } from "~/domain/jobs/define-job.server";

export const IMAGES_DELETE_JOB = "images.delete";
/** The images a closed store or an erased product left, deleted from storage by a job. */
export const ImagesDeletePayloadSchema = z.object({ keys: z.array(z.string()) });
export const CLOSED_STORES_PURGE_JOB = "stores.purge-closed";
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Blanks the shoppers' personal data of a store's orders (or of one of them), keeping what was
 * bought, when and for how much; the jobs that carry it (a new order's push and e-mail, sent or
 * not) are emptied too. Returns the orders erased.
 */
export async function eraseOrdersPersonalData(
  tx: Executor,
  { storeId, orderId }: { storeId: string; orderId?: string },
  now = new Date(),
) {
  const scope = orderId
    ? and(eq(orders.storeId, storeId), eq(orders.id, orderId))
    : eq(orders.storeId, storeId);
  const erased = await tx
    .update(orders)
    .set({
      customerName: "",
      customerPhone: "",
      address: "",
      comments: "",
      transferReference: "",
      cancelReason: "",
      personalDataErasedAt: now,
    })
    .where(scope)
    .returning({ id: orders.id });
  if (erased.length === 0) return 0;
  await tx
    .update(orderEvents)
    .set({ note: "" })
    .where(
      orderId
        ? and(eq(orderEvents.storeId, storeId), eq(orderEvents.orderId, orderId))
        : eq(orderEvents.storeId, storeId),
    );
  // A code usable once per phone kept the phone with the order's use (docs/decisions/036).
  await tx
    .update(discountCodeUses)
    .set({ phone: null })
    .where(
      orderId
        ? and(eq(discountCodeUses.storeId, storeId), eq(discountCodeUses.orderId, orderId))
        : eq(discountCodeUses.storeId, storeId),
    );
  // "Requiero factura" (docs/decisions/053): the RFC, name, e-mail and the invoice's files are all
  // the shopper's; the request goes whole.
  await tx
    .delete(orderInvoices)
    .where(
      orderId
        ? and(eq(orderInvoices.storeId, storeId), eq(orderInvoices.orderId, orderId))
        : eq(orderInvoices.storeId, storeId),
    );
  const inScope = sql`o.store_id = ${storeId} and (${orderId ?? null}::text is null or o.id = ${orderId ?? null})`;
  await tx.execute(sql`
    update jobs set payload = '{}'::jsonb, done_at = coalesce(done_at, now()),
                    last_error = coalesce(last_error, 'personal data erased')
    where (kind = ${PUSH_JOB} and payload->'message'->>'tag' in (select 'pedido-' || o.id from orders o where ${inScope}))
       or (kind = ${MAIL_JOB} and payload->>'orderRef' in (select o.store_id || '/' || o.id from orders o where ${inScope}))`);
  return erased.length;
}

/** The owner typed the store's id (any case, spaces around it): refused next to the field otherwise. */
export function assertStoreConfirmed(storeId: string, confirmation: string) {
  if (confirmation.trim().toLowerCase() !== storeId) {
    throw new AppError("VALIDATION", CLOSE_STORE_MESSAGES.confirmation(storeId), { field: "confirmStoreId" });
  }
}

/**
 * Closes the owner's store after they typed its id. Throws NOT_FOUND for a store that is not
 * theirs or is already closed.
 */
export async function closeStore(
  db: Database,
  { storeId, userId, confirmation }: { storeId: string; userId: string; confirmation: string },
  now = new Date(),
) {
  assertStoreConfirmed(storeId, confirmation);
  return inTransaction(db, async (tx) => {
    const [owned] = await tx
      .select({ email: authUser.email, displayName: storeSettings.displayName })
      .from(stores)
      .innerJoin(storeOwners, and(eq(storeOwners.storeId, stores.id), eq(storeOwners.userId, userId)))
      .innerJoin(authUser, eq(authUser.id, storeOwners.userId))
      .innerJoin(storeSettings, eq(storeSettings.storeId, stores.id))
      .where(and(eq(stores.id, storeId), sql`${stores.closedAt} is null`))
      .for("update", { of: stores });
    if (!owned) throw new AppError("NOT_FOUND", CLOSE_STORE_MESSAGES.notFound);

    const keys = await storeImageKeys(tx, storeId);
    const erased = await eraseOrdersPersonalData(tx, { storeId }, now);
    await tx.delete(products).where(eq(products.storeId, storeId));
    // The owner's own data goes with the settings; the name stays for the operator's list.
    await tx.delete(storeSettings).where(eq(storeSettings.storeId, storeId));
    await tx.insert(storeSettings).values({ storeId, displayName: owned.displayName });
    await tx.update(stores).set({ closedAt: now, isHidden: true }).where(eq(stores.id, storeId));
    await tx.delete(storeClaims).where(eq(storeClaims.storeId, storeId));
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.storeId, storeId));
    // Its own domain stops serving it and is free for whoever owns the name next.
    await tx.delete(customDomains).where(eq(customDomains.storeId, storeId));
    // Sessions, the password and the owner link go with the account.
    await tx.delete(authUser).where(eq(authUser.id, userId));
    if (keys.length > 0) await enqueue(tx, IMAGES_DELETE_JOB, { keys });
    const name = owned.displayName || storeId;
    await queueMail(tx, storeClosedMail(owned.email, { name, id: storeId }, releaseDate(now)));
    return { erasedOrders: erased, images: keys.length };
  });
}

/** Every image of a store: product photos, logo and favicon, and uploads never attached. */
async function storeImageKeys(tx: Executor, storeId: string): Promise<string[]> {
  const { rows } = await tx.execute<{ key: string }>(sql`
    select image_key as key from ${products} where store_id = ${storeId} and image_key is not null
    union select logo_key from ${storeSettings} where store_id = ${storeId} and logo_key is not null
    union select favicon_key from ${storeSettings} where store_id = ${storeId} and favicon_key is not null
    union select key from ${imageUploads} where split_part(key, '/', 2) = ${storeId}`);
  return rows.map((row) => row.key);
}

/** The job: deletes each image and its thumbnails through the storage interface (disk or S3). */
/** Deleting, from storage, the images a closed store or an erased product left. */
export function imagesDeleteJob(deps: { db: Database; storage: ImageStorage; logger: Logger }) {
  return defineJob({
    kind: IMAGES_DELETE_JOB,
    payload: ImagesDeletePayloadSchema,
    run: deleteImagesOf(deps),
  });
}

function deleteImagesOf({ db, storage, logger }: { db: Database; storage: ImageStorage; logger: Logger }) {
  return async ({ keys }: z.infer<typeof ImagesDeletePayloadSchema>) => {
    for (const key of keys) await deleteImage(storage, key, logger);
    if (keys.length > 0) {
      await db.delete(imageUploads).where(sql`${imageUploads.key} in ${keys}`);
    }
  };
}

/**
 * Deletes the stores closed more than 30 days ago, with everything left of them (their
 * anonymised orders): their ids can be taken again.
 */
export async function purgeClosedStores(db: Executor, now = new Date()) {
  const cutoff = new Date(now.getTime() - CLOSED_STORE_HOLD_DAYS * DAY_MS);
  const purged = await db
    .delete(stores)
    .where(and(isNotNull(stores.closedAt), lt(stores.closedAt, cutoff)))
    .returning({ id: stores.id });
  return purged.map((row) => row.id);
}

/** The daily purge as a job, one a day whichever instance queues it (like the featured rotation). */
export function closedStoresPurgeJob(db: Database, logger: Logger) {
  return defineJob({
    kind: CLOSED_STORES_PURGE_JOB,
    payload: NO_PAYLOAD,
    schedule: scheduleClosedStoresPurge,
    run: async () => {
      const purged = await purgeClosedStores(db);
      if (purged.length > 0)
        logger.info("closed stores purged, their ids are free again", { stores: purged });
      await scheduleClosedStoresPurge(db, new Date(Date.now() + DAY_MS));
    },
  });
}

export async function scheduleClosedStoresPurge(db: Database, at = new Date()) {
  await enqueue(
    db,
    CLOSED_STORES_PURGE_JOB,
    {},
    { key: `stores-purge:${at.toISOString().slice(0, 10)}`, runAt: at },
  );
}

/** What erasing an order's shopper data would blank, as the super-admin reads it before confirming. */
export type ShopperDataPreview = {
  storeId: string;
  storeName: string;
  placedAt: string;
  customerName: string;
  customerPhone: string;
  address: string;
  /** Comments, a transfer reference, a cancel reason: shown only as there being some. */
  hasNotes: boolean;
  /** Set when this order's data was erased already. */
  erasedAt: string | null;
};

/** The shopper data of the order with this number, in every store it was placed in; nothing changes. */
export async function previewShopperData(db: Database, orderNumber: string): Promise<ShopperDataPreview[]> {
  const found = await db
    .select({
      storeId: orders.storeId,
      storeName: storeSettings.displayName,
      placedAt: orders.createdAt,
      customerName: orders.customerName,
      customerPhone: orders.customerPhone,
      address: orders.address,
      comments: orders.comments,
      transferReference: orders.transferReference,
      cancelReason: orders.cancelReason,
      erasedAt: orders.personalDataErasedAt,
    })
    .from(orders)
    .leftJoin(storeSettings, eq(storeSettings.storeId, orders.storeId))
    .where(eq(orders.id, orderNumber))
    .orderBy(orders.storeId);
  if (found.length === 0)
    throw new AppError("NOT_FOUND", CLOSE_STORE_MESSAGES.orderNotFound, { field: "orderNumber" });
  return found.map(
    ({ comments, transferReference, cancelReason, placedAt, erasedAt, storeName, ...order }) => ({
      ...order,
      storeName: storeName || order.storeId,
      placedAt: placedAt.toISOString(),
      hasNotes: [comments, transferReference, cancelReason].some((text) => text !== ""),
      erasedAt: erasedAt?.toISOString() ?? null,
    }),
  );
}

/**
 * A shopper's request, handled by the super-admin (LFPDPPP's cancellation): their name, phone and
 * address erased from the order with this number, in whichever store it was placed.
 */
export async function eraseShopperData(db: Database, orderNumber: string, now = new Date()) {
  return inTransaction(db, async (tx) => {
    const found = await tx.select({ storeId: orders.storeId }).from(orders).where(eq(orders.id, orderNumber));
    if (found.length === 0)
      throw new AppError("NOT_FOUND", CLOSE_STORE_MESSAGES.orderNotFound, { field: "orderNumber" });
    for (const { storeId } of found)
      await eraseOrdersPersonalData(tx, { storeId, orderId: orderNumber }, now);
    return found.map((row) => row.storeId);
  });
}
