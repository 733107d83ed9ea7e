/**
 * "Avísame cuando haya" in this browser (docs/decisions/030): the service worker registered under
 * /i/avisame/ (its own subscription, apart from an owner's panel in the same browser), the
 * permission asked, the subscription made with the server's VAPID key and kept by the storefront
 * endpoint. Every way it can fail ends in a Spanish sentence that points to the e-mail instead.
 * The store page loads this module only once the dialog offers push (restock-push-offer.ts): a
 * shopper who never asks downloads no service worker code.
 */
import { RESTOCK_WORDS } from "~/domain/products/restock";
import { registerPushWorker, subscribeBrowser } from "~/lib/browser-push";
import type { PushOffer } from "./restock-push-offer";
import { fetchPushKey, postRestockPush } from "./storefront-api";

const SCOPE = "/i/avisame/";

export type RestockPushOutcome =
  { ok: true; cancelUrl: string | null } | { ok: false; message: string; offer: PushOffer };

export async function askRestockByPush(storeId: string, productId: string): Promise<RestockPushOutcome> {
  // Asked first, while the tap still counts as the shopper's: some browsers ask only then.
  const permission = await Notification.requestPermission();
  if (permission !== "granted") {
    return {
      ok: false,
      message: RESTOCK_WORDS.pushDenied,
      offer: permission === "denied" ? "denied" : "offered",
    };
  }
  let registration: ServiceWorkerRegistration;
  try {
    registration = await registerPushWorker(SCOPE);
  } catch (error) {
    // A private window, or a browser that keeps no workers for this site.
    console.error("Avísame: service worker refused:", error);
    return { ok: false, message: RESTOCK_WORDS.pushUnsupported, offer: "unsupported" };
  }
  const key = await fetchPushKey(storeId);
  if (!key.ok) return { ok: false, message: key.message, offer: "offered" };
  let subscription;
  try {
    subscription = await subscribeBrowser(registration, key.publicKey);
  } catch (error) {
    console.error("Avísame: push subscription failed:", error);
    return { ok: false, message: RESTOCK_WORDS.pushFailed, offer: "offered" };
  }
  const answer = await postRestockPush(storeId, { productId, ...subscription });
  if (answer.ok) return answer;
  // A push service the server does not send to will not change on a second try.
  const offer = answer.message === RESTOCK_WORDS.pushService ? "unsupported" : "offered";
  return { ok: false, message: answer.message, offer };
}
