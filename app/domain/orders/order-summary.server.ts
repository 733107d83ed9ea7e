import { and, asc, eq } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { orderLines, orders } from "~/db/schema";
import { deliveryAddress } from "./order-form";
import type { OrderSummary } from "./order-summary";

/** The shopper-visible part of an order; the customer's name and phone are never selected. */
export async function readOrderSummary(
  db: Executor,
  storeId: string,
  number: string,
): Promise<OrderSummary | null> {
  const [order] = await db
    .select({
      number: orders.id,
      status: orders.status,
      createdAt: orders.createdAt,
      deliveryType: orders.deliveryType,
      address: orders.address,
      comments: orders.comments,
      total: orders.total,
      step: orders.step,
      cancelReason: orders.cancelReason,
      paymentMethod: orders.paymentMethod,
      cashAmount: orders.cashAmount,
      paidAt: orders.paidAt,
      refundedAt: orders.refundedAt,
      transferReportedAt: orders.transferReportedAt,
      scheduledFor: orders.scheduledFor,
      deliveryZone: orders.deliveryZone,
      deliveryFee: orders.deliveryFee,
      discount: orders.discount,
      discounts: orders.discounts,
      tip: orders.tip,
      tipPercent: orders.tipPercent,
    })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.id, number)));
  if (!order) return null;
  const lines = await db
    .select({
      name: orderLines.name,
      variation: orderLines.variation,
      choices: orderLines.choices,
      quantity: orderLines.quantity,
      unit: orderLines.unit,
      price: orderLines.price,
    })
    .from(orderLines)
    .where(and(eq(orderLines.storeId, storeId), eq(orderLines.orderId, number)))
    .orderBy(asc(orderLines.position));
  const { paidAt, refundedAt, transferReportedAt, scheduledFor, ...rest } = order;
  return {
    ...rest,
    address: deliveryAddress(order),
    scheduledFor: scheduledFor?.toISOString() ?? null,
    createdAt: order.createdAt.toISOString(),
    paid: paidAt !== null,
    refunded: refundedAt !== null,
    transferReported: transferReportedAt !== null,
    lines,
  };
}
