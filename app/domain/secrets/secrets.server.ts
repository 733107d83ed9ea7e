import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { appSecrets } from "~/db/schema";

/**
 * A secret generated on first start and kept in the database, so that every instance (and
 * every restart) shares it without any setup. Concurrent first starts agree on one value.
 */
export async function loadOrCreateSecret(
  db: Database,
  key: string,
  generate: () => string = () => randomBytes(32).toString("base64url"),
): Promise<string> {
  await db.insert(appSecrets).values({ key, value: generate() }).onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.key, key));
  if (!row) throw new Error(`Secret ${key} could not be stored`);
  return row.value;
}
