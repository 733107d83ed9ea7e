import { sql } from "drizzle-orm";
import { storeViewsBetween } from "~/domain/analytics/page-view-days.server";
import { DASHBOARD_TIME_ZONE } from "~/domain/analytics/time-zone";
import { roundMoney } from "~/domain/money/money";
import {
  averageTicket,
  conversionRate,
  periodDays,
  type DashboardFigures,
  type PromotionFigure,
  type DashboardPeriod,
  type TopChoice,
  type TopProduct,
} from "./dashboard";
import { readSql, type ReadDatabase } from "~/db/read-database.server";

const TOP_PRODUCTS = 5;

/**
 * The period's first instant and the next day's midnight, in Mexico City time: today, or today and the
 * days before it. PostgreSQL does the calendar, so a day is a local day whatever the offset was.
 */
function periodBounds(now: Date, days: number) {
  const tz = DASHBOARD_TIME_ZONE;
  const today = sql`date_trunc('day', ${now.toISOString()}::timestamptz at time zone ${tz})`;
  return sql`select
      (${today} - make_interval(days => ${days - 1})) at time zone ${tz} as start_at,
      (${today} + interval '1 day') at time zone ${tz} as end_at,
      (${today} - make_interval(days => ${days - 1}))::date as from_date,
      ${today}::date as to_date`;
}

type FiguresRow = {
  from: string;
  to: string;
  by_status: Partial<Record<"pending" | "completed" | "cancelled", number>> | null;
  sales: number;
  tips: number;
  store_views: number;
  daily: [string, number, number][];
  hours: number[];
  weekdays: number[];
  pickup: number;
  delivery: number;
  paid_by_card: number;
  paid_otherwise: number;
  promotions: PromotionFigure[];
};

/**
 * Everything the Resumen tab shows for one store and period. The store's orders of the period are read
 * once (through `orders_store_created_idx`) and every figure is an aggregate of that one read; page
 * views count from the rolled-up days and the raw events after them (`storeViewsBetween`), best
 * sellers from the same orders' lines.
 */
