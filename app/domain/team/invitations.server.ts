import { createHash, randomBytes } from "node:crypto";
import { maskEmail } from "~/domain/mail/mail-text";
import { and, count, eq, gt, isNull, sql } from "drizzle-orm";
import { inTransaction } from "~/db/after-commit.server";
import type { Database, Executor } from "~/db/client.server";
import { authUser, storeInvitations, storeMembers, stores, storeSettings } from "~/db/schema";
import { withNewAccount } from "~/domain/auth/new-account.server";
import { teamInvitationMail } from "~/domain/mail/mail-text";
import { queueMail } from "~/domain/mail/mail.server";
import { hasRoomForOneMore, resolveLicence } from "~/domain/stores/licence";
import { AppError } from "~/lib/errors";
import {
  actorDisplayName,
  INVITATION_DAYS,
  invitationExpiresAt,
  invitationPath,
  invitationStatus,
  invitationStatusMessage,
  isInvitedEmail,
  roleLabel,
  TEAM_MESSAGES,
} from "./invitations";
import type { Actor } from "~/domain/orders/owner-orders.server";
import { recordActivity } from "./activity.server";
import { findStoreRole } from "./members.server";
import type { MemberRole } from "./team-roles";

export const invitationTokenHash = (token: string) => createHash("sha256").update(token).digest("base64url");

/**
 * Store `storeId`'s row, locked until the transaction ends, with its plan's tier and name: every
 * change to the team's size holds this lock, so simultaneous invitations and acceptances are
 * counted one after another and the plan's limit holds.
 */
async function lockStore(tx: Executor, storeId: string, now: Date) {
  const [store] = await tx
    .select({
      id: stores.id,
      licenceType: stores.licenceType,
      licenceExpires: stores.licenceExpires,
      trialExpiration: stores.trialExpiration,
      closedAt: stores.closedAt,
      name: storeSettings.displayName,
    })
    .from(stores)
    .innerJoin(storeSettings, eq(storeSettings.storeId, stores.id))
    .where(eq(stores.id, storeId))
    .for("update", { of: stores });
  if (!store || store.closedAt) throw new AppError("NOT_FOUND", TEAM_MESSAGES.unknown);
  return { ...store, name: store.name || store.id, tier: resolveLicence(store, now).tier };
}

/** The owner and the members of a store (the owner always counts one). */
async function peopleIn(tx: Executor, storeId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(storeMembers).where(eq(storeMembers.storeId, storeId));
  return 1 + row!.n;
}

/** An invitation neither used nor revoked (it may have expired). */
const notUsedNorRevoked = () => and(isNull(storeInvitations.acceptedAt), isNull(storeInvitations.revokedAt));

/**
 * Refuses a new place when the team is at the plan's size: the owner, the members and the
 * invitations still waiting, each holding one (the store row is locked by the caller).
 */
async function assertRoomForOneMore(
  tx: Executor,
  store: { id: string; tier: Parameters<typeof hasRoomForOneMore>[0] },
  now: Date,
  { countInvitations = true } = {},
) {
  const people =
    (await peopleIn(tx, store.id)) + (countInvitations ? await pendingInvitations(tx, store.id, now) : 0);
  if (!hasRoomForOneMore(store.tier, people)) {
    throw new AppError("PLAN_LIMIT_REACHED", TEAM_MESSAGES.teamFull(store.tier));
  }
}

async function pendingInvitations(tx: Executor, storeId: string, now: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(storeInvitations)
    .where(
      and(eq(storeInvitations.storeId, storeId), notUsedNorRevoked(), gt(storeInvitations.expiresAt, now)),
    );
  return row!.n;
}

/** Writes a fresh token on the invitation and queues its e-mail, in the caller's transaction. */
async function sendInvitation(
  tx: Executor,
  invitation: { email: string; role: MemberRole; storeName: string },
  origin: string,
  write: (tokenHash: string) => Promise<unknown>,
) {
  const token = randomBytes(24).toString("base64url");
  await write(invitationTokenHash(token));
  const url = `${origin}${invitationPath(token)}`;
  await queueMail(
    tx,
    teamInvitationMail(
      invitation.email,
      { storeName: invitation.storeName, roleLabel: roleLabel(invitation.role), days: INVITATION_DAYS },
      url,
    ),
  );
  return url;
}

/**
 * The owner invites `email` with a role. The plan's team size counts the owner, the members and
 * the invitations still pending, under the store's lock.
 */
