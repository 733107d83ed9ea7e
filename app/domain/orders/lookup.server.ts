import type { Database } from "~/db/client.server";
import { consume, type Window } from "~/domain/rate-limit/rate-limit.server";
import { AppError } from "~/lib/errors";
import { ORDER_MESSAGES, ORDER_NUMBER_MAX_LENGTH } from "./order-form";
import { normalizeOrderNumber } from "./order-number";
import type { OrderSummary } from "./order-summary";
import { readOrderSummary } from "./place-order.server";

/** Lookups a single address may make: generous for a shopper, useless for guessing numbers. */
export const ORDER_LOOKUP_WINDOW: Window = { limit: 30, windowMs: 10 * 60 * 1000 };

/**
 * "Mi Pedido" (spec §5): anyone with the number sees the order's status and contents, never
 * the customer's name or phone. Rate-limited per client address.
 */
export async function lookupOrder(
  db: Database,
  input: { storeId: string; number: string; clientIp: string },
  window: Window = ORDER_LOOKUP_WINDOW,
): Promise<OrderSummary> {
  const limit = await consume(db, `order-lookup:ip:${input.clientIp}`, window);
  if (limit.exceeded) {
    throw new AppError("RATE_LIMITED", ORDER_MESSAGES.lookupTooMany, {
      retryAfterSeconds: limit.retryAfterSeconds,
    });
  }
  const raw = input.number.trim();
  if (raw === "" || raw.length > ORDER_NUMBER_MAX_LENGTH)
    throw new AppError("NOT_FOUND", ORDER_MESSAGES.lookupNotFound);
  const order = await readOrderSummary(db, input.storeId, normalizeOrderNumber(raw));
  if (!order) throw new AppError("NOT_FOUND", ORDER_MESSAGES.lookupNotFound);
  return order;
}
