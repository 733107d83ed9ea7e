import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { appSecrets } from "~/db/schema";

/**
 * A secret generated on first start and kept in the database, so that every instance (and
 * every restart) shares it without any setup. Concurrent first starts agree on one value. A
 * secret already stored is only read: a process starting while its database is read-only (a
 * switchover's demoted primary, a replica behind the balancer for a moment) still starts.
 */
export async function loadOrCreateSecret(
  db: Database,
  key: string,
  generate: () => string = () => randomBytes(32).toString("base64url"),
): Promise<string> {
  const stored = () => db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.key, key));
  const [found] = await stored();
  if (found) return found.value;
  await db.insert(appSecrets).values({ key, value: generate() }).onConflictDoNothing();
  const [row] = await stored();
  if (!row) throw new Error(`Secret ${key} could not be stored`);
  return row.value;
}
