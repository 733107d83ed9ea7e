import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Logger } from "~/lib/logger.server";
import { announceAfterCommit } from "./after-commit.server";
import * as schema from "./schema";

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** A database handle or a transaction on it: domain functions accept either. */
export type Executor = Database | Parameters<Parameters<Database["transaction"]>[0]>[0];

export type DatabaseConnection = { db: Database; pool: pg.Pool; close: () => Promise<void> };

/** The one factory every part of the app (server, scripts, tests) gets its database from. */
export function connectDatabase(
  url: string,
  options: { max?: number; logger?: Logger } = {},
): DatabaseConnection {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // An idle client that loses its connection must not crash the server; the pool replaces it.
  pool.on("error", (error) => options.logger?.warn("database connection lost", { error: String(error) }));
  const db = drizzle(pool, { schema, casing: undefined });
  // Announcements (NOTIFY) of a transaction go out once it has committed (issue 13).
  announceAfterCommit(db, pool, options.logger);
  return { db, pool, close: () => pool.end() };
}
