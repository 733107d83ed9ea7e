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

/**
 * `count` requests sent at once (a race for the last units): each answer's status and JSON body,
 * the ones accepted (200) and refused (409), and how long the answers took to come.
 */
export async function sendAtOnce(count: number, send: () => Promise<Response>) {
  const started = performance.now();
  const responses = await Promise.all(Array.from({ length: count }, send));
  const ms = Math.round(performance.now() - started);
  const answers = await Promise.all(
    responses.map(async (response) => ({ status: response.status, body: (await response.json()) as object })),
  );
  return {
    ms,
    accepted: answers.filter((answer) => answer.status === 200),
    refused: answers.filter((answer) => answer.status === 409),
  };
}
