import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Logger } from "~/lib/logger.server";
import { notifyThrough } from "./after-commit.server";
import { databaseOutage, isDatabaseUnavailable } from "./outage.server";
import * as schema from "./schema";

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/**
 * A database handle or a transaction on it: domain functions accept either. Transactions are
 * opened with `inTransaction` (./after-commit.server.ts), which announces after the commit.
 */
export type Executor = Database | Parameters<Parameters<Database["transaction"]>[0]>[0];

export type DatabaseConnection = { db: Database; pool: pg.Pool; close: () => Promise<void> };

/**
 * Every PostgreSQL pool and client of the app, its scripts and its tests is made here (ESLint
 * refuses `new pg.Pool` and `new pg.Client` anywhere else), because a connection without an
 * `error` listener kills the process when the database goes away: node-postgres emits `error`
 * on a client whose socket ends, and pg-pool listens only while the client is idle, not while a
 * transaction holds it. Here every client has a listener for its whole life, so a lost
 * connection fails only the work that was on it.
 */
export function createPool(
  config: pg.PoolConfig,
  {
    namedStatements = true,
    statementTimeoutMs,
    readOnly = false,
  }: {
    namedStatements?: boolean;
    statementTimeoutMs?: number;
    /**
     * Every connection refuses writes (`default_transaction_read_only`), set before the pool hands
     * it out; and its loss is not the primary's outage (a read replica's pool, app/db/replica.server.ts).
     */
    readOnly?: boolean;
  } = {},
): pg.Pool {
  // A database that accepts the socket and never answers (stopped, overloaded) fails a checkout
  // after 5 s instead of holding the request forever.
  const Client = namedStatements ? pg.Client : UnnamedStatementsClient;
  const pool = new pg.Pool({
    connectionTimeoutMillis: 5_000,
    ...config,
    Client: statementTimeoutMs ? boundedClient(Client, statementTimeoutMs) : Client,
    // pg-pool waits for this before the client's first checkout, and drops a client it failed on.
    // A start-up parameter would do the same in one round trip less, but PgBouncer refuses those.
    ...(readOnly ? { onConnect: (client) => client.query("set default_transaction_read_only = on") } : {}),
  });
  // The client's own listener (below) reports the loss; the pool re-emits it for idle clients.
  pool.on("error", () => {});
  pool.on("connect", (client) => {
    if (readOnly) return void client.on("error", () => {});
    client.on("error", reportLoss);
    databaseOutage.succeeded();
  });
  return pool;
}

/**
 * A connection of its own (LISTEN, a backup's session, a test's administration). `onError`
 * hears its loss; without one the loss is only reported as an outage. The caller reconnects if
 * it needs to.
 */
export function createClient(config: pg.ClientConfig | string, onError?: (error: Error) => void): pg.Client {
  const client = new pg.Client(config);
  client.on("error", onError ?? reportLoss);
  return client;
}

/**
 * A client for a pool behind PgBouncer in transaction mode (docs/decisions/026): it sends every
 * statement unnamed. A statement prepared by name lives in one server connection, and the pooler
 * runs the client's next one on whichever server connection is free, where the name is missing
 * ("does not exist") or taken by another client ("already exists"). The statements the app names
 * (`executeKept`, Drizzle's `.prepare(name)`) are then parsed and planned each time, as any other.
 */
class UnnamedStatementsClient extends pg.Client {
  // One signature standing for pg's overloads, whose arguments it hands on unchanged.
  override query(config: unknown, ...rest: unknown[]) {
    const named = typeof config === "object" && config !== null && "name" in config && !("submit" in config);
    // @ts-expect-error -- pg's overloads take no spread of unknown arguments.
    return super.query(named ? { ...config, name: undefined } : config, ...rest);
  }
}

/**
 * A client whose statements each have `boundMs` to come back. PostgreSQL's own statement_timeout
 * cannot help when the server itself hangs (stopped, its disk frozen, a network that drops
 * packets), and node-postgres's `query_timeout` fails the statement but leaves the connection
 * waiting for its answer, so a transaction's ROLLBACK would wait as long. Here the connection is
 * closed instead: the statement, and whatever the request still sends on it, fail at once as a
 * lost connection (ETIMEDOUT), which the answer turns into 503 with Retry-After, and the pool
 * drops the connection. Streams (COPY, cursors) are not bounded.
 */
function boundedClient(Base: typeof pg.Client, boundMs: number): typeof pg.Client {
  return class BoundedClient extends Base {
    // One signature standing for pg's overloads, whose arguments it hands on unchanged.
    override query(config: unknown, ...rest: unknown[]) {
      if (typeof config === "object" && config !== null && "submit" in config) {
        // @ts-expect-error -- pg's overloads take no spread of unknown arguments.
        return super.query(config, ...rest);
      }
      const timer = setTimeout(() => this.abandon(), boundMs);
      const callbackAt = rest.findIndex((arg) => typeof arg === "function");
      if (callbackAt >= 0) {
        const callback = rest[callbackAt] as (...args: unknown[]) => void;
        rest[callbackAt] = (...args: unknown[]) => {
          clearTimeout(timer);
          callback(...args);
        };
        // @ts-expect-error -- as above.
        return super.query(config, ...rest);
      }
      // @ts-expect-error -- as above.
      const result = super.query(config, ...rest) as Promise<pg.QueryResult>;
      return result.finally(() => clearTimeout(timer));
    }

    private abandon() {
      const error = Object.assign(
        new Error(`the database did not answer a statement within ${boundMs} ms; connection closed`),
        { code: "ETIMEDOUT" },
      );
      (
        this as unknown as { connection: { stream: { destroy: (error: Error) => void } } }
      ).connection.stream.destroy(error);
    }
  } as typeof pg.Client;
}

function reportLoss(error: Error) {
  if (isDatabaseUnavailable(error)) databaseOutage.failed(error);
}

/** The one factory every part of the app (server, scripts, tests) gets its database from. */
export function connectDatabase(
  url: string,
  options: { max?: number; logger?: Logger; namedStatements?: boolean; statementTimeoutMs?: number } = {},
): DatabaseConnection {
  if (options.logger) databaseOutage.logTo(options.logger);
  const pool = createPool(
    { connectionString: url, max: options.max ?? 10 },
    { namedStatements: options.namedStatements, statementTimeoutMs: options.statementTimeoutMs },
  );
  const db = drizzle(pool, { schema, casing: undefined });
  // Announcements (NOTIFY) of a transaction (`inTransaction`) go out once it has committed.
  notifyThrough(db, pool, options.logger);
  return { db, pool, close: () => pool.end() };
}
