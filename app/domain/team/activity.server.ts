import { and, desc, eq, gte, isNotNull } from "drizzle-orm";
import { inTransaction } from "~/db/after-commit.server";
import type { Executor } from "~/db/client.server";
import { orderEvents, products, storeActivity } from "~/db/schema";
import type { Actor } from "~/domain/orders/owner-orders.server";
import {
  activitySentence,
  orderChangeSentence,
  productActivity,
  type ActivityEntry,
  type ProductSnapshot,
} from "./activity";
import { actorDisplayName } from "./invitations";

/** Who did a change in the panel: their account and their name as the panel shows it ("Ana"). */
export function actorOf(user: { id: string; name: string; email: string }): Actor {
  return { userId: user.id, name: actorDisplayName(user.name, user.email) };
}

/**
 * Records one change for Equipo's "Actividad", in the caller's transaction: the line exists if and
 * only if the change committed. Every admin write that is not an order's calls this (or
 * `withActivity`, which does).
 */
export async function recordActivity(tx: Executor, actor: Actor, storeId: string, entry: ActivityEntry) {
  await tx.insert(storeActivity).values({
    storeId,
    actorUserId: actor.userId,
    actorName: actor.name,
    kind: entry.kind,
    subject: entry.subject ?? "",
    details: entry.details ?? null,
  });
}

/**
 * Runs `change` and records it in one transaction. `entry` may be worked out from what the change
 * returned (null records nothing: nothing changed).
 */
export function withActivity<T>(
  db: Executor,
  actor: Actor,
  storeId: string,
  change: (tx: Executor) => Promise<T>,
  entry: ActivityEntry | ((result: T) => ActivityEntry | null),
): Promise<T> {
  return inTransaction(db, async (tx) => {
    const result = await change(tx);
    const recorded = typeof entry === "function" ? entry(result) : entry;
    if (recorded) await recordActivity(tx, actor, storeId, recorded);
    return result;
  });
}

async function productSnapshot(tx: Executor, storeId: string, productId: string) {
  const [row] = await tx
    .select({ name: products.name, price: products.price, available: products.available })
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.id, productId)));
  return row ?? null;
}

/**
 * A product's change (created, edited, shown, hidden, deleted) and its Actividad line, in one
 * transaction: the product is read before and after, so a new price reads
 * "cambió el precio de Concha: $12.00 → $14.00". `productId` is null for a new product, whose id
 * the change returns.
 */
export function withProductActivity<T>(
  db: Executor,
  actor: Actor,
  target: { storeId: string; productId: string | null; edit?: boolean },
  change: (tx: Executor) => Promise<T>,
): Promise<T> {
  const { storeId } = target;
  return inTransaction(db, async (tx) => {
    const before: ProductSnapshot | null = target.productId
      ? await productSnapshot(tx, storeId, target.productId)
      : null;
    const result = await change(tx);
    const productId = target.productId ?? (result as { id?: string } | undefined)?.id;
    const after = productId ? await productSnapshot(tx, storeId, productId) : null;
    const entry = productActivity(before, after, target.edit ?? false);
    if (entry) await recordActivity(tx, actor, storeId, entry);
    return result;
  });
}

/** How far back Equipo's "Actividad" reaches, and how many lines it shows at most. */
export const ACTIVITY_DAYS = 90;
export const ACTIVITY_LINES = 200;

export type ActivityLine = { key: string; createdAt: Date; text: string };

/**
 * "Actividad": the store's panel changes and the order changes that recorded who did them, newest
 * first, from the last 90 days (at most 200), each as its Spanish sentence.
 */
export async function listActivity(db: Executor, storeId: string, now = new Date()): Promise<ActivityLine[]> {
  const since = new Date(now.getTime() - ACTIVITY_DAYS * 24 * 60 * 60 * 1000);
  const [changes, orderChanges] = await Promise.all([
    db
      .select()
      .from(storeActivity)
      .where(and(eq(storeActivity.storeId, storeId), gte(storeActivity.createdAt, since)))
      .orderBy(desc(storeActivity.createdAt), desc(storeActivity.id))
      .limit(ACTIVITY_LINES),
    db
      .select({
        id: orderEvents.id,
        orderId: orderEvents.orderId,
        kind: orderEvents.kind,
        actorName: orderEvents.actorName,
        createdAt: orderEvents.createdAt,
      })
      .from(orderEvents)
      .where(
        and(
          eq(orderEvents.storeId, storeId),
          isNotNull(orderEvents.actorName),
          gte(orderEvents.createdAt, since),
        ),
      )
      .orderBy(desc(orderEvents.id))
      .limit(ACTIVITY_LINES),
  ]);
  const lines: ActivityLine[] = [
    ...changes.map((row) => ({
      key: `a${row.id}`,
      createdAt: row.createdAt,
      text: activitySentence(row.actorName, row.kind, row.subject, row.details),
    })),
    ...orderChanges.map((row) => ({
      key: `o${row.id}`,
      createdAt: row.createdAt,
      text: orderChangeSentence(row.actorName!, row.kind, row.orderId),
    })),
  ];
  return lines.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).slice(0, ACTIVITY_LINES);
}