export function dashboardStatements(storeId: string, period: DashboardPeriod, now = new Date()) {
  const tz = DASHBOARD_TIME_ZONE;
  const bounds = periodBounds(now, periodDays(period));
  const figures = readSql`
    with bounds as (${bounds}),
    period_orders as materialized (
      select o.status, o.total, o.tip, o.delivery_type, o.discounts, o.payment_method, o.paid_at,
        o.created_at at time zone ${tz} as local
      from orders o, bounds b
      where o.store_id = ${storeId} and o.created_at >= b.start_at and o.created_at < b.end_at
    )
    select
      b.from_date::text as "from",
      b.to_date::text as "to",
      (select json_object_agg(status, n)
         from (select status, count(*)::int as n from period_orders group by status) s) as by_status,
      (select coalesce(sum(total), 0)::float8 from period_orders where status = 'completed') as sales,
      (select coalesce(sum(tip), 0)::float8 from period_orders where status = 'completed') as tips,
      ${storeViewsBetween(storeId, sql`b.start_at`, sql`b.end_at`)} as store_views,
      (select json_agg(json_build_array(d::date::text, coalesce(x.sales, 0), coalesce(x.orders, 0)) order by d)
         from generate_series(b.from_date::timestamp, b.to_date::timestamp, interval '1 day') d
         left join (
           select local::date as day, sum(total)::float8 as sales, count(*)::int as orders
           from period_orders where status = 'completed' group by 1
         ) x on x.day = d::date) as daily,
      (select json_agg(coalesce(x.n, 0) order by h)
         from generate_series(0, 23) h
         left join (select extract(hour from local)::int as hour, count(*)::int as n from period_orders group by 1) x
           on x.hour = h) as hours,
      (select json_agg(coalesce(x.n, 0) order by w)
         from generate_series(1, 7) w
         left join (select extract(isodow from local)::int as day, count(*)::int as n from period_orders group by 1) x
           on x.day = w) as weekdays,
      (select count(*)::int from period_orders where delivery_type = 'pickup') as pickup,
      (select count(*)::int from period_orders where delivery_type = 'delivery') as delivery,
      -- Paid by card online (decision 052), against every other order not cancelled.
      (select count(*)::int from period_orders where payment_method = 'mercadopago' and paid_at is not null)
        as paid_by_card,
      (select count(*)::int from period_orders
        where status <> 'cancelled' and not (payment_method = 'mercadopago' and paid_at is not null)) as paid_otherwise,
      -- Per code and per offer (docs/decisions/036), from each order's own copy: uses, what it took
      -- off and what those orders brought in, cancelled orders left out.
      (select coalesce(json_agg(p order by p.uses desc, p.name), '[]'::json) from (
         select d ->> 'kind' as kind, d ->> 'name' as name, count(*)::int as uses,
           sum((d ->> 'amount')::numeric)::float8 as discount, sum(o.total)::float8 as revenue
         from period_orders o cross join jsonb_array_elements(o.discounts) d
         where o.status <> 'cancelled'
         group by 1, 2) p) as promotions
    from bounds b`;
  const top = readSql`
    with bounds as (${bounds}),
    lines as materialized (
      select l.product_id, l.name, l.unit, l.quantity, l.price, l.choices
      from orders o
      cross join bounds b
      -- "offset 0" keeps this a nested loop over the period's orders, each reading its own lines by the
      -- primary key; as a plain join PostgreSQL prefers to scan every store's lines.
      cross join lateral (
        select product_id, name, unit, quantity, price, choices from order_lines
        where store_id = o.store_id and order_id = o.id offset 0
      ) l
      where o.store_id = ${storeId} and o.status = 'completed'
        and o.created_at >= b.start_at and o.created_at < b.end_at
    ),
    sold as materialized (
      select product_id as "productId", max(name) as name, max(unit) as unit,
             sum(quantity)::float8 as units, sum(quantity * price)::float8 as amount
      from lines
      group by product_id
    ),
    picked as (
      select g.value->>'group' as "group", o.value->>'name' as name, sum(l.quantity)::float8 as units
      from lines l
      cross join jsonb_array_elements(l.choices) g
      cross join jsonb_array_elements(g.value->'options') o
      group by 1, 2
    )
    select
      (select json_agg(t) from (select * from sold order by units desc, name limit ${TOP_PRODUCTS}) t) as by_units,
      (select json_agg(t) from (select * from sold order by amount desc, name limit ${TOP_PRODUCTS}) t) as by_amount,
      (select json_agg(t) from (select * from picked order by units desc, "group", name limit ${TOP_PRODUCTS}) t)
        as by_choice`;
  return { figures, top };
}

export async function loadDashboard(
  db: ReadDatabase,
  storeId: string,
  period: DashboardPeriod,
  now = new Date(),
): Promise<DashboardFigures> {
  const statements = dashboardStatements(storeId, period, now);
  const [figuresResult, topResult] = await Promise.all([
    db.execute<FiguresRow>(statements.figures),
    db.execute<{
      by_units: TopProduct[] | null;
      by_amount: TopProduct[] | null;
      by_choice: TopChoice[] | null;
    }>(statements.top),
  ]);
  const row = figuresResult.rows[0]!;
  const tops = topResult.rows[0]!;
  const byStatus = { pending: 0, completed: 0, cancelled: 0, ...row.by_status };
  const placedOrders = byStatus.pending + byStatus.completed + byStatus.cancelled;
  return {
    period,
    from: row.from,
    to: row.to,
    sales: roundMoney(row.sales),
    tips: roundMoney(row.tips),
    completedOrders: byStatus.completed,
    placedOrders,
    byStatus,
    averageTicket: averageTicket(row.sales, byStatus.completed),
    storeViews: row.store_views,
    conversion: conversionRate(placedOrders, row.store_views),
    dailySales: row.daily.map(([date, sales, orders]) => ({ date, sales: roundMoney(sales), orders })),
    ordersByHour: row.hours,
    ordersByWeekday: row.weekdays,
    delivery: { pickup: row.pickup, delivery: row.delivery },
    payments: { card: row.paid_by_card, other: row.paid_otherwise },
    topByUnits: (tops.by_units ?? []).map((product) => ({ ...product, amount: roundMoney(product.amount) })),
    topByAmount: (tops.by_amount ?? []).map((product) => ({
      ...product,
      amount: roundMoney(product.amount),
    })),
    topChoices: tops.by_choice ?? [],
    promotions: row.promotions.map((promotion) => ({
      ...promotion,
      discount: roundMoney(promotion.discount),
      revenue: roundMoney(promotion.revenue),
    })),
  };
}
