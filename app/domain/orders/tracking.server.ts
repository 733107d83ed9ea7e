/**
 * The shopper's tracking page: what happened to one order and when, with the store's
 * contact, where to pick a pickup order up and, for a transfer, where to send the money. The order number is the only credential;
 * the customer's name and phone are never read here.
 */
import { and, asc, desc, eq, isNull } from "drizzle-orm";
import type { Database, Executor } from "~/db/client.server";
import { orderEvents, orders, providerPayments } from "~/db/schema";
import { findStore } from "~/domain/stores/store.server";
import { AppError } from "~/lib/errors";
import { publishOrderEvent } from "./order-events.server";
import { normalizeOrderNumber } from "./order-number";
import { ORDER_NUMBER_MAX_LENGTH } from "./order-form";
import type { OrderEventKind } from "./order-steps";
import { PAYMENT_MESSAGES } from "./payment";
import { readOrderSummary } from "./order-summary.server";
import { TRANSFER_REFERENCE_MAX_LENGTH } from "./tracking";
import { inTransaction } from "~/db/after-commit.server";
import { invoiceStateOf } from "./order-invoice.server";

export async function loadTracking(db: Executor, storeId: string, rawNumber: string) {
  if (rawNumber.length === 0 || rawNumber.length > ORDER_NUMBER_MAX_LENGTH) return null;
  const number = normalizeOrderNumber(rawNumber);
  const [order, store, invoice] = await Promise.all([
    readOrderSummary(db, storeId, number),
    findStore(db, storeId),
    invoiceStateOf(db, storeId, number),
  ]);
  if (!order || !store) return null;
  const card = order.paymentMethod === "mercadopago";
  const [events, [lastPayment]] = await Promise.all([
    db
      .select({ kind: orderEvents.kind, note: orderEvents.note, at: orderEvents.createdAt })
      .from(orderEvents)
      .where(and(eq(orderEvents.storeId, storeId), eq(orderEvents.orderId, number)))
      .orderBy(asc(orderEvents.id)),
    // The last word of the card payment's provider, for "rechazado, intenta de nuevo".
    card
      ? db
          .select({ status: providerPayments.status })
          .from(providerPayments)
          .where(and(eq(providerPayments.storeId, storeId), eq(providerPayments.orderId, number)))
          .orderBy(desc(providerPayments.updatedAt))
          .limit(1)
      : [],
  ]);
  const { settings } = store;
  const transfer = order.paymentMethod === "transfer";
  return {
    order,
    /** "Requiero factura": requested or invoiced; null when the order asked for none. Never the data itself. */
    invoice,
    cardPayment: card ? { lastStatus: lastPayment?.status ?? null } : null,
    events: events.map((event) => ({
      kind: event.kind as OrderEventKind,
      note: event.note,
      at: event.at.toISOString(),
    })),
    store: {
      id: store.id,
      name: settings.displayName || store.id,
      phone: /^\d{10}$/.test(settings.phone) ? settings.phone : null,
      email: settings.contactEmail,
      primaryColor: settings.primaryColor,
      bank: transfer
        ? { name: settings.bankName, holder: settings.bankAccountHolder, clabe: settings.clabe }
        : null,
      /** Where a pickup order is picked up, as the owner wrote it; null for a delivery or when nothing is said. */
      pickup:
        order.deliveryType === "pickup" && (settings.pickupAddress || settings.pickupInstructions)
          ? { address: settings.pickupAddress, instructions: settings.pickupInstructions }
          : null,
    },
  };
}

export type Tracking = NonNullable<Awaited<ReturnType<typeof loadTracking>>>;

/** The order a tracking stream follows, by its number: its id and status, or null. */
export async function findTrackedOrder(db: Executor, storeId: string, rawNumber: string) {
  if (rawNumber.length === 0 || rawNumber.length > ORDER_NUMBER_MAX_LENGTH) return null;
  const [order] = await db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.id, normalizeOrderNumber(rawNumber))));
  return order ?? null;
}

/** "Ya transferí": once per order, for a pending order paid by transfer. */
export async function reportTransfer(db: Database, storeId: string, rawNumber: string, reference: string) {
  if (reference.length > TRANSFER_REFERENCE_MAX_LENGTH)
    throw new AppError("VALIDATION", PAYMENT_MESSAGES.reference, { field: "reference" });
  const number = normalizeOrderNumber(rawNumber);
  await inTransaction(db, async (tx) => {
    const [updated] = await tx
      .update(orders)
      .set({ transferReportedAt: new Date(), transferReference: reference })
      .where(
        and(
          eq(orders.storeId, storeId),
          eq(orders.id, number),
          eq(orders.paymentMethod, "transfer"),
          eq(orders.status, "pending"),
          isNull(orders.transferReportedAt),
        ),
      )
      .returning({ id: orders.id });
    if (!updated) return;
    await tx
      .insert(orderEvents)
      .values({ storeId, orderId: number, kind: "transfer_reported", note: reference });
    await publishOrderEvent(tx, { type: "order.updated", storeId, orderId: number });
  });
}
