/**
 * "Reembolsar con Mercado Pago": cancelling a card order that was paid gives the money back first
 * (POST /v1/payments/{id}/refunds, with an idempotency key, so a retry refunds once), then cancels
 * it as every cancel does — its stock and its code's use given back. A refusal by Mercado Pago
 * leaves the order as it was and says so.
 */
import { and, desc, eq, isNull } from "drizzle-orm";
import { inTransaction } from "~/db/after-commit.server";
import type { Executor } from "~/db/client.server";
import { orderEvents, orders, providerPayments } from "~/db/schema";
import { cancelOrder } from "~/domain/orders/owner-orders.server";
import type { Actor } from "~/domain/orders/owner-orders.server";
import { AppError } from "~/lib/errors";
import { storeCredentials, type Payments } from "./payments.server";

export const REFUND_MESSAGES = {
  notPaid: "Este pedido no tiene un pago con Mercado Pago que reembolsar.",
  notPending: "Esta orden ya no está pendiente.",
  refused:
    "Mercado Pago no hizo el reembolso. El pedido sigue como estaba; intenta de nuevo en unos minutos.",
  notFound: "No encontramos esa orden.",
} as const;

export async function refundAndCancel(
  db: Executor,
  payments: Payments,
  storeId: string,
  orderId: string,
  { reason = "", actor, now = new Date() }: { reason?: string; actor?: Actor; now?: Date } = {},
) {
  // Three reads that do not depend on each other: side by side.
  const [[order], [payment], credentials] = await Promise.all([
    db
      .select({ status: orders.status, paidAt: orders.paidAt, method: orders.paymentMethod })
      .from(orders)
      .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId))),
    db
      .select({ paymentId: providerPayments.paymentId })
      .from(providerPayments)
      .where(
        and(
          eq(providerPayments.storeId, storeId),
          eq(providerPayments.orderId, orderId),
          eq(providerPayments.status, "approved"),
          isNull(providerPayments.refundedAt),
        ),
      )
      .orderBy(desc(providerPayments.createdAt))
      .limit(1),
    storeCredentials(db, payments, storeId),
  ]);
  if (!order) throw new AppError("NOT_FOUND", REFUND_MESSAGES.notFound);
  if (order.status !== "pending") throw new AppError("UNAVAILABLE", REFUND_MESSAGES.notPending);
  if (order.method !== "mercadopago" || !order.paidAt || !payment || !credentials)
    throw new AppError("UNAVAILABLE", REFUND_MESSAGES.notPaid);
  let refund: { id: number | string };
  try {
    refund = await payments.client.refund(
      credentials.accessToken,
      payment.paymentId,
      `refund:${storeId}:${orderId}:${payment.paymentId}`,
    );
  } catch (error) {
    throw new AppError("SERVICE_UNAVAILABLE", REFUND_MESSAGES.refused, { internal: String(error) });
  }
  await inTransaction(db, async (tx) => {
    await recordRefund(tx, { storeId, orderId, paymentId: payment.paymentId }, refund.id, now);
    await cancelOrder(tx, storeId, orderId, now, reason, actor);
  });
}

/**
 * A payment approved for an order already cancelled (expired while the shopper was paying, or
 * cancelled by the owner meanwhile): the money goes back, once — the idempotency key is the
 * payment's — and the order says it was refunded. Answers how many were refunded.
 */
export async function refundOrphanPayments(db: Executor, payments: Payments, now = new Date()) {
  const orphans = await db
    .select({
      storeId: providerPayments.storeId,
      orderId: providerPayments.orderId,
      paymentId: providerPayments.paymentId,
    })
    .from(providerPayments)
    .innerJoin(
      orders,
      and(eq(orders.storeId, providerPayments.storeId), eq(orders.id, providerPayments.orderId)),
    )
    .where(
      and(
        eq(providerPayments.provider, "mercadopago"),
        eq(providerPayments.status, "approved"),
        isNull(providerPayments.refundedAt),
        eq(orders.status, "cancelled"),
      ),
    )
    .limit(100);
  let refunded = 0;
  for (const orphan of orphans) {
    const credentials = await storeCredentials(db, payments, orphan.storeId);
    if (!credentials) continue;
    const refund = await payments.client.refund(
      credentials.accessToken,
      orphan.paymentId,
      `refund:${orphan.storeId}:${orphan.orderId}:${orphan.paymentId}`,
    );
    await inTransaction(db, (tx) => recordRefund(tx, orphan, refund.id, now));
    refunded++;
  }
  return refunded;
}

/** A refund Mercado Pago made, written on its payment, its order and the order's history. */
async function recordRefund(
  tx: Executor,
  { storeId, orderId, paymentId }: { storeId: string; orderId: string; paymentId: string },
  refundId: number | string,
  now: Date,
) {
  await tx
    .update(providerPayments)
    .set({ status: "refunded", refundId: String(refundId), refundedAt: now })
    .where(and(eq(providerPayments.provider, "mercadopago"), eq(providerPayments.paymentId, paymentId)));
  await tx
    .update(orders)
    .set({ refundedAt: now })
    .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId)));
  await tx.insert(orderEvents).values({
    storeId,
    orderId,
    kind: "refunded",
    note: `Mercado Pago ${String(refundId)}`,
    createdAt: now,
  });
}
