import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { createClient } from "./client.server";

/** The project's drizzle/ folder, found from this file whether it runs from app/db or a bundle. */
function findMigrationsFolder(start = path.dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "drizzle");
    if (existsSync(path.join(candidate, "meta", "_journal.json"))) return candidate;
    if (path.dirname(dir) === dir) throw new Error("drizzle/ migrations folder not found");
  }
}
/** Any fixed number: every instance of Tianguis takes the same lock before migrating. */
const MIGRATION_LOCK_ID = 7_337_001;

/**
 * Applies pending migrations under a PostgreSQL advisory lock, so that several instances
 * starting together migrate once; running it again is harmless. The lock is the session's and
 * spans several transactions: `url` must reach PostgreSQL itself, never PgBouncer in transaction
 * mode (DATABASE_DIRECT_URL), which could run the unlock on another server connection.
 */
export async function runMigrations(url: string, migrationsFolder = findMigrationsFolder()) {
  const client = createClient({ connectionString: url });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
    await client.end();
  }
}
