import { sql } from "drizzle-orm";
import type pg from "pg";
import type { Logger } from "~/lib/logger.server";
import type { Database, Executor } from "./client.server";

/**
 * NOTIFY after the commit, not inside the transaction (issue 13 goal 5, docs/decisions/022). A
 * NOTIFY inside a transaction makes its commit take PostgreSQL's one notification lock, so every
 * order's commit waited for every other's; sent afterwards it costs the order nothing, and
 * notifications of many transactions go out together. What a listener must not miss never
 * depends on a NOTIFY alone: the rows are in the database, and the listeners read them again on
 * a timer (order events) or poll (jobs), so a NOTIFY lost to a crash right after the commit only
 * delays what it announces.
 */
type Pending = { channel: string; value: unknown }[];
const pendingOf = new WeakMap<object, Pending>();

/** Announces `value` on `channel` once `tx` commits (never, if it rolls back); outside one, now. */
export async function notifyAfterCommit(tx: Executor, channel: string, value: unknown) {
  const pending = pendingOf.get(tx);
  if (pending) pending.push({ channel, value });
  else await tx.execute(sql`select pg_notify(${channel}, ${JSON.stringify([value])})`);
}

/** The most a NOTIFY payload may carry is 8,000 bytes; each one sent stays well under. */
const PAYLOAD_LIMIT = 7_000;

/**
 * Sends announcements through the pool, a channel's waiting ones together as one JSON array:
 * while one NOTIFY is on its way, the next ones gather. A failure is logged and dropped (see
 * above: nothing depends on it alone).
 */
function createNotifier(pool: pg.Pool, logger?: Logger) {
  const waiting = new Map<string, string[]>();
  let sending = false;
  const flush = async () => {
    sending = true;
    try {
      while (waiting.size > 0) {
        const [channel, values] = waiting.entries().next().value!;
        waiting.delete(channel);
        for (const payload of packed(values)) {
          await pool.query("select pg_notify($1, $2)", [channel, payload]).catch((error: unknown) => {
            logger?.warn("notification not sent; listeners will read it on their next pass", {
              channel,
              error: String(error),
            });
          });
        }
      }
    } finally {
      sending = false;
    }
  };
  return (channel: string, value: unknown) => {
    const values = waiting.get(channel) ?? [];
    values.push(JSON.stringify(value));
    waiting.set(channel, values);
    if (!sending) void flush();
  };
}

/** JSON arrays of the values, each under the payload limit. */
function packed(values: string[]): string[] {
  const payloads: string[] = [];
  let current: string[] = [];
  let size = 2;
  for (const value of values) {
    if (current.length > 0 && size + value.length + 1 > PAYLOAD_LIMIT) {
      payloads.push(`[${current.join(",")}]`);
      current = [];
      size = 2;
    }
    current.push(value);
    size += value.length + 1;
  }
  if (current.length > 0) payloads.push(`[${current.join(",")}]`);
  return payloads;
}

/**
 * Makes `db.transaction` (and the savepoints inside it) hold `notifyAfterCommit`'s announcements
 * until the outermost transaction commits. Called once, by the one database factory.
 */
export function announceAfterCommit(db: Database, pool: pg.Pool, logger?: Logger) {
  const notify = createNotifier(pool, logger);
  const share = (tx: Executor, pending: Pending) => {
    pendingOf.set(tx, pending);
    const savepoint = tx.transaction.bind(tx);
    tx.transaction = ((run, config) =>
      savepoint((inner) => {
        share(inner, pending);
        return run(inner);
      }, config)) as typeof tx.transaction;
  };
  const transaction = db.transaction.bind(db);
  db.transaction = (async (run, config) => {
    const pending: Pending = [];
    const result = await transaction((tx) => {
      share(tx, pending);
      return run(tx);
    }, config);
    for (const { channel, value } of pending) notify(channel, value);
    return result;
  }) as typeof db.transaction;
}
