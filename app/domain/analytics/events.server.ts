import type { Executor } from "~/db/client.server";
import { analyticsEvents } from "~/db/schema";

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
