/**
 * Store page views as daily figures. The retention job rolls each finished Mexico City day up into
 * `page_view_days` (one row per store and day that had views) and moves `rollup_marks.through`
 * on; the Resumen counts a period's views from the rolled-up days and, past the mark, from the raw
 * events — so its figures are the same before and after a roll-up, and after the raw events go.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { inTransaction } from "~/db/after-commit.server";
import { DASHBOARD_TIME_ZONE } from "./time-zone";

const MARK = "page_views";
export const PAGE_VIEW_EVENT = "view_store_page";
/** How long after midnight a day waits before it is rolled up. */
const LATE_COMMIT_MARGIN = "1 hour";

/**
 * Rolls up every finished day after the mark, up to yesterday (Mexico City) at `now` (the day before
 * that in the first hour after midnight); returns how many store-days were written. One day per
 * transaction, so a first roll-up of months of raw events is many short statements, not one long
 * one. Two runs at once queue on a lock: a day is rolled up once.
 */
export async function rollUpPageViews(db: Executor, now = new Date()): Promise<number> {
  let written = 0;
  for (;;) {
    const day = await rollUpNextDay(db, now);
    if (day === null) return written;
    written += day;
  }
}

/** The first finished day after the mark that has views, rolled up; null when none is left. */
function rollUpNextDay(db: Executor, now: Date): Promise<number | null> {
  const tz = DASHBOARD_TIME_ZONE;
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`rollup:${MARK}`}, 0))`);
    // A day is rolled up once it has been over for a while: a view stamped just before midnight
    // whose transaction commits just after is still counted.
    const today = sql`((${now.toISOString()}::timestamptz - ${LATE_COMMIT_MARGIN}::interval) at time zone ${tz})::date`;
    const { rows } = await tx.execute<{ day: string | null; finished: boolean }>(sql`
      select next.day::text as day, next.day < ${today} as finished
      from (select (min(created_at) at time zone ${tz})::date as day
            from analytics_events
            where name = ${PAGE_VIEW_EVENT} and store_id is not null and created_at >= ${rolledUpUntil()}) as next`);
    const next = rows[0];
    if (!next?.day || !next.finished) {
      // Nothing left before today: the mark moves up to yesterday, days without views included.
      await moveMark(tx, sql`${today} - 1`);
      return null;
    }
    const written = await tx.execute(sql`
      insert into page_view_days (store_id, day, views)
      select store_id, ${next.day}::date, count(*)::int
      from analytics_events
      where name = ${PAGE_VIEW_EVENT} and store_id is not null
        and created_at >= ${next.day}::date::timestamp at time zone ${tz}
        and created_at < (${next.day}::date + 1)::timestamp at time zone ${tz}
      group by 1
      on conflict (store_id, day) do update set views = excluded.views`);
    await moveMark(tx, sql`${next.day}::date`);
    return written.rowCount ?? 0;
  });
}

function moveMark(tx: Executor, through: SQL) {
  return tx.execute(sql`
    insert into rollup_marks (name, through) values (${MARK}, ${through})
    on conflict (name) do update set through = greatest(rollup_marks.through, excluded.through)`);
}

/**
 * SQL for one store's page views from `startAt` to `endAt` (instants on Mexico City midnights):
 * the rolled-up days before the mark, the raw events after it.
 */
export function storeViewsBetween(storeId: string, startAt: SQL, endAt: SQL): SQL {
  const tz = DASHBOARD_TIME_ZONE;
  const boundary = rolledUpUntil();
  return sql`(
    (select coalesce(sum(d.views), 0)::int from page_view_days d
       where d.store_id = ${storeId}
         and d.day >= (${startAt} at time zone ${tz})::date
         and d.day < (least(${endAt}, ${boundary}) at time zone ${tz})::date)
    + (select count(*)::int from analytics_events e
       where e.store_id = ${storeId} and e.name = ${PAGE_VIEW_EVENT}
         and e.created_at >= greatest(${startAt}, ${boundary}) and e.created_at < ${endAt}))`;
}

/** The instant every view before which is rolled up (the midnight after the mark); -infinity before any roll-up. */
export function rolledUpUntil(): SQL {
  return sql`coalesce((select (through + 1)::timestamp at time zone ${DASHBOARD_TIME_ZONE}
    from rollup_marks where name = ${MARK}), '-infinity')`;
}
