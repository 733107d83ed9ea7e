import type pg from "pg";
import type { Logger } from "~/lib/logger.server";
import { createClient } from "./client.server";

/**
 * One connection per worker process that LISTENs for what other instances announce (the live
 * orders, the pages' versions), reconnecting forever with back-off capped at 2 s. A loss and the
 * recovery after it are logged once each, however many attempts lie between. LISTEN belongs to a
 * session: the connection goes to the database directly, never through a transaction pooler.
 */
/** How the connection names itself in pg_stat_activity, for whoever looks at the database. */
export const LISTENER_APPLICATION_NAME = "tianguis-listener";
const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 2_000;

export type ListenerEvents = {
  /** A notice on the channel, as PostgreSQL delivered it (in commit order). */
  notice: (payload: string | undefined) => void;
  /**
   * The connection is up and listening on every channel: the first time, and after each loss.
   * What was announced meanwhile is lost; whoever relies on it reads it again here.
   */
  connected?: () => void;
  /** The connection is lost: nothing is announced until `connected` is heard again. */
  lost?: () => void;
};

export type Listener = {
  /** Hears one channel (named when the listener started). Returns the function that stops. */
  on: (channel: string, events: ListenerEvents) => () => void;
  /**
   * A statement on the listening connection itself: every notice of a transaction that committed
   * before it began is handed out before it resolves (PostgreSQL delivers them between statements).
   * Rejects when the connection is down.
   */
  query: <Row extends pg.QueryResultRow>(text: string) => Promise<pg.QueryResult<Row>>;
  isListening: () => boolean;
  close: () => Promise<void>;
};

/**
 * Connects and listens on `channels`. The first connection must succeed: its failure is the
 * caller's.
 */
export async function startListener({
  databaseUrl,
  channels,
  logger,
}: {
  databaseUrl: string;
  channels: readonly string[];
  logger: Logger;
}): Promise<Listener> {
  const hearers = new Map<string, Set<ListenerEvents>>(channels.map((channel) => [channel, new Set()]));
  let client: pg.Client | undefined;
  let closed = false;
  let lostAt: number | undefined;
  let retryTimer: NodeJS.Timeout | undefined;

  const everyone = () => [...hearers.values()].flatMap((set) => [...set]);

  const lose = (next: pg.Client, error: unknown) => {
    if (client !== next) return;
    client = undefined;
    next.end().catch(() => {});
    if (closed) return;
    lostAt = Date.now();
    logger.warn("database listener lost its connection; reconnecting", { error: String(error) });
    for (const events of everyone()) events.lost?.();
    schedule(RETRY_FIRST_MS);
  };

  const schedule = (delay: number) => {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => {
      connect().then(
        () => {
          logger.info("database listener reconnected", { downMs: Date.now() - (lostAt ?? Date.now()) });
          lostAt = undefined;
          for (const events of everyone()) events.connected?.();
        },
        () => {
          if (!closed) schedule(Math.min(RETRY_MAX_MS, delay * 2));
        },
      );
    }, delay);
    retryTimer.unref();
  };

  const connect = async (): Promise<void> => {
    const next = createClient({
      connectionString: databaseUrl,
      connectionTimeoutMillis: 5_000,
      application_name: LISTENER_APPLICATION_NAME,
    });
    next.on("notification", (message) => {
      for (const events of hearers.get(message.channel) ?? []) events.notice(message.payload);
    });
    next.on("error", (error) => lose(next, error));
    next.on("end", () => lose(next, "connection ended"));
    try {
      await next.connect();
      await next.query(channels.map((channel) => `listen ${channel};`).join(" "));
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
  };
  await connect();

  return {
    on(channel, events) {
      const set = hearers.get(channel);
      if (!set) throw new Error(`the listener was not started on ${channel}`);
      set.add(events);
      return () => void set.delete(events);
    },
    query(text) {
      if (!client) return Promise.reject(new Error("the database listener is not connected"));
      return client.query(text);
    },
    isListening: () => client !== undefined,
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}
