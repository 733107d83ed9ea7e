import { eq, sql } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { storeMembers, storeOwners } from "~/db/schema";
import type { StoreRole } from "./team-roles";

/**
 * The store an account works at and its role there: its owner link, else its membership. An
 * account is in at most one of the two (docs/decisions/033).
 */
export async function findStoreRole(
  db: Executor,
  userId: string,
): Promise<{ storeId: string; role: StoreRole } | null> {
  const [row] = await db
    .select({ storeId: storeOwners.storeId, role: sql<StoreRole>`'owner'` })
    .from(storeOwners)
    .where(eq(storeOwners.userId, userId))
    .unionAll(
      db
        .select({ storeId: storeMembers.storeId, role: sql<StoreRole>`${storeMembers.role}` })
        .from(storeMembers)
        .where(eq(storeMembers.userId, userId)),
    )
    .limit(1);
  return row ?? null;
}
