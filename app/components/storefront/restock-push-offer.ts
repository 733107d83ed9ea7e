/**
 * Whether the "Avísame cuando haya" dialog offers this browser's notifications: light enough for
 * the store page to load up front; the subscription itself is in restock-push.ts, loaded on demand.
 */
import { pushWorkerServedAt } from "~/domain/products/restock";
import { pushSupported } from "~/lib/push-support";

/** Whether the dialog offers push: "denied" says why not, "unsupported" says nothing. */
export type PushOffer = "offered" | "denied" | "unsupported";

export function restockPushOffer(storeId: string): PushOffer {
  if (!pushSupported() || !pushWorkerServedAt(window.location.pathname, storeId)) return "unsupported";
  return Notification.permission === "denied" ? "denied" : "offered";
}
