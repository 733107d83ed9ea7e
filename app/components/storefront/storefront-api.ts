import type { OrderFieldErrors, OrderFormInput } from "~/domain/orders/order-form";
import { ORDER_MESSAGES } from "~/domain/orders/order-messages";
import type { OrderSummary } from "~/domain/orders/order-summary";
import { RESTOCK_WORDS } from "~/domain/products/restock";
import type { BrowserSubscription } from "~/lib/browser-push";
import { PROMOTION_MESSAGES, type CartCode } from "~/domain/promotions/promotions";
import { storefrontApiUrl } from "./view-beacon";

/**
 * The browser side of `/s/<storeId>/api` (server/storefront-api.ts). Plain fetch and JSON:
 * the store page hydrates without the router's runtime (docs/decisions/003-storefront-island.md).
 * Only the code a shopper's tap loads imports it; the page-view beacon is in `view-beacon.ts`.
 */
export type PlaceOrderResponse =
  | {
      ok: true;
      order: OrderSummary;
      /** An order paid online: the provider's page where the shopper pays (docs/decisions/052). */
      checkoutUrl?: string;
      /** The order stands but the provider could not be reached: said to the shopper. */
      checkoutError?: string;
    }
  | {
      ok: false;
      message: string;
      fieldErrors?: OrderFieldErrors;
      unavailable?: { productId: string; variation: string; choices?: string[] };
    };

export type LookupResponse = { ok: true; order: OrderSummary } | { ok: false; message: string };

async function post<T>(
  storeId: string,
  body: unknown,
  fallback: string,
): Promise<T | { ok: false; message: string }> {
  try {
    const response = await fetch(storefrontApiUrl(storeId), {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
    });
    const payload = (await response.json().catch(() => null)) as T | null;
    return payload ?? { ok: false, message: fallback };
  } catch {
    return { ok: false, message: fallback };
  }
}

export function postOrder(storeId: string, form: OrderFormInput) {
  return post<PlaceOrderResponse>(storeId, { intent: "place-order", form }, ORDER_MESSAGES.failure);
}

export function postLookup(storeId: string, number: string) {
  return post<LookupResponse>(storeId, { intent: "lookup-order", number }, ORDER_MESSAGES.lookupError);
}

export type RestockResponse =
  { ok: true; cancelUrl: string | null } | { ok: false; message: string; fieldErrors?: { email?: string } };

export function postRestockNotice(storeId: string, form: { productId: string; email: string }) {
  return post<RestockResponse>(storeId, { intent: "restock-notice", form }, RESTOCK_WORDS.failure);
}

export function postRestockPush(storeId: string, form: { productId: string } & BrowserSubscription) {
  return post<RestockResponse>(
    storeId,
    { intent: "restock-notice", form: { ...form, channel: "push" } },
    RESTOCK_WORDS.failure,
  );
}

/** The server's VAPID public key, the owners' devices' own, for "Avísame" by push. */
export function fetchPushKey(storeId: string) {
  return post<{ ok: true; publicKey: string }>(storeId, { intent: "push-key" }, RESTOCK_WORDS.pushFailed);
}

export type CouponResponse =
  | { ok: true; code: CartCode; discount: number }
  | { ok: false; message: string; fieldErrors?: { couponCode?: string } };

/** "¿Tienes un código?": the server checks the code against the cart (docs/decisions/036). */
export function postCouponCheck(
  storeId: string,
  input: { code: string; phone: string; lines: OrderFormInput["lines"] },
) {
  return post<CouponResponse>(
    storeId,
    { intent: "check-coupon", code: input.code, phone: input.phone, form: { lines: input.lines } },
    PROMOTION_MESSAGES.checkFailed,
  );
}
