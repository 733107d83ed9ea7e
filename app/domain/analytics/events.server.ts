import { sql } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { analyticsEvents } from "~/db/schema";
import { consumeCall, type LimitHit, limitKey } from "~/domain/rate-limit/rate-limit.server";

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
 * Limits this process found full: the limits' keys, and until when the database would refuse the
 * same hits again. Nothing but time takes a hit out of these limits' windows, and a refused call
 * records none, so until the window's oldest hit leaves it the answer cannot change: a flood of
 * searches from one address costs one statement per window, not one per search. Bounded, since
 * addresses are the visitors'.
 */
const fullUntil = new Map<string, number>();
const FULL_LIMITS_KEPT = 10_000;

function rememberFull(key: string, retryAfterSeconds: number) {
  // The database rounds its wait up to a second: remember a second less, never longer than it holds.
  const until = Date.now() + (retryAfterSeconds - 1) * 1000;
  if (until <= Date.now()) return;
  if (fullUntil.size >= FULL_LIMITS_KEPT) {
    for (const [kept, keptUntil] of fullUntil) if (keptUntil <= Date.now()) fullUntil.delete(kept);
    if (fullUntil.size >= FULL_LIMITS_KEPT) return;
  }
  fullUntil.set(key, until);
}

function knownFull(key: string) {
  const until = fullUntil.get(key);
  if (until === undefined) return false;
  if (until > Date.now()) return true;
  fullUntil.delete(key);
  return false;
}

/**
 * Events an anonymous visitor causes (a page view, a search): recorded only while the given
 * limits have room, so a script cannot grow the table or bend a store's figures. The
 * visitor's request is answered the same either way. One statement: the limits' hit and the
 * events together, or neither; none while this process knows the limits are full. Resolves
 * whether they were recorded.
 */
export async function recordLimitedEvents(
  db: Executor,
  limits: LimitHit[],
  events: LimitedEvent[],
): Promise<boolean> {
  const key = limits.map(limitKey).join("\n");
  if (knownFull(key)) return false;
  const values = sql.join(
    events.map(
      (event) =>
        sql`(${event.name}::text, ${event.storeId}::text, ${JSON.stringify(event.data ?? {})}::jsonb)`,
    ),
    sql`, `,
  );
  const { rows } = await db.execute<{ retry_after_seconds: number; recorded: number }>(sql`
    with allowed as (select retry_after_seconds from ${consumeCall(limits)}),
    recorded as (
      insert into ${analyticsEvents} (name, store_id, data)
      select event.name, event.store_id, event.data
      from (values ${values}) as event(name, store_id, data), allowed
      where allowed.retry_after_seconds = 0
      returning id
    )
    select (select retry_after_seconds from allowed) as retry_after_seconds,
           (select count(*)::int from recorded) as recorded`);
  const [row] = rows;
  if (row && row.retry_after_seconds > 0) rememberFull(key, row.retry_after_seconds);
  return (row?.recorded ?? 0) > 0;
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
