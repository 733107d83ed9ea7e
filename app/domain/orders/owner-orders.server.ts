import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { orderEvents, orderLines, orders, products } from "~/db/schema";
import { recordEvent } from "~/domain/analytics/events.server";
import { notifyRestocked } from "~/domain/products/restock.server";
import { AppError } from "~/lib/errors";
import { publishOrderEvent } from "./order-events.server";
import { invoicesOf } from "./order-invoice.server";
import { canMarkStep, type OrderStep } from "./order-steps";
import type { DoneBy } from "./done-by";
import { HISTORY_PAGE_SIZE, PENDING_PAGE_SIZE, type HistoryFilter } from "./owner-orders";
import { inTransaction } from "~/db/after-commit.server";
import { giveCodeBack } from "~/domain/promotions/redeem.server";

/**
 * The owner's side of orders: the pending list, the history, and the two transitions a
 * pending order can take (completed or cancelled; cancelling gives its stock back). Every query is
 * scoped by the checked store id.
 */
const NOT_FOUND = "No encontramos esa orden.";

/** Who behind the counter did a change: their account and their name as it was (docs/decisions/033). */
export type Actor = { userId: string; name: string };
const actorColumns = (actor?: Actor) => ({
  actorUserId: actor?.userId ?? null,
  actorName: actor?.name ?? null,
});

/** Per order, who did each change that recorded its actor (the latest of each kind). */
async function doneByOf(db: Executor, storeId: string, orderIds: string[]) {
  const events = await db
    .select({ orderId: orderEvents.orderId, kind: orderEvents.kind, actorName: orderEvents.actorName })
    .from(orderEvents)
    .where(
      and(
        eq(orderEvents.storeId, storeId),
        inArray(orderEvents.orderId, orderIds),
        isNotNull(orderEvents.actorName),
      ),
    )
    .orderBy(asc(orderEvents.id));
  const doneBy = new Map<string, DoneBy>();
  for (const event of events) {
    doneBy.set(event.orderId, { ...doneBy.get(event.orderId), [event.kind]: event.actorName! });
  }
  return doneBy;
}

async function withLines<T extends { id: string }>(db: Executor, storeId: string, rows: T[]) {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  // Two independent reads of the same orders, sent together.
  const [doneBy, invoices, lines] = await Promise.all([
    doneByOf(db, storeId, ids),
    invoicesOf(db, storeId, ids),
    db
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.storeId, storeId), inArray(orderLines.orderId, ids)))
      .orderBy(asc(orderLines.position)),
  ]);
  return rows.map((row) => ({
    ...row,
    lines: lines.filter((line) => line.orderId === row.id),
    doneBy: doneBy.get(row.id) ?? {},
    /** "Requiero factura": the shopper's fiscal data and its state; null when not asked for. */
    invoice: invoices.get(row.id) ?? null,
  }));
}

/**
 * Pending orders in the order they are due, earliest first: a scheduled order at its slot, any
 * other when it was placed (it is due now). An order placed long ago comes before today's slots.
 * The first `shown` of them whole, and the numbers of every one (the count, and the orders this
 * device prints as they arrive, wherever they fall in the list).
 */
export async function listPendingOrders(db: Executor, storeId: string, shown = PENDING_PAGE_SIZE) {
  const due = [
    sql`coalesce(${orders.scheduledFor}, ${orders.createdAt})`,
    asc(orders.createdAt),
    asc(orders.id),
  ];
  const pending = and(eq(orders.storeId, storeId), eq(orders.status, "pending"));
  const [rows, all] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(pending)
      .orderBy(...due)
      .limit(shown),
    db
      .select({ id: orders.id })
      .from(orders)
      .where(pending)
      .orderBy(...due),
  ]);
  return { orders: await withLines(db, storeId, rows), numbers: all.map((row) => row.id) };
}

/**
 * Completed and cancelled orders, newest first, one page of 50 at a time; optionally one status
 * and a range of days (Mexico City days, by when the order ended).
 */
