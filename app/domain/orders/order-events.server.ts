import { and, asc, eq, gt, max, sql } from "drizzle-orm";
import pg from "pg";
import type { Executor } from "~/db/client.server";
import { orderChanges } from "~/db/schema";
import type { Logger } from "~/lib/logger.server";

/**
 * Live order events for the owners' pending-orders panel (ARCHITECTURE.md §4,
 * docs/decisions/007-replayable-order-stream.md). Publishing writes a row in `order_changes` and
 * issues a PostgreSQL NOTIFY, both inside the order's own transaction, so an event exists exactly
 * when the order committed. Every server instance LISTENs and fans events out to its open streams;
 * the row's id is the stream's event id, so whatever a stream missed (a lost LISTEN connection, a
 * browser that slept) is replayed from the table.
 */
const CHANNEL = "tianguis_orders";
/** How the LISTEN connection names itself in pg_stat_activity, for whoever looks at the database. */
export const ORDER_LISTENER_APPLICATION_NAME = "tianguis-order-listener";
const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 2_000;

export type OrderEventType = "order.created" | "order.updated";
export type OrderEvent = { type: OrderEventType; storeId: string; orderId: string };
export type OrderChange = OrderEvent & { id: number };

/** Call inside the transaction that creates or changes the order. */
export async function publishOrderEvent(tx: Executor, event: OrderEvent): Promise<OrderChange> {
  // One store's ids are taken one transaction at a time (the lock lasts until commit), so they
  // grow in commit order and "every change after id N" never skips one that commits late.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${event.storeId}, 7))`);
  const [row] = await tx
    .insert(orderChanges)
    .values({ storeId: event.storeId, orderId: event.orderId, type: event.type })
    .returning({ id: orderChanges.id });
  const change = { ...event, id: row!.id };
  await tx.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(change)})`);
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
  /** A change announced by NOTIFY. */
  onChange: (change: OrderChange) => void;
  /** The LISTEN connection came back: notifications may have been lost, read the table. */
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
 * LISTENs on its own connection and reconnects forever, with back-off capped at 2 s. A loss and
 * the recovery after it are logged once each, however many attempts lie between.
 */
export async function startOrderEventHub(databaseUrl: string, logger: Logger): Promise<OrderEventHub> {
  const subscribers = new Map<string, Set<OrderEventSubscriber>>();
  let client: pg.Client | undefined;
  let listening = false;
  let closed = false;
  let lostAt: number | undefined;
  let retryTimer: NodeJS.Timeout | undefined;

  const dispatch = (payload: string | undefined) => {
    try {
      const change = JSON.parse(payload ?? "") as OrderChange;
      for (const subscriber of subscribers.get(change.storeId) ?? []) subscriber.onChange(change);
    } catch (error) {
      logger.warn("bad order event", { error });
    }
  };

  const lose = (next: pg.Client, error: unknown) => {
    if (client !== next) return;
    client = undefined;
    listening = false;
    next.end().catch(() => {});
    if (closed) return;
    lostAt = Date.now();
    logger.warn("order event listener lost its connection; reconnecting", { error: String(error) });
    schedule(RETRY_FIRST_MS);
  };

  const schedule = (delay: number) => {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => {
      connect().then(
        () => {
          logger.info("order event listener reconnected", { downMs: Date.now() - (lostAt ?? Date.now()) });
          lostAt = undefined;
          for (const set of subscribers.values()) for (const subscriber of set) subscriber.onResync();
        },
        () => {
          if (!closed) schedule(Math.min(RETRY_MAX_MS, delay * 2));
        },
      );
    }, delay);
    retryTimer.unref();
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({
      connectionString: databaseUrl,
      connectionTimeoutMillis: 5_000,
      application_name: ORDER_LISTENER_APPLICATION_NAME,
    });
    next.on("notification", (message) => dispatch(message.payload));
    next.on("error", (error) => lose(next, error));
    next.on("end", () => lose(next, "connection ended"));
    try {
      await next.connect();
      await next.query(`listen ${CHANNEL}`);
    } catch (error) {
      next.removeAllListeners("end");
      next.on("error", () => {});
      await next.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    listening = true;
  };
  await connect();

  return {
    subscribe(storeId, subscriber) {
      const set = subscribers.get(storeId) ?? new Set();
      set.add(subscriber);
      subscribers.set(storeId, set);
      return () => {
        set.delete(subscriber);
        if (set.size === 0) subscribers.delete(storeId);
      };
    },
    isListening: () => listening,
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const current = client;
      client = undefined;
      listening = false;
      await current?.end().catch(() => {});
    },
  };
}