export async function inviteMember(
  db: Database,
  input: { storeId: string; email: string; role: MemberRole; actor: Actor; origin: string },
  now = new Date(),
) {
  return inTransaction(db, async (tx) => {
    const store = await lockStore(tx, input.storeId, now);
    const [member] = await tx
      .select({ id: authUser.id })
      .from(storeMembers)
      .innerJoin(authUser, eq(authUser.id, storeMembers.userId))
      .where(and(eq(storeMembers.storeId, store.id), eq(authUser.email, input.email)));
    if (member) throw new AppError("ALREADY_EXISTS", TEAM_MESSAGES.alreadyMember, { field: "email" });
    const [pending] = await tx
      .select({ id: storeInvitations.id })
      .from(storeInvitations)
      .where(
        and(
          eq(storeInvitations.storeId, store.id),
          eq(storeInvitations.email, input.email),
          notUsedNorRevoked(),
          gt(storeInvitations.expiresAt, now),
        ),
      );
    if (pending) throw new AppError("ALREADY_EXISTS", TEAM_MESSAGES.alreadyInvited, { field: "email" });
    await assertRoomForOneMore(tx, store, now);
    const url = await sendInvitation(tx, { ...input, storeName: store.name }, input.origin, (tokenHash) =>
      tx.insert(storeInvitations).values({
        tokenHash,
        storeId: store.id,
        email: input.email,
        role: input.role,
        createdBy: input.actor.userId,
        createdAt: now,
        expiresAt: invitationExpiresAt(now),
      }),
    );
    await recordActivity(tx, input.actor, store.id, {
      kind: "member_invited",
      subject: input.email,
      details: { role: input.role },
    });
    return { url };
  });
}

/** "Reenviar": a new link, valid 7 days from now, to a pending or expired invitation; the old link stops. */
export async function resendInvitation(
  db: Database,
  input: { storeId: string; id: number; origin: string; actor: Actor },
  now = new Date(),
) {
  return inTransaction(db, async (tx) => {
    const store = await lockStore(tx, input.storeId, now);
    const [invitation] = await tx
      .select()
      .from(storeInvitations)
      .where(
        and(eq(storeInvitations.id, input.id), eq(storeInvitations.storeId, store.id), notUsedNorRevoked()),
      );
    if (!invitation) throw new AppError("NOT_FOUND", TEAM_MESSAGES.notFound);
    // An expired one holds no place any more: sending it again takes one, if there is room.
    if (invitation.expiresAt <= now) {
      await assertRoomForOneMore(tx, store, now);
    }
    await sendInvitation(tx, { ...invitation, storeName: store.name }, input.origin, (tokenHash) =>
      tx
        .update(storeInvitations)
        .set({ tokenHash, expiresAt: invitationExpiresAt(now) })
        .where(eq(storeInvitations.id, invitation.id)),
    );
    await recordActivity(tx, input.actor, store.id, { kind: "invitation_resent", subject: invitation.email });
    return { email: invitation.email };
  });
}

export async function revokeInvitation(
  db: Executor,
  input: { storeId: string; id: number; actor: Actor },
  now = new Date(),
) {
  await inTransaction(db, async (tx) => {
    const [revoked] = await tx
      .update(storeInvitations)
      .set({ revokedAt: now })
      .where(
        and(
          eq(storeInvitations.id, input.id),
          eq(storeInvitations.storeId, input.storeId),
          notUsedNorRevoked(),
        ),
      )
      .returning({ email: storeInvitations.email });
    if (!revoked) throw new AppError("NOT_FOUND", TEAM_MESSAGES.notFound);
    await recordActivity(tx, input.actor, input.storeId, {
      kind: "invitation_revoked",
      subject: revoked.email,
    });
  });
}

/**
 * What an invitation's link leads to, without using it: the store, the role and the address it was
 * sent to (only that address's account can accept it).
 */
export async function findInvitation(db: Executor, token: string, now = new Date()) {
  const [row] = await db
    .select({
      storeId: storeInvitations.storeId,
      role: storeInvitations.role,
      email: storeInvitations.email,
      acceptedAt: storeInvitations.acceptedAt,
      revokedAt: storeInvitations.revokedAt,
      expiresAt: storeInvitations.expiresAt,
      storeName: storeSettings.displayName,
      closedAt: stores.closedAt,
    })
    .from(storeInvitations)
    .innerJoin(stores, eq(stores.id, storeInvitations.storeId))
    .innerJoin(storeSettings, eq(storeSettings.storeId, stores.id))
    .where(eq(storeInvitations.tokenHash, invitationTokenHash(token)));
  const status = row?.closedAt ? "unknown" : invitationStatus(row, now);
  return {
    status,
    invitation:
      row && status === "valid"
        ? { storeName: row.storeName || row.storeId, role: row.role, email: row.email }
        : null,
  };
}

