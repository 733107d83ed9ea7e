import type { Database } from "~/db/client.server";
import { enforce } from "~/domain/rate-limit/rate-limit.server";
import { AppError } from "~/lib/errors";
import { ORDER_MESSAGES, ORDER_NUMBER_MAX_LENGTH } from "./order-form";
import { normalizeOrderNumber } from "./order-number";
import type { OrderSummary } from "./order-summary";
import { readOrderSummary } from "./order-summary.server";

/**
 * "Mi Pedido": anyone with the number sees the order's status and contents, never
 * the customer's name or phone. Rate-limited per client address.
 */
export async function lookupOrder(
  db: Database,
  input: { storeId: string; number: string; clientIp: string },
): Promise<OrderSummary> {
  await enforce(
    db,
    [{ name: "orderLookupPerAddress", subject: input.clientIp }],
    ORDER_MESSAGES.lookupTooMany,
  );
  const raw = input.number.trim();
  if (raw === "" || raw.length > ORDER_NUMBER_MAX_LENGTH)
    throw new AppError("NOT_FOUND", ORDER_MESSAGES.lookupNotFound);
  const order = await readOrderSummary(db, input.storeId, normalizeOrderNumber(raw));
  if (!order) throw new AppError("NOT_FOUND", ORDER_MESSAGES.lookupNotFound);
  return order;
}
