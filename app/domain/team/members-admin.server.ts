import { and, asc, eq, sql } from "drizzle-orm";
import { inTransaction } from "~/db/after-commit.server";
import type { Database, Executor } from "~/db/client.server";
import { authSession, authUser, pushSubscriptions, storeMembers, storeOwners, stores } from "~/db/schema";
import { AppError } from "~/lib/errors";
import type { Actor } from "~/domain/orders/owner-orders.server";
import { recordActivity } from "./activity.server";
import { actorDisplayName, TEAM_MESSAGES } from "./invitations";
import type { MemberRole, StoreRole } from "./team-roles";

export type TeamMember = { userId: string; name: string; email: string; role: StoreRole };

/** The Equipo tab's people: the owner first, then the members in the order they joined. */
export async function listTeam(db: Executor, storeId: string): Promise<TeamMember[]> {
  const owner = await db
    .select({ userId: authUser.id, name: authUser.name, email: authUser.email })
    .from(storeOwners)
    .innerJoin(authUser, eq(authUser.id, storeOwners.userId))
    .where(eq(storeOwners.storeId, storeId));
  const members = await db
    .select({ userId: authUser.id, name: authUser.name, email: authUser.email, role: storeMembers.role })
    .from(storeMembers)
    .innerJoin(authUser, eq(authUser.id, storeMembers.userId))
    .where(eq(storeMembers.storeId, storeId))
    .orderBy(asc(storeMembers.createdAt), asc(storeMembers.userId));
  return [...owner.map((row) => ({ ...row, role: "owner" as const })), ...members];
}

/** A member's name as Actividad shows it ("Carla"), read in the change's transaction. */
async function memberName(tx: Executor, userId: string) {
  const [row] = await tx
    .select({ name: authUser.name, email: authUser.email })
    .from(authUser)
    .where(eq(authUser.id, userId));
  return row ? actorDisplayName(row.name, row.email) : "";
}

export async function changeMemberRole(
  db: Executor,
  actor: Actor,
  input: { storeId: string; userId: string; role: MemberRole },
) {
  await inTransaction(db, async (tx) => {
    const changed = await tx
      .update(storeMembers)
      .set({ role: input.role })
      .where(and(eq(storeMembers.storeId, input.storeId), eq(storeMembers.userId, input.userId)))
      .returning({ userId: storeMembers.userId });
    if (changed.length === 0) throw new AppError("NOT_FOUND", TEAM_MESSAGES.notFound);
    const subject = await memberName(tx, input.userId);
    await recordActivity(tx, actor, input.storeId, {
      kind: "member_role",
      subject,
      details: { role: input.role },
    });
  });
}

/**
 * The owner hands the store to one of its members: under the store's lock, the member becomes its
 * owner and the owner stays in the team as an encargado. One account, one store, still.
 */
export async function transferOwnership(
  db: Database,
  actor: Actor,
  input: { storeId: string; fromUserId: string; toUserId: string },
) {
  await inTransaction(db, async (tx) => {
    await tx.execute(sql`select 1 from ${stores} where ${stores.id} = ${input.storeId} for update`);
    const moved = await tx
      .delete(storeMembers)
      .where(and(eq(storeMembers.storeId, input.storeId), eq(storeMembers.userId, input.toUserId)))
      .returning({ userId: storeMembers.userId });
    if (moved.length === 0) throw new AppError("NOT_FOUND", TEAM_MESSAGES.notFound);
    const handed = await tx
      .update(storeOwners)
      .set({ userId: input.toUserId })
      .where(and(eq(storeOwners.storeId, input.storeId), eq(storeOwners.userId, input.fromUserId)))
      .returning({ userId: storeOwners.userId });
    if (handed.length === 0) throw new AppError("NOT_FOUND", TEAM_MESSAGES.notFound);
    await tx
      .insert(storeMembers)
      .values({ userId: input.fromUserId, storeId: input.storeId, role: "encargado" });
    const subject = await memberName(tx, input.toUserId);
    await recordActivity(tx, actor, input.storeId, { kind: "ownership_transferred", subject });
  });
}

/**
 * Removes a member and ends every session of theirs in the same transaction: their next request,
 * on any instance, finds no session; their open order streams close (see orders-stream).
 */
export async function removeMember(db: Database, actor: Actor, input: { storeId: string; userId: string }) {
  await inTransaction(db, async (tx) => {
    const removed = await tx
      .delete(storeMembers)
      .where(and(eq(storeMembers.storeId, input.storeId), eq(storeMembers.userId, input.userId)))
      .returning({ userId: storeMembers.userId });
    if (removed.length === 0) throw new AppError("NOT_FOUND", TEAM_MESSAGES.notFound);
    await tx.delete(authSession).where(eq(authSession.userId, input.userId));
    // Their devices stop ringing for this store's orders.
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, input.userId), eq(pushSubscriptions.storeId, input.storeId)));
    const subject = await memberName(tx, input.userId);
    await recordActivity(tx, actor, input.storeId, { kind: "member_removed", subject });
  });
}
