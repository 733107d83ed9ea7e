import { connectDatabase, type Database } from "~/db/client.server";
import { startEmbeddedPostgres } from "~/db/embedded.server";
import { runMigrations } from "~/db/migrate.server";
import { readEnv } from "~/lib/env.server";
import { createLogger } from "~/lib/logger.server";

/**
 * Runs a maintenance task against the app's database: DATABASE_URL when set, otherwise the
 * embedded one under DATA_DIR (which must not be in use by a running server).
 */
export async function withDatabase(task: (db: Database, url: string) => Promise<void>) {
  const env = readEnv();
  const logger = createLogger("warn");
  const embedded = env.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres({ dataDir: env.dataDir, logger });
  const url = env.DATABASE_URL ?? embedded!.url;
  const connection = connectDatabase(url, { max: 2, namedStatements: env.namedStatements });
  try {
    // The migrations' advisory lock is a session's: past PgBouncer, straight to PostgreSQL.
    await runMigrations(env.DATABASE_DIRECT_URL ?? url);
    await task(connection.db, url);
  } finally {
    await connection.close();
    await embedded?.stop();
  }
}
