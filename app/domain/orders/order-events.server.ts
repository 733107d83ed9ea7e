import { and, asc, eq, gt, max, sql, type SQL } from "drizzle-orm";
import { notifyAfterCommit } from "~/db/after-commit.server";
import type { Executor } from "~/db/client.server";
import { orderChanges } from "~/db/schema";
import type { Listener } from "~/db/listen.server";
import type { Logger } from "~/lib/logger.server";
import { joinsOutage } from "~/db/outage.server";

/**
 * Live order events for the owners' pending-orders panel (docs/ARCHITECTURE.md, "The database";
 * docs/decisions/007-replayable-order-stream.md). Publishing writes a row in `order_changes`
 * inside the order's own transaction, so an event exists exactly when the order committed, and
 * announces it with a PostgreSQL NOTIFY once it has committed (docs/decisions/022). Every server
 * instance LISTENs, reads the announced store's new rows from the table and fans them out to its
 * open streams; the row's id is the stream's event id, so whatever a stream missed (a lost LISTEN
 * connection, a lost NOTIFY, a browser that slept) is replayed from the table.
 */
export const ORDER_CHANNEL = "tianguis_orders";
/** How often the hub reads the table for what a lost NOTIFY would have announced. */
const SWEEP_MS = 2_000;

export type OrderEventType = "order.created" | "order.updated";
export type OrderEvent = { type: OrderEventType; storeId: string; orderId: string };
export type OrderChange = OrderEvent & { id: number };

/** Call inside the transaction that creates or changes the order. */
export async function publishOrderEvent(tx: Executor, event: OrderEvent): Promise<OrderChange> {
  const { rows } = await tx.execute<{ id: string }>(orderChangeInsert(event));
  return announceOrderChange(tx, event, Number(rows[0]!.id));
}

/**
 * The order change as one statement, returning its id; `onlyIf` (a condition of the caller's
 * statement) folds it into a bigger one. One store's ids are taken one transaction at a time (the
 * lock, taken before the row's id is, lasts until commit), so they grow in commit order and
 * "every change after id N" never skips one that commits late.
 */
export function orderChangeInsert(event: OrderEvent, onlyIf?: SQL) {
  return sql`
    insert into ${orderChanges} (store_id, order_id, type)
    select ${event.storeId}, ${event.orderId}, ${event.type}
    from (select pg_advisory_xact_lock(hashtextextended(${event.storeId}, 7))) as locked
    ${onlyIf ? sql`where ${onlyIf}` : sql``}
    returning id`;
}

/** Tells the instances' hubs, once the transaction commits, where to look for the change. */
export async function announceOrderChange(tx: Executor, event: OrderEvent, id: number): Promise<OrderChange> {
  const change = { ...event, id };
  await notifyAfterCommit(tx, ORDER_CHANNEL, { s: change.storeId, id: change.id });
  return change;
}

/** The store's changes after the given event id, oldest first. */
export function listOrderChangesSince(db: Executor, storeId: string, afterId: number, limit = 1_000) {
  return db
    .select({
      id: orderChanges.id,
      storeId: orderChanges.storeId,
      orderId: orderChanges.orderId,
      type: orderChanges.type,
    })
    .from(orderChanges)
    .where(and(eq(orderChanges.storeId, storeId), gt(orderChanges.id, afterId)))
    .orderBy(asc(orderChanges.id))
    .limit(limit);
}

/**
 * The id of the latest change (0 when none), of one store — where a freshly loaded panel starts —
 * or of all: an id above it came from another database (a restored backup) and must not silence
 * the stream.
 */
export async function latestOrderChangeId(db: Executor, storeId?: string): Promise<number> {
  const [row] = await db
    .select({ id: max(orderChanges.id) })
    .from(orderChanges)
    .where(storeId === undefined ? undefined : eq(orderChanges.storeId, storeId));
  return Number(row?.id ?? 0);
}

export type OrderEventSubscriber = {
  /** A change of the store, read from the table after its NOTIFY (in id order, each once). */
  onChange: (change: OrderChange) => void;
  /** What was announced may be missed (the LISTEN connection came back): read the table. */
  onResync: () => void;
};

export type OrderEventHub = {
  /** Listens to one store's events; returns the function that stops listening. */
  subscribe: (storeId: string, subscriber: OrderEventSubscriber) => () => void;
  /** Whether the LISTEN connection is up (readiness). */
  isListening: () => boolean;
  close: () => Promise<void>;
};

