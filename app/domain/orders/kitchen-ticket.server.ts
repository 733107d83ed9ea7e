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
  // The customer's name is the owner's to see, never in the shopper's summary: read beside it.
  const [order, [customer], storeAddress] = await Promise.all([
    readOrderSummary(db, storeId, orderNumber),
    db
      .select({ name: orders.customerName })
      .from(orders)
      .where(and(eq(orders.storeId, storeId), eq(orders.id, orderNumber))),
    publicStoreAddress(db, publicOrigin, storeId),
  ]);
  if (!order) return null;
  const trackingUrl = `${new URL(storeAddress).origin}${trackingPath(storeId, orderNumber)}`;
  return { order, customerName: customer?.name ?? "", trackingQr: await qrSvg(trackingUrl) };
}
