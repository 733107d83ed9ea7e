/**
 * The owner's promotions (docs/decisions/036): the Promociones tab's list and its writes. Every
 * write is refused on a plan without promotions, whatever the browser sends, and is scoped to the
 * checked store.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { discountCodes, offers, products } from "~/db/schema";
import type { LicenceType } from "~/domain/stores/licence-types";
import { AppError } from "~/lib/errors";
import { randomId } from "~/lib/ids";
import { PROMOTION_FORM_MESSAGES, type CodeInput, type OfferInput } from "./promotion-form";
import { hasPromotions, PROMOTION_MESSAGES } from "./promotions";

export type PromotionKind = "code" | "offer";

function refuseOutsidePlan(tier: LicenceType) {
  if (!hasPromotions(tier)) throw new AppError("PLAN_LIMIT_REACHED", PROMOTION_MESSAGES.notInPlan);
}

/**
 * The kept store page says whether the store takes codes ("¿Tienes un código?"); codes have no
 * page-version trigger (an order's use must not make the page stale), so their writes bump it.
 */
async function touchStorePage(tx: Executor, storeId: string) {
  await tx.execute(sql`select tianguis_touch_store_pages(array[${storeId}]::text[])`);
}

/** The store's codes and offers, newest first, with each one's uses and revenue from its orders. */
export async function listPromotions(db: Executor, storeId: string) {
  const [codes, offerRows] = await Promise.all([
    db
      .select()
      .from(discountCodes)
      .where(eq(discountCodes.storeId, storeId))
      .orderBy(desc(discountCodes.createdAt)),
    db.select().from(offers).where(eq(offers.storeId, storeId)).orderBy(desc(offers.createdAt)),
  ]);
  return { codes, offers: offerRows };
}

/** Products named must be the store's own; an N×M only on products sold by the piece. */
async function checkProducts(db: Executor, storeId: string, ids: string[], bundle: boolean) {
  if (ids.length === 0) return;
  const found = await db
    .select({ id: products.id, unit: products.unit })
    .from(products)
    .where(and(eq(products.storeId, storeId), inArray(products.id, ids)));
  if (found.length < new Set(ids).size)
    throw new AppError("VALIDATION", PROMOTION_FORM_MESSAGES.unknownProduct, { field: "productIds" });
  if (bundle && found.some((product) => product.unit !== "pieza"))
    throw new AppError("VALIDATION", PROMOTION_FORM_MESSAGES.bundlePieces, { field: "productIds" });
}

export async function createCode(db: Executor, store: { id: string; tier: LicenceType }, input: CodeInput) {
  refuseOutsidePlan(store.tier);
  await checkProducts(db, store.id, input.productIds, false);
  const inserted = await db
    .insert(discountCodes)
    .values({ storeId: store.id, id: randomId(), ...input })
    .onConflictDoNothing()
    .returning({ id: discountCodes.id });
  if (inserted.length === 0)
    throw new AppError("ALREADY_EXISTS", PROMOTION_FORM_MESSAGES.codeTaken, { field: "code" });
  await touchStorePage(db, store.id);
  return inserted[0]!;
}

export async function createOffer(db: Executor, store: { id: string; tier: LicenceType }, input: OfferInput) {
  refuseOutsidePlan(store.tier);
  await checkProducts(db, store.id, input.productIds, input.kind === "bundle");
  const [created] = await db
    .insert(offers)
    .values({ storeId: store.id, id: randomId(), ...input })
    .returning({ id: offers.id });
  return created!;
}

/** The column that names a code (its text) or an offer (its name), for Actividad. */
const nameOf = (kind: PromotionKind) => (kind === "code" ? discountCodes.code : offers.name);

/** Pauses or resumes a code or an offer, answering its name; "not found" for another store's. */
export async function setPromotionPaused(
  db: Executor,
  store: { id: string; tier: LicenceType },
  kind: PromotionKind,
  id: string,
  paused: boolean,
) {
  refuseOutsidePlan(store.tier);
  const table = kind === "code" ? discountCodes : offers;
  const updated = await db
    .update(table)
    .set({ paused })
    .where(and(eq(table.storeId, store.id), eq(table.id, id)))
    .returning({ name: nameOf(kind) });
  if (updated.length === 0) throw new AppError("NOT_FOUND", PROMOTION_FORM_MESSAGES.notFound);
  if (kind === "code") await touchStorePage(db, store.id);
  return updated[0]!.name;
}

/**
 * Deletes a code or an offer, answering its name; the orders that used it keep their copy of its
 * name and amount.
 */
export async function deletePromotion(db: Executor, store: { id: string }, kind: PromotionKind, id: string) {
  const table = kind === "code" ? discountCodes : offers;
  const deleted = await db
    .delete(table)
    .where(and(eq(table.storeId, store.id), eq(table.id, id)))
    .returning({ name: nameOf(kind) });
  if (deleted.length === 0) throw new AppError("NOT_FOUND", PROMOTION_FORM_MESSAGES.notFound);
  if (kind === "code") await touchStorePage(db, store.id);
  return deleted[0]!.name;
}
