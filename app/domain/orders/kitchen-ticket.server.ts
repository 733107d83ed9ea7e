import { and, eq } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { orders } from "~/db/schema";
import { publicStoreAddress } from "~/domain/domains/custom-domains.server";
import { qrSvg } from "~/domain/share/poster.server";
import { readOrderSummary } from "./order-summary.server";
import { trackingPath } from "./status-messages";

/**
 * What the kitchen ticket prints of one of the store's orders: the order as its shopper sees it,
 * the customer's name (to call out at the counter), and the QR code of its tracking page on the
 * store's public address. Null for an order the store does not have.
 */
export async function loadKitchenTicket(
  db: Executor,
  publicOrigin: string,
  storeId: string,
  orderNumber: string,
) {
  const order = await readOrderSummary(db, storeId, orderNumber);
  if (!order) return null;
  const [customer] = await db
    .select({ name: orders.customerName })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.id, orderNumber)));
  const storeAddress = await publicStoreAddress(db, publicOrigin, storeId);
  const trackingUrl = `${new URL(storeAddress).origin}${trackingPath(storeId, orderNumber)}`;
  return { order, customerName: customer?.name ?? "", trackingUrl, trackingQr: await qrSvg(trackingUrl) };
}

export type KitchenTicket = NonNullable<Awaited<ReturnType<typeof loadKitchenTicket>>>;