export async function listOrderHistory(
  db: Executor,
  storeId: string,
  page = 1,
  filter: HistoryFilter = { status: "all", from: null, to: null },
) {
  const offset = (Math.max(1, page) - 1) * HISTORY_PAGE_SIZE;
  const statuses = filter.status === "all" ? (["completed", "cancelled"] as const) : [filter.status];
  const day = sql`(coalesce(${orders.completedAt}, ${orders.createdAt}) at time zone 'America/Mexico_City')::date`;
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.storeId, storeId),
        inArray(orders.status, [...statuses]),
        filter.from ? sql`${day} >= ${filter.from}::date` : undefined,
        filter.to ? sql`${day} <= ${filter.to}::date` : undefined,
      ),
    )
    .orderBy(sql`${orders.completedAt} desc nulls last`, desc(orders.createdAt))
    .limit(HISTORY_PAGE_SIZE + 1)
    .offset(offset);
  return {
    orders: await withLines(db, storeId, rows.slice(0, HISTORY_PAGE_SIZE)),
    hasMore: rows.length > HISTORY_PAGE_SIZE,
  };
}

export type OwnerOrder = Awaited<ReturnType<typeof listPendingOrders>>["orders"][number];

async function closeOrder(
  db: Executor,
  storeId: string,
  orderId: string,
  status: "completed" | "cancelled",
  now: Date,
  reason = "",
  actor?: Actor,
) {
  return inTransaction(db, async (tx) => {
    const [closed] = await tx
      .update(orders)
      .set({ status, completedAt: now, ...(status === "cancelled" ? { cancelReason: reason } : {}) })
      .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId), eq(orders.status, "pending")))
      .returning({ id: orders.id, completedAt: orders.completedAt, createdAt: orders.createdAt });
    if (!closed) {
      const [exists] = await tx
        .select({ status: orders.status })
        .from(orders)
        .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId)));
      if (!exists) throw new AppError("NOT_FOUND", NOT_FOUND);
      throw new AppError("UNAVAILABLE", "Esta orden ya no está pendiente.");
    }
    if (status === "cancelled") {
      const givenBack = await giveStockBack(tx, storeId, orderId, closed.createdAt);
      if (givenBack > 0) await notifyRestocked(tx, [storeId]);
      // After the products, as an order takes them: a cancel and an order never wait in a circle.
      await giveCodeBack(tx, storeId, orderId);
    }
    if (status === "completed") {
      await recordEvent(tx, "complete_order", storeId, { storeId, orderId, completedAt: now.toISOString() });
    }
    await tx
      .insert(orderEvents)
      .values({ storeId, orderId, kind: status, note: reason, createdAt: now, ...actorColumns(actor) });
    await publishOrderEvent(tx, { type: "order.updated", storeId, orderId });
    return { id: closed.id, completedAt: closed.completedAt };
  });
}

/**
 * A cancelled order's units go back to the stock they were taken from (docs/decisions/028, 034):
 * only lines that took stock, only to products and size options still counting it, and not to a
 * daily stock refilled since the order was placed (the refill already started the day afresh).
 * The products are locked in the order of their ids, as an order takes them, so a cancel and an
 * order never wait for each other in a circle. A cancel happens once, since only a pending order
 * can be closed. Answers how many products got units back.
 */
async function giveStockBack(tx: Executor, storeId: string, orderId: string, placedAt: Date) {
  const { rowCount } = await tx.execute(sql`
    with taken as (
      select product_id, stock_taken, stock_option_id, quantity from ${orderLines}
      where store_id = ${storeId} and order_id = ${orderId} and (stock_taken or stock_option_id is not null)
    ), own as (
      select product_id, sum(quantity) as quantity from taken where stock_taken group by product_id
    ), options as (
      select product_id, stock_option_id as option_id, sum(quantity) as quantity from taken
      where stock_option_id is not null group by product_id, stock_option_id
    ), locked as materialized (
      select p.id, p.stock, p.option_stock, p.stock_refilled_at from ${products} p
      where p.store_id = ${storeId} and p.id in (select product_id from taken)
      order by p.id
      for update
    ), refilled as (
      select ${placedAt.toISOString()}::timestamptz as placed_at
    )
    -- The amounts are read from the locked rows (FOR UPDATE returns them as the last order left them).
    update ${products} p
    set stock = l.stock + case when l.stock_refilled_at is null or l.stock_refilled_at <= refilled.placed_at
          then coalesce((select quantity from own where own.product_id = l.id), 0) else 0 end,
      option_stock = coalesce(l.option_stock || (
        select jsonb_object_agg(o.option_id, (l.option_stock ->> o.option_id)::numeric + o.quantity)
        from options o where o.product_id = l.id and l.option_stock ? o.option_id), l.option_stock)
    from locked l cross join refilled
    where p.store_id = ${storeId} and p.id = l.id
      and ((l.stock is not null and (l.stock_refilled_at is null or l.stock_refilled_at <= refilled.placed_at)
            and exists (select 1 from own where own.product_id = l.id))
        or exists (select 1 from options o where o.product_id = l.id and l.option_stock ? o.option_id))`);
  return rowCount ?? 0;
}

