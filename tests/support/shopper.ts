import { randomBytes } from "node:crypto";

/**
 * A shopper's order through the storefront API, as the store page sends it: one unit of one
 * product, for pickup, from `origin` (the server's own unless a test says otherwise).
 */
export function postOrder(
  baseUrl: string,
  shop: { storeId: string; productId: string },
  options: { origin?: string; headers?: Record<string, string>; idempotencyKey?: string } = {},
) {
  return fetch(`${baseUrl}/s/${shop.storeId}/api`, {
    method: "POST",
    // A test fails rather than hangs when an answer never comes.
    signal: AbortSignal.timeout(60_000),
    headers: { "Content-Type": "application/json", Origin: options.origin ?? baseUrl, ...options.headers },
    body: JSON.stringify(orderRequest(shop, options.idempotencyKey)),
  });
}

/** The storefront API's body for one unit of one product, for pickup. */
export function orderRequest(shop: { productId: string }, idempotencyKey?: string) {
  return {
    intent: "place-order",
    form: pickupForm([{ productId: shop.productId }], { idempotencyKey, customerPhone: "4499998877" }),
  };
}

/**
 * A pickup order's form with these lines (one unit, no variation and no choices, unless a line
 * says), as the store page sends it.
 */
export function pickupForm(
  lines: { productId: string; variation?: string; quantity?: number; choices?: string[] }[],
  { idempotencyKey, customerPhone = "" }: { idempotencyKey?: string; customerPhone?: string } = {},
) {
  return {
    customerName: "Ana",
    customerPhone,
    deliveryType: "pickup" as const,
    address: "",
    comments: "",
    idempotencyKey: idempotencyKey ?? `clave-${randomBytes(8).toString("hex")}`,
    lines: lines.map(({ productId, variation = "", quantity = 1, choices }) => ({
      productId,
      variation,
      quantity,
      ...(choices ? { choices } : {}),
    })),
  };
}
