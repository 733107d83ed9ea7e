/**
 * Every way to pay behind one shape (docs/decisions/052): what happens when an order is placed with
 * it, how the provider confirms it, how it is refunded, and what the order shows. Cash, a transfer
 * and a card at delivery are settled between the shopper and the store (the owner marks them
 * paid); Mercado Pago is settled online. Another provider is one more module of this shape.
 */
import { and, eq } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { orders } from "~/db/schema";
import { cancelOrder } from "~/domain/orders/owner-orders.server";
import type { PaymentMethod } from "~/domain/orders/payment";
import type { Actor } from "~/domain/orders/owner-orders.server";
import { reconcileOrder, startCheckout } from "./mercadopago.server";
import type { Payments } from "./payments.server";
import { refundAndCancel } from "./refund.server";

/** Which order: its store and number. */
export type OrderRef = { storeId: string; id: string };

/** An order as a provider starts its payment: `amount` is what the shopper pays, the tip included. */
export type PaymentOrder = OrderRef & { storeName: string; amount: number; createdAt: Date };

export type PaymentProvider = {
  /** Settled online, through the provider: the order waits for its payment. */
  online: boolean;
  /** At placement: where the shopper goes to pay, or null when nothing is to be done now. */
  start: (db: Executor, payments: Payments, order: PaymentOrder) => Promise<string | null>;
  /** Asks the provider whether the order is paid; offline methods are marked paid by the owner. */
  confirm: (db: Executor, payments: Payments, order: OrderRef) => Promise<"paid" | "unchanged">;
  /** Cancels a paid order giving the money back; null when the store gives it back by hand. */
  refund:
    | ((
        db: Executor,
        payments: Payments,
        order: OrderRef,
        cancel: { reason: string; actor?: Actor },
      ) => Promise<void>)
    | null;
};

const settledInPerson: PaymentProvider = {
  online: false,
  start: async () => null,
  confirm: async () => "unchanged",
  refund: null,
};

const mercadoPago: PaymentProvider = {
  online: true,
  start: (db, payments, order) => startCheckout(db, payments, order.storeId, order.storeName, order),
  confirm: async (db, payments, order) =>
    (await reconcileOrder(db, payments, order.storeId, order.id)) === "paid" ? "paid" : "unchanged",
  refund: (db, payments, order, { reason, actor }) =>
    refundAndCancel(db, payments, order.storeId, order.id, { reason, actor }),
};

const PAYMENT_PROVIDERS: Record<PaymentMethod, PaymentProvider> = {
  cash: settledInPerson,
  transfer: settledInPerson,
  card: settledInPerson,
  mercadopago: mercadoPago,
};

export function providerOf(method: PaymentMethod | null): PaymentProvider | null {
  return method ? PAYMENT_PROVIDERS[method] : null;
}

/**
 * The panel's cancel: an order paid through Mercado Pago (and not refunded yet) is refunded, then
 * cancelled; any other is cancelled as every order is.
 */
export async function cancelGivingMoneyBack(
  db: Executor,
  payments: Payments,
  storeId: string,
  orderId: string,
  options: { reason: string; actor?: Actor; now: Date },
) {
  const [order] = await db
    .select({ method: orders.paymentMethod, paidAt: orders.paidAt, refundedAt: orders.refundedAt })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId)));
  const provider = providerOf(order?.method ?? null);
  if (order?.paidAt && !order.refundedAt && provider?.refund)
    return provider.refund(db, payments, { storeId, id: orderId }, options);
  await cancelOrder(db, storeId, orderId, options.now, options.reason, options.actor);
}