/**
 * Accepts an invitation for the account it was sent to (its e-mail, trimmed and in any case), when
 * that account works at no store, in the caller's transaction: the store's row is locked first, so
 * simultaneous acceptances of one link make one member and those of several links never pass the
 * plan's team size. Any other account is refused and nothing changes: whoever holds the link is
 * not necessarily the person it was sent to.
 */
export async function acceptInvitationIn(
  tx: Executor,
  { token, userId }: { token: string; userId: string },
  now = new Date(),
) {
  const [target] = await tx
    .select({ storeId: storeInvitations.storeId })
    .from(storeInvitations)
    .where(eq(storeInvitations.tokenHash, invitationTokenHash(token)));
  if (!target) throw new AppError("NOT_FOUND", TEAM_MESSAGES.unknown);
  const store = await lockStore(tx, target.storeId, now);
  // Read again under the store's lock: whoever held it before may have used or revoked it.
  const [invitation] = await tx
    .select()
    .from(storeInvitations)
    .where(eq(storeInvitations.tokenHash, invitationTokenHash(token)));
  const status = invitationStatus(invitation, now);
  if (status !== "valid") throw new AppError("UNAVAILABLE", invitationStatusMessage(status));
  const [account] = await tx
    .select({ name: authUser.name, email: authUser.email })
    .from(authUser)
    .where(eq(authUser.id, userId));
  if (!account || !isInvitedEmail(invitation!.email, account.email)) {
    throw new AppError("FORBIDDEN", TEAM_MESSAGES.wrongAccount(maskEmail(invitation!.email)), {
      internal: "invitation accepted by another account",
    });
  }
  const already = await findStoreRole(tx, userId);
  if (already) throw new AppError("ALREADY_EXISTS", TEAM_MESSAGES.alreadyInStore(already.storeId));
  // Counted as before invitations held places: the one accepted now is becoming a member.
  await assertRoomForOneMore(tx, store, now, { countInvitations: false });
  await tx.insert(storeMembers).values({ userId, storeId: store.id, role: invitation!.role, createdAt: now });
  await tx
    .update(storeInvitations)
    .set({ acceptedAt: now, acceptedBy: userId })
    .where(eq(storeInvitations.id, invitation!.id));
  // The newcomer is the actor: "Carla se unió al equipo como cajero".
  const actor = { userId, name: actorDisplayName(account.name, account.email) };
  await recordActivity(tx, actor, store.id, { kind: "member_joined", details: { role: invitation!.role } });
  return { storeId: store.id, storeName: store.name };
}

export function acceptInvitation(db: Database, input: { token: string; userId: string }, now = new Date()) {
  return inTransaction(db, (tx) => acceptInvitationIn(tx, input, now));
}

/**
 * A new account made from the invitation's page, and the invitation accepted by it, in one
 * transaction. The account must take the invited address: another one is refused beside the
 * e-mail field before anything is written (acceptance checks it again under the store's lock).
 */
export async function joinWithNewAccount(
  db: Database,
  token: string,
  fields: { email: string; password: string; name?: string },
  now = new Date(),
) {
  const [invited] = await db
    .select({ email: storeInvitations.email })
    .from(storeInvitations)
    .where(eq(storeInvitations.tokenHash, invitationTokenHash(token)));
  if (!invited) throw new AppError("NOT_FOUND", TEAM_MESSAGES.unknown);
  if (!isInvitedEmail(invited.email, fields.email)) {
    throw new AppError("VALIDATION", TEAM_MESSAGES.signupEmail(maskEmail(invited.email)), { field: "email" });
  }
  return withNewAccount(db, fields, (tx, userId) => acceptInvitationIn(tx, { token, userId }, now));
}

/** The Equipo tab's pending invitations: not used, not revoked (an expired one can be sent again). */
export function listInvitations(db: Executor, storeId: string) {
  return db
    .select({
      id: storeInvitations.id,
      email: storeInvitations.email,
      role: storeInvitations.role,
      expiresAt: storeInvitations.expiresAt,
    })
    .from(storeInvitations)
    .where(and(eq(storeInvitations.storeId, storeId), notUsedNorRevoked()))
    .orderBy(sql`${storeInvitations.createdAt} desc`);
}