/**
 * Listens for the order events of every instance (listenForever, below). A NOTIFY says
 * which stores changed, up to which id; the hub reads those stores' new rows once and hands them
 * to their streams. Every 2 s it also looks for rows no NOTIFY announced (one sent after a commit
 * can be lost with the process that was to send it).
 */
export function startOrderEventHub({
  listener,
  db,
  logger,
}: {
  /** The worker's listener (app/db/listen.server.ts), started on ORDER_CHANNEL. */
  listener: Listener;
  db: Executor;
  logger: Logger;
}): OrderEventHub {
  const subscribers = new Map<string, Set<OrderEventSubscriber>>();
  /** Per store with subscribers: the last change handed to them, once the hub has read one. */
  const handed = new Map<string, number>();
  /** Per store: a read under way, and whether another must follow it. */
  const reading = new Map<string, { again: boolean }>();

  const resync = (storeId: string) => {
    for (const subscriber of subscribers.get(storeId) ?? []) subscriber.onResync();
  };

  /** Reads the store's changes after those handed out, and hands them out; one read at a time. */
  const readStore = (storeId: string) => {
    const current = reading.get(storeId);
    if (current) {
      current.again = true;
      return;
    }
    const state = { again: false };
    reading.set(storeId, state);
    void (async () => {
      do {
        state.again = false;
        const after = handed.get(storeId);
        if (after === undefined) return;
        const changes = await listOrderChangesSince(db, storeId, after);
        for (const change of changes) {
          if (change.id <= (handed.get(storeId) ?? Infinity)) continue;
          handed.set(storeId, change.id);
          for (const subscriber of subscribers.get(storeId) ?? []) subscriber.onChange(change);
        }
        if (changes.length === 1_000) state.again = true;
      } while (state.again && subscribers.has(storeId));
    })()
      .catch((error: unknown) => {
        if (!joinsOutage(error)) {
          logger.warn("order events could not be read; the streams read them themselves", {
            error: String(error),
          });
        }
        resync(storeId);
      })
      .finally(() => reading.delete(storeId));
  };

  /**
   * A store's changes reach `newest` (announced, or found by the sweep). The first time since its
   * streams opened, they read the table themselves — what came before may have been announced to
   * nobody — and the hub goes on from there; after that the hub reads what it has not handed out.
   */
  const catchUp = (storeId: string, newest: number) => {
    if (!subscribers.has(storeId)) return;
    const last = handed.get(storeId);
    if (last === undefined) {
      handed.set(storeId, newest);
      resync(storeId);
    } else if (newest > last) readStore(storeId);
  };

  const dispatch = (payload: string | undefined) => {
    let announced: { s: string; id: number }[];
    try {
      announced = JSON.parse(payload ?? "") as { s: string; id: number }[];
      if (!Array.isArray(announced)) throw new Error("not a list");
    } catch (error) {
      logger.warn("bad order event", { error: String(error) });
      return;
    }
    const newest = new Map<string, number>();
    for (const { s: storeId, id } of announced) newest.set(storeId, Math.max(id, newest.get(storeId) ?? id));
    for (const [storeId, id] of newest) catchUp(storeId, id);
  };

  /** Rows no NOTIFY announced: a store's newest id above what its streams were handed. */
  const sweep = async () => {
    const stores = [...subscribers.keys()];
    if (stores.length === 0) return;
    const { rows } = await db.execute<{ store_id: string; id: string | null }>(sql`
      select store_id, (select max(id) from ${orderChanges} c where c.store_id = s.store_id) as id
      from unnest(${sql.param(stores)}::text[]) as s(store_id)`);
    for (const row of rows) catchUp(row.store_id, Number(row.id ?? 0));
  };
  const sweeping = setInterval(() => {
    sweep().catch((error: unknown) => logger.debug("order event sweep failed", { error: String(error) }));
  }, SWEEP_MS);
  sweeping.unref();

  const stopHearing = listener.on(ORDER_CHANNEL, {
    notice: dispatch,
    // What was announced while the connection was down is read from the table by every stream.
    connected: () => {
      for (const set of subscribers.values()) for (const subscriber of set) subscriber.onResync();
    },
  });

  return {
    subscribe(storeId, subscriber) {
      const set = subscribers.get(storeId) ?? new Set();
      set.add(subscriber);
      subscribers.set(storeId, set);
      return () => {
        set.delete(subscriber);
        if (set.size === 0) {
          subscribers.delete(storeId);
          handed.delete(storeId);
        }
      };
    },
    isListening: listener.isListening,
    async close() {
      clearInterval(sweeping);
      stopHearing();
    },
  };
}
