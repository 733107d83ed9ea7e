import type { Executor } from "~/db/client.server";
import { analyticsEvents } from "~/db/schema";
import { consume, type LimitHit } from "~/domain/rate-limit/rate-limit.server";

/** The spec's analytics events (§7), recorded on the server where the action happens. */
export const ANALYTICS_EVENTS = [
  "add_product",
  "place_order",
  "view_store_page",
  "signup",
  "search_products",
  "search_results",
  "complete_order",
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number];

export async function recordEvent(
  db: Executor,
  name: AnalyticsEventName,
  storeId: string | null,
  data: Record<string, unknown> = {},
) {
  await db.insert(analyticsEvents).values({ name, storeId, data });
}

/**
 * An event an anonymous visitor causes (a page view, a search): recorded only while the given
 * limits have room, so a script cannot grow the table or bend a store's figures (issue 11). The
 * visitor's request is answered the same either way.
 */
export async function recordLimitedEvent(
  db: Executor,
  limits: LimitHit[],
  name: AnalyticsEventName,
  storeId: string | null,
  data: Record<string, unknown> = {},
): Promise<boolean> {
  const state = await consume(db, limits);
  if (state.exceeded) return false;
  await recordEvent(db, name, storeId, data);
  return true;
}
