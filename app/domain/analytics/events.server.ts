import { sql } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { analyticsEvents } from "~/db/schema";
import { consumeCall, type LimitHit } from "~/domain/rate-limit/rate-limit.server";

/** The product's analytics events, recorded on the server where the action happens. */
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

type LimitedEvent = { name: AnalyticsEventName; storeId: string | null; data?: Record<string, unknown> };

/**
 * Events an anonymous visitor causes (a page view, a search): recorded only while the given
 * limits have room, so a script cannot grow the table or bend a store's figures. The
 * visitor's request is answered the same either way. One statement: the limits' hit and the
 * events together, or neither. Resolves whether they were recorded.
 */
export async function recordLimitedEvents(
  db: Executor,
  limits: LimitHit[],
  events: LimitedEvent[],
): Promise<boolean> {
  const values = sql.join(
    events.map(
      (event) =>
        sql`(${event.name}::text, ${event.storeId}::text, ${JSON.stringify(event.data ?? {})}::jsonb)`,
    ),
    sql`, `,
  );
  const { rows } = await db.execute<{ id: number }>(sql`
    with allowed as (select retry_after_seconds from ${consumeCall(limits)})
    insert into ${analyticsEvents} (name, store_id, data)
    select event.name, event.store_id, event.data
    from (values ${values}) as event(name, store_id, data), allowed
    where allowed.retry_after_seconds = 0
    returning id`);
  return rows.length > 0;
}

export function recordLimitedEvent(
  db: Executor,
  limits: LimitHit[],
  name: AnalyticsEventName,
  storeId: string | null,
  data: Record<string, unknown> = {},
): Promise<boolean> {
  return recordLimitedEvents(db, limits, [{ name, storeId, data }]);
}
