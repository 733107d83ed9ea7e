import { sql } from "drizzle-orm";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Logger } from "~/lib/logger.server";
import type { Database, Executor } from "./client.server";
import { isDatabaseUnavailable, joinsOutage } from "./outage.server";
import * as schema from "./schema";

/**
 * NOTIFY after the commit, not inside the transaction (docs/decisions/022). A
 * NOTIFY inside a transaction makes its commit take PostgreSQL's one notification lock, so every
 * order's commit waited for every other's; sent afterwards it costs the order nothing, and
 * notifications of many transactions go out together. What a listener must not miss never
 * depends on a NOTIFY alone: the rows are in the database, and the listeners read them again on
 * a timer (order events) or poll (jobs), so a NOTIFY lost to a crash right after the commit only
 * delays what it announces.
 */
type Pending = { notices: { channel: string; value: unknown }[]; tasks: (() => Promise<void>)[] };
const pendingOf = new WeakMap<object, Pending>();

/** Announces `value` on `channel` once `tx` commits (never, if it rolls back); outside one, now. */
export async function notifyAfterCommit(tx: Executor, channel: string, value: unknown) {
  const pending = pendingOf.get(tx);
  if (pending) pending.notices.push({ channel, value });
  else await tx.execute(sql`select pg_notify(${channel}, ${JSON.stringify([value])})`);
}

/**
 * Runs `task` once `tx` commits, before `inTransaction` returns (never, if it rolls back);
 * outside a transaction, now. For what cannot be undone and must not happen unless the change
 * stays: deleting the files of an image the change stopped using. `task` handles its own failures.
 */
export async function afterCommit(tx: Executor, task: () => Promise<void>) {
  const pending = pendingOf.get(tx);
  if (pending) pending.tasks.push(task);
  else await task();
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
            if (joinsOutage(error)) return;
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

const notifiers = new WeakMap<object, (channel: string, value: unknown) => void>();

/** Gives `db` its notifier; called once, by the database factory (`connectDatabase`). */
export function notifyThrough(db: Database, pool: pg.Pool, logger?: Logger) {
  notifiers.set(db, createNotifier(pool, logger));
}

/**
 * Runs `run` as one transaction and returns what it returns. The one way the app opens a
 * transaction, instead of Drizzle's `db.transaction`, for two reasons:
 *
 * - **Announcements after the commit.** `notifyAfterCommit(tx, …)` inside `run` is held until
 *   the transaction has committed, then sent through the pool (never, if it rolled back).
 * - **A lost connection goes back to the pool.** Drizzle's `transaction` sends BEGIN before its
 *   own try/finally, so a connection that dies at that moment (the database restarting, its
 *   backend terminated) was never released: the pool then never closed, and a shutdown waited on
 *   it. Here the connection is checked out and released (with the error, so that the pool drops
 *   it) around the whole transaction.
 *
 * Given a transaction instead of a database, `run` becomes a savepoint of it, whose announcements
 * and after-commit tasks wait for the outer commit.
 */
export async function inTransaction<T>(
  db: Executor,
  run: (tx: Transaction) => Promise<T>,
  config?: TransactionConfig,
): Promise<T> {
  const notify = notifiers.get(db);
  if (!notify || !isDatabase(db)) return inSavepoint(db, run, config);
  const client = await db.$client.connect();
  const pending: Pending = { notices: [], tasks: [] };
  let result: T;
  let failure: unknown;
  try {
    result = await onClient(client).transaction((tx) => {
      pendingOf.set(tx, pending);
      return run(tx);
    }, config);
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    client.release(isDatabaseUnavailable(failure) ? (failure as Error) : undefined);
  }
  for (const { channel, value } of pending.notices) notify(channel, value);
  for (const task of pending.tasks) await task();
  return result;
}

/** A savepoint of `tx`: what it holds for after the commit joins the outer transaction's only if it succeeded. */
function inSavepoint<T>(tx: Executor, run: (tx: Transaction) => Promise<T>, config?: TransactionConfig) {
  const outer = pendingOf.get(tx);
  if (!outer) return tx.transaction(run, config);
  return tx.transaction(async (savepoint) => {
    const mine: Pending = { notices: [], tasks: [] };
    pendingOf.set(savepoint, mine);
    const result = await run(savepoint);
    outer.notices.push(...mine.notices);
    outer.tasks.push(...mine.tasks);
    return result;
  }, config);
}

export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
type TransactionConfig = Parameters<Database["transaction"]>[1];

const isDatabase = (db: Executor): db is Database => "$client" in db && db.$client instanceof pg.Pool;

/** A Drizzle handle on one checked-out connection, made once per connection (the pool reuses them). */
const handles = new WeakMap<pg.PoolClient, NodePgDatabase<typeof schema>>();
function onClient(client: pg.PoolClient) {
  let handle = handles.get(client);
  if (!handle) {
    handle = drizzle(client, { schema, casing: undefined });
    handles.set(client, handle);
  }
  return handle;
}
