import { sql } from "drizzle-orm";
import pg from "pg";
import type { Executor } from "~/db/client.server";
import type { Logger } from "~/lib/logger.server";

/**
 * Live order events for the owners' pending-orders panel (ARCHITECTURE.md §4). Publishing is a
 * PostgreSQL NOTIFY issued inside the order's own transaction, so an event exists exactly when
 * the order committed; every server instance LISTENs and fans the event out to its open streams.
 */
const CHANNEL = "tianguis_orders";

export type OrderEvent = { type: "order.created" | "order.updated"; storeId: string; orderId: string };

/** Call inside the transaction that creates or changes the order. */
export async function publishOrderEvent(tx: Executor, event: OrderEvent) {
  await tx.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(event)})`);
}

type Listener = (event: OrderEvent) => void;

export type OrderEventHub = {
  /** Listens to one store's events; returns the function that stops listening. */
  subscribe: (storeId: string, listener: Listener) => () => void;
  close: () => Promise<void>;
};

export async function startOrderEventHub(databaseUrl: string, logger: Logger): Promise<OrderEventHub> {
  const listeners = new Map<string, Set<Listener>>();
  let client: pg.Client | undefined;
  let closed = false;

  const dispatch = (payload: string | undefined) => {
    try {
      const event = JSON.parse(payload ?? "") as OrderEvent;
      for (const listener of listeners.get(event.storeId) ?? []) listener(event);
    } catch (error) {
      logger.warn("bad order event", { error });
    }
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on("notification", (message) => dispatch(message.payload));
    next.on("error", (error) => {
      logger.warn("order event listener lost its connection", { error });
      next.end().catch(() => {});
      if (!closed) setTimeout(() => connect().catch(() => {}), 1_000);
    });
    await next.connect();
    await next.query(`listen ${CHANNEL}`);
    client = next;
  };
  await connect();

  return {
    subscribe(storeId, listener) {
      const set = listeners.get(storeId) ?? new Set();
      set.add(listener);
      listeners.set(storeId, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(storeId);
      };
    },
    async close() {
      closed = true;
      await client?.end().catch(() => {});
    },
  };
}
