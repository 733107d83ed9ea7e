/**
 * Placing a shopper's order, step by step: what the form asks for (./parse.ts), its prices from
 * the database (./price.ts), the store's rules (./store-rules.ts, ./store-rules.server.ts), the
 * write (./write.server.ts) and the side effects it queues (./side-effects.server.ts). Every
 * product is re-read from the database and the browser's prices are never used; an unavailable
 * product, or one with less stock left than asked for (./stock.server.ts), refuses the whole order. Idempotent on the form's key (./idempotency.server.ts).
 */
import type { Database, Executor } from "~/db/client.server";
import { inTransaction } from "~/db/after-commit.server";
import type { OrderForm } from "../order-form";
import { newOrderNumber } from "../order-number";
import type { OrderSummary } from "../order-summary";
import {
  findStoreOrReplay,
  lockIdempotencyKey,
  orderPlacedMeanwhile,
  readUnderKey,
} from "./idempotency.server";
import { parseOrder, type OrderRequest, type StoreSettings } from "./parse";
import { priceLines } from "./price";
import { productsOf } from "./price.server";
import { orderCharges, orderSlot, orderTipOf, refuseCashBelowTotal } from "./store-rules";
import { amountToPay } from "../tips";
import { addressLimit, holdSlot, refuseOverLimit } from "./store-rules.server";
import { announceSideEffects, queueSideEffects } from "./side-effects.server";
import { NOTHING_TAKEN, takeStock } from "./stock.server";
import { writeOrder, type NewOrder } from "./write.server";
import { priceDiscounts } from "./discounts";
import { promotionsOf, redeemCode } from "~/domain/promotions/redeem.server";

export { ProductUnavailableError } from "./price";
export { OutOfStockError } from "./stock.server";

export type PlacedOrder = { order: OrderSummary; created: boolean };

/**
 * Places the order in one transaction, or answers the one this form's key already placed: however
 * many times the same form arrives, concurrently or later, one order exists and every caller gets
 * its number, and only the first counts against the address's order limit. The rules that need no
 * database refuse before the transaction begins.
 */
export async function placeOrder(
  db: Database,
  storeId: string,
  form: OrderForm,
  { clientIp, clock = () => new Date() }: { clientIp: string; clock?: () => Date },
): Promise<PlacedOrder> {
  const { idempotencyKey } = form;
  const now = clock();
  const store = await findStoreOrReplay(db, storeId, idempotencyKey, now);
  if (store.replay) return { order: store.replay, created: false };
  const { settings } = store;
  const request = parseOrder(form, settings);
  const scheduledFor = orderSlot(settings, form.scheduledFor ?? null, now);

  try {
    return await inTransaction(db, (tx) =>
      placeUnderKey(tx, { storeId, form, clientIp, now, store, request, scheduledFor }),
    );
  } catch (error) {
    if (!(error instanceof PlacedMeanwhile)) throw error;
    return { order: await orderPlacedMeanwhile(db, storeId, idempotencyKey), created: false };
  }
}

/**
 * Thrown when another request with the order's key wrote it first, after this one took stock:
 * the transaction rolls back, so the units are taken once, by the order that exists.
 */
class PlacedMeanwhile extends Error {}

type Placing = {
  storeId: string;
  form: OrderForm;
  clientIp: string;
  now: Date;
  store: { settings: StoreSettings; countsStock: boolean; promotes: boolean };
  request: OrderRequest;
  scheduledFor: Date | null;
};

/** The transaction's part: under the key's lock, read, price, check, take stock and write. */
async function placeUnderKey(
  tx: Executor,
  { storeId, form, clientIp, now, store, request, scheduledFor }: Placing,
): Promise<PlacedOrder> {
  const { idempotencyKey } = form;
  const { settings } = store;
  await lockIdempotencyKey(tx, storeId, idempotencyKey);
  const read = await readUnderKey(tx, storeId, idempotencyKey, {
    limit: addressLimit(clientIp),
    products: productsOf(storeId, request.lines),
    // A store whose plan has no promotions reads none: a code typed there is unknown.
    promotions: store.promotes ? promotionsOf(storeId, form.couponCode ?? "", form.customerPhone) : null,
  });
  if (read.replay) return { order: read.replay, created: false };
  refuseOverLimit(read.limit);

  const lines = priceLines(request.lines, read.products);
  const discounts = priceDiscounts(
    lines,
    read.products,
    read.promotions,
    { couponCode: form.couponCode ?? "", phone: form.customerPhone },
    { now, timeZone: settings.timeZone },
  );
  const charges = orderCharges(settings, form, lines, discounts);
  await holdSlot(tx, storeId, scheduledFor, settings.slotCapacity);
  // The tip is apart from the total: never discounted, and no zone's minimum or stock counts it.
  const tip = orderTipOf(settings, form.tip, charges);
  refuseCashBelowTotal(request.cashAmount, amountToPay({ total: charges.total, ...tip }));
  const fromStock = store.countsStock
    ? await takeStock(tx, storeId, lines, read.products, { ...settings, now })
    : NOTHING_TAKEN;
  const number = newOrderNumber();
  // After the stock, so that every order locks products first and then the code: never a circle.
  const code = read.promotions.code;
  const redeemed = code !== null && discounts.discounts.some((discount) => discount.kind === "code");
  if (redeemed) await redeemCode(tx, storeId, code, number, form.customerPhone);

  const order: NewOrder = {
    ...request,
    ...charges,
    ...tip,
    storeId,
    number,
    form,
    lines,
    scheduledFor,
    fromStock,
  };
  const written = await writeOrder(tx, order, queueSideEffects(order));
  if (!written && (fromStock.products.size > 0 || fromStock.options.size > 0 || redeemed))
    throw new PlacedMeanwhile();
  if (!written) return { order: await orderPlacedMeanwhile(tx, storeId, idempotencyKey), created: false };
  await announceSideEffects(tx, order, written.queued);
  return { order: written.summary, created: true };
}
