import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { orderLines, orders } from "~/db/schema";
import { recordEvent } from "~/domain/analytics/events.server";
import { AppError } from "~/lib/errors";
import { publishOrderEvent } from "./order-events.server";
import { HISTORY_PAGE_SIZE } from "./owner-orders";

/**
 * The owner's side of orders: the pending list, the history, and the two transitions a
 * pending order can take (spec §4). Every query is scoped by the checked store id.
 */
const NOT_FOUND = "No encontramos esa orden.";

async function withLines<T extends { id: string }>(db: Executor, storeId: string, rows: T[]) {
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(orderLines)
    .where(
      and(
        eq(orderLines.storeId, storeId),
        inArray(
          orderLines.orderId,
          rows.map((row) => row.id),
        ),
      ),
    )
    .orderBy(asc(orderLines.position));
  return rows.map((row) => ({ ...row, lines: lines.filter((line) => line.orderId === row.id) }));
}

/** Pending orders, newest first (a new order lands on top of the live list). */
export async function listPendingOrders(db: Executor, storeId: string) {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.status, "pending")))
    .orderBy(desc(orders.createdAt))
    .limit(200);
  return withLines(db, storeId, rows);
}

/** Completed and cancelled orders, newest first, one page of 50 at a time. */
export async function listOrderHistory(db: Executor, storeId: string, page = 1) {
  const offset = (Math.max(1, page) - 1) * HISTORY_PAGE_SIZE;
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.storeId, storeId), inArray(orders.status, ["completed", "cancelled"])))
    .orderBy(sql`${orders.completedAt} desc nulls last`, desc(orders.createdAt))
    .limit(HISTORY_PAGE_SIZE + 1)
    .offset(offset);
  return {
    orders: await withLines(db, storeId, rows.slice(0, HISTORY_PAGE_SIZE)),
    hasMore: rows.length > HISTORY_PAGE_SIZE,
  };
}

export type OwnerOrder = Awaited<ReturnType<typeof listPendingOrders>>[number];

async function closeOrder(
  db: Executor,
  storeId: string,
  orderId: string,
  status: "completed" | "cancelled",
  now: Date,
) {
  return db.transaction(async (tx) => {
    const [closed] = await tx
      .update(orders)
      .set({ status, completedAt: now })
      .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId), eq(orders.status, "pending")))
      .returning({ id: orders.id, completedAt: orders.completedAt });
    if (!closed) {
      const [exists] = await tx
        .select({ status: orders.status })
        .from(orders)
        .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId)));
      if (!exists) throw new AppError("NOT_FOUND", NOT_FOUND);
      throw new AppError("UNAVAILABLE", "Esta orden ya no está pendiente.");
    }
    if (status === "completed") {
      await recordEvent(tx, "complete_order", storeId, { storeId, orderId, completedAt: now.toISOString() });
    }
    await publishOrderEvent(tx, { type: "order.updated", storeId, orderId });
    return closed;
  });
}

/** Pending → Completed: sets completedAt and records complete_order. */
export function completeOrder(db: Executor, storeId: string, orderId: string, now = new Date()) {
  return closeOrder(db, storeId, orderId, "completed", now);
}

/** Pending → Cancelled: also sets completedAt. */
export function cancelOrder(db: Executor, storeId: string, orderId: string, now = new Date()) {
  return closeOrder(db, storeId, orderId, "cancelled", now);
}