/** Pending → Completed: sets completedAt and records complete_order. */
export function completeOrder(
  db: Executor,
  storeId: string,
  orderId: string,
  now = new Date(),
  actor?: Actor,
) {
  return closeOrder(db, storeId, orderId, "completed", now, "", actor);
}

/** Pending → Cancelled: also sets completedAt; the optional reason is shown to the shopper. */
export function cancelOrder(
  db: Executor,
  storeId: string,
  orderId: string,
  now = new Date(),
  reason = "",
  actor?: Actor,
) {
  return closeOrder(db, storeId, orderId, "cancelled", now, reason, actor);
}

/** Locks the store's order for a change; another store's order is "not found". */
async function lockOrder(tx: Executor, storeId: string, orderId: string) {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId)))
    .for("update");
  if (!order) throw new AppError("NOT_FOUND", NOT_FOUND);
  return order;
}

/** Marks the next step of a pending order (forward only), with its time in the timeline. */
export function markOrderStep(
  db: Executor,
  storeId: string,
  orderId: string,
  step: OrderStep,
  now = new Date(),
  actor?: Actor,
) {
  return inTransaction(db, async (tx) => {
    const order = await lockOrder(tx, storeId, orderId);
    if (order.status !== "pending") throw new AppError("UNAVAILABLE", "Esta orden ya no está pendiente.");
    if (!canMarkStep(order, step)) throw new AppError("UNAVAILABLE", "Ese paso ya no aplica a esta orden.");
    await tx
      .update(orders)
      .set({ step })
      .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId)));
    await tx
      .insert(orderEvents)
      .values({ storeId, orderId, kind: step, createdAt: now, ...actorColumns(actor) });
    await publishOrderEvent(tx, { type: "order.updated", storeId, orderId });
  });
}

export const PAID_ONLINE_ONLY =
  "Los pagos con tarjeta o Mercado Pago se confirman solos cuando Mercado Pago los aprueba.";

/** The owner received the money: once; the timeline says when. */
export function markOrderPaid(
  db: Executor,
  storeId: string,
  orderId: string,
  now = new Date(),
  actor?: Actor,
) {
  return inTransaction(db, async (tx) => {
    const order = await lockOrder(tx, storeId, orderId);
    if (order.paidAt) return;
    // A card paid online is paid when its provider says so (docs/decisions/052), never by hand.
    if (order.paymentMethod === "mercadopago") throw new AppError("UNAVAILABLE", PAID_ONLINE_ONLY);
    await tx
      .update(orders)
      .set({ paidAt: now })
      .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId)));
    await tx
      .insert(orderEvents)
      .values({ storeId, orderId, kind: "paid", createdAt: now, ...actorColumns(actor) });
    await publishOrderEvent(tx, { type: "order.updated", storeId, orderId });
  });
}

/**
 * "Visto": the owner has seen the order, so the open panels stop ringing for it. Completing or
 * cancelling does the same, since the alarm only rings for pending orders.
 */
export function markOrderSeen(db: Executor, storeId: string, orderId: string, now = new Date()) {
  return inTransaction(db, async (tx) => {
    const [seen] = await tx
      .update(orders)
      .set({ seenAt: now })
      .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId), isNull(orders.seenAt)))
      .returning({ id: orders.id });
    if (!seen) {
      const [exists] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId)));
      if (!exists) throw new AppError("NOT_FOUND", NOT_FOUND);
      return; // already seen: nothing changes, nothing to announce
    }
    await publishOrderEvent(tx, { type: "order.updated", storeId, orderId });
  });
}

/** Pending orders nobody has marked "Visto" yet, oldest first: what the panel's alarm rings for. */
export async function listUnseenOrderIds(db: Executor, storeId: string): Promise<string[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.status, "pending"), isNull(orders.seenAt)))
    .orderBy(asc(orders.createdAt))
    // Numbers only: the alarm counts them all ("230 órdenes nuevas sin ver", not a capped 200).
    .limit(5_000);
  return rows.map((row) => row.id);
}
