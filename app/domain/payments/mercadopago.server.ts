/**
 * Mercado Pago Checkout Pro for one store's order (docs/decisions/052). The order is placed first,
 * as every order is, waiting for its payment; a preference sends the shopper to Mercado Pago, and
 * the order is "Pagado" only when GET /v1/payments/{id} says approved, for the order's amount and
 * with the order as its external reference — never on the word of a browser's query string or a
 * webhook's body. Each payment the provider reports is a row of `provider_payments`, keyed by its
 * id: however many times it is applied, at once or later, the order changes once.
 */
import { amountToPay } from "~/domain/orders/tips";
import { and, eq, isNull, sql } from "drizzle-orm";
import { inTransaction } from "~/db/after-commit.server";
import type { Executor } from "~/db/client.server";
import { orderEvents, orders, providerPayments } from "~/db/schema";
import { toCents } from "~/domain/money/money";
import { publishOrderEvent } from "~/domain/orders/order-events.server";
import { trackingPath } from "~/domain/orders/status-messages";
import type { MercadoPagoPayment } from "./mercadopago-client.server";
import { storeCredentials, type Payments, type StoreCredentials } from "./payments.server";

export const WEBHOOK_PATH = (storeId: string) => `/i/pagos/mercadopago/${storeId}`;

/** `amount`: what the shopper pays, the order's total and its tip. */
type WaitingOrder = { id: string; amount: number; createdAt: Date };

/** The preference for a card order waiting for its payment: where the shopper pays. */
export async function startCheckout(
  db: Executor,
  payments: Payments,
  storeId: string,
  storeName: string,
  order: WaitingOrder,
): Promise<string> {
  const credentials = await storeCredentials(db, payments, storeId);
  if (!credentials) throw new Error(`store ${storeId} has no linked Mercado Pago account`);
  const back = `${payments.origin}${trackingPath(storeId, order.id)}`;
  const preference = await payments.client.createPreference(credentials.accessToken, {
    items: [
      {
        id: order.id,
        title: `Pedido ${order.id} · ${storeName}`.slice(0, 250),
        quantity: 1,
        unit_price: order.amount,
        currency_id: "MXN",
      },
    ],
    external_reference: order.id,
    back_urls: { success: back, failure: back, pending: back },
    auto_return: "approved",
    notification_url: `${payments.origin}${WEBHOOK_PATH(storeId)}`,
    expires: true,
    expiration_date_to: new Date(order.createdAt.getTime() + payments.expiryMs).toISOString(),
  });
  return preference.init_point;
}

export type Applied = "paid" | "recorded" | "ignored";

/**
 * Applies a payment as Mercado Pago's API answered it (never as anyone else says it): recorded
 * once per payment id and status, and the order marked paid once, when approved for its amount.
 */
export async function applyPayment(
  db: Executor,
  storeId: string,
  payment: MercadoPagoPayment,
): Promise<Applied> {
  const orderId = payment.external_reference;
  if (!orderId) return "ignored";
  return inTransaction(db, async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, total: orders.total, tip: orders.tip, paymentMethod: orders.paymentMethod })
      .from(orders)
      .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId)));
    if (!order || order.paymentMethod !== "mercadopago") return "ignored";
    const paymentId = String(payment.id);
    await tx
      .insert(providerPayments)
      .values({
        provider: "mercadopago",
        paymentId,
        storeId,
        orderId,
        status: payment.status,
        amount: payment.transaction_amount,
      })
      .onConflictDoUpdate({
        target: [providerPayments.provider, providerPayments.paymentId],
        set: { status: payment.status, updatedAt: sql`now()` },
        setWhere: sql`${providerPayments.status} <> excluded.status and ${providerPayments.orderId} = excluded.order_id`,
      });
    const approved =
      payment.status === "approved" &&
      toCents(payment.transaction_amount) === toCents(amountToPay(order)) &&
      (payment.currency_id ?? "MXN") === "MXN";
    if (!approved) return "recorded";
    // The row's lock makes concurrent deliveries wait here; only the first finds it unpaid.
    const [paid] = await tx
      .update(orders)
      .set({ paidAt: sql`now()` })
      .where(
        and(
          eq(orders.storeId, storeId),
          eq(orders.id, orderId),
          isNull(orders.paidAt),
          eq(orders.status, "pending"),
        ),
      )
      .returning({ id: orders.id });
    if (!paid) return "recorded";
    await tx
      .insert(orderEvents)
      .values({ storeId, orderId, kind: "paid", note: `Mercado Pago ${paymentId}` });
    await publishOrderEvent(tx, { type: "order.updated", storeId, orderId });
    return "paid";
  });
}

/** One payment by its id, fetched from Mercado Pago and applied to the store's order it names. */
export async function confirmPayment(
  db: Executor,
  payments: Payments,
  storeId: string,
  paymentId: string,
  credentials?: StoreCredentials | null,
): Promise<Applied> {
  const opened = credentials ?? (await storeCredentials(db, payments, storeId));
  if (!opened) return "ignored";
  const payment = await payments.client.payment(opened.accessToken, paymentId);
  return applyPayment(db, storeId, payment);
}

/**
 * Asks Mercado Pago about an order's payments (search by its external reference) and applies each:
 * the tracking page and the sweep use it, so a lost webhook changes nothing.
 */
export async function reconcileOrder(
  db: Executor,
  payments: Payments,
  storeId: string,
  orderId: string,
  /** The store's credentials when the caller has read them already (the sweep, once per store). */
  known?: StoreCredentials | null,
) {
  const credentials = known === undefined ? await storeCredentials(db, payments, storeId) : known;
  if (!credentials) return "ignored" as const;
  const { results } = await payments.client.searchPayments(credentials.accessToken, orderId);
  let outcome: Applied = "ignored";
  for (const found of results.filter((payment) => payment.external_reference === orderId)) {
    // The search's copy is a hint: the payment itself is read again, as for a webhook.
    const applied = await confirmPayment(db, payments, storeId, String(found.id), credentials);
    if (applied === "paid" || outcome === "ignored") outcome = applied;
  }
  return outcome;
}
