/**
 * Claiming a store the super-admin created without a user (createUserlessStore;
 * docs/decisions/017). A link holds a random token, of which only a hash is
 * kept; it is used up by one conditional UPDATE, so of any number of simultaneous claims exactly
 * one wins, and the owner link's keys keep the rule: one store per owner, one owner per store.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Database, Executor } from "~/db/client.server";
import { storeClaims, storeOwners, stores, storeSettings } from "~/db/schema";
import { CLAIM_LINK_DAYS, claimLinkMail } from "~/domain/mail/mail-text";
import { queueMail } from "~/domain/mail/mail.server";
import { AppError, uniqueViolation } from "~/lib/errors";
import { CLAIM_MESSAGES, claimStatusMessage, type ClaimStatus } from "./claim";
import { inTransaction } from "~/db/after-commit.server";
import { findStoreRole } from "~/domain/team/members.server";
import { withNewAccount } from "~/domain/auth/new-account.server";

const hashOf = (token: string) => createHash("sha256").update(token).digest("base64url");

export function claimLink(origin: string, token: string) {
  return `${origin}/i/reclamar/${token}`;
}

/**
 * A new link for a store without an owner; an older unused one stops working, so the operator
 * can always send a fresh one. With an e-mail, the link is queued to it in the same transaction.
 */
export async function createClaimLink(
  db: Database,
  {
    storeId,
    createdBy,
    email,
    origin,
  }: { storeId: string; createdBy: string; email?: string; origin: string },
  now = new Date(),
) {
  return inTransaction(db, async (tx) => {
    const [store] = await tx
      .select({ id: stores.id, displayName: storeSettings.displayName, ownerId: storeOwners.userId })
      .from(stores)
      .innerJoin(storeSettings, eq(storeSettings.storeId, stores.id))
      .leftJoin(storeOwners, eq(storeOwners.storeId, stores.id))
      .where(and(eq(stores.id, storeId), isNull(stores.closedAt)))
      .for("update", { of: stores });
    if (!store) throw new AppError("NOT_FOUND", CLAIM_MESSAGES.storeNotFound);
    if (store.ownerId) throw new AppError("ALREADY_EXISTS", CLAIM_MESSAGES.storeTaken);
    await tx.delete(storeClaims).where(and(eq(storeClaims.storeId, storeId), isNull(storeClaims.usedAt)));
    const token = randomBytes(24).toString("base64url");
    const expiresAt = new Date(now.getTime() + CLAIM_LINK_DAYS * 24 * 60 * 60 * 1000);
    await tx
      .insert(storeClaims)
      .values({ tokenHash: hashOf(token), storeId, createdBy, createdAt: now, expiresAt });
    const url = claimLink(origin, token);
    if (email)
      await queueMail(tx, claimLinkMail(email, { name: store.displayName || storeId, id: storeId }, url));
    return { url, expiresAt };
  });
}

/** What a claim link leads to, without using it. */
export async function findClaim(db: Executor, token: string, now = new Date()) {
  const [claim] = await db
    .select({
      storeId: storeClaims.storeId,
      displayName: storeSettings.displayName,
      expiresAt: storeClaims.expiresAt,
      usedAt: storeClaims.usedAt,
      closedAt: stores.closedAt,
      ownerId: storeOwners.userId,
    })
    .from(storeClaims)
    .innerJoin(stores, eq(stores.id, storeClaims.storeId))
    .innerJoin(storeSettings, eq(storeSettings.storeId, stores.id))
    .leftJoin(storeOwners, eq(storeOwners.storeId, stores.id))
    .where(eq(storeClaims.tokenHash, hashOf(token)));
  const status: ClaimStatus = !claim
    ? "unknown"
    : claim.usedAt || claim.ownerId || claim.closedAt
      ? "used"
      : claim.expiresAt <= now
        ? "expired"
        : "valid";
  return {
    status,
    store: claim ? { id: claim.storeId, displayName: claim.displayName || claim.storeId } : null,
  };
}

/**
 * Uses the link for this user, in the caller's transaction: the conditional UPDATE lets one
 * caller through; the owner link then refuses a user who already has a store (its primary key)
 * and a store that already has an owner (its unique store id). The caller's transaction rolls
 * the whole claim back on any refusal.
 */
export async function claimStore(
  tx: Executor,
  { token, userId }: { token: string; userId: string },
  now = new Date(),
) {
  const [won] = await tx
    .update(storeClaims)
    .set({ usedAt: now, usedBy: userId })
    .where(
      and(
        eq(storeClaims.tokenHash, hashOf(token)),
        isNull(storeClaims.usedAt),
        gt(storeClaims.expiresAt, now),
      ),
    )
    .returning({ storeId: storeClaims.storeId });
  if (!won) {
    const { status } = await findClaim(tx, token, now);
    throw new AppError("UNAVAILABLE", claimStatusMessage(status === "valid" ? "used" : status));
  }
  const [open] = await tx
    .select({ id: stores.id })
    .from(stores)
    .where(and(eq(stores.id, won.storeId), isNull(stores.closedAt)));
  if (!open) throw new AppError("UNAVAILABLE", CLAIM_MESSAGES.used);
  // One account works at one store at most: an owner's or a member's account claims nothing.
  const owned = await findStoreRole(tx, userId);
  if (owned) throw new AppError("ALREADY_EXISTS", CLAIM_MESSAGES.alreadyOwner(owned.storeId));
  try {
    await tx.insert(storeOwners).values({ userId, storeId: won.storeId });
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === "store_owners_pkey")
      throw new AppError("ALREADY_EXISTS", CLAIM_MESSAGES.alreadyOwner(won.storeId));
    if (constraint !== undefined) throw new AppError("UNAVAILABLE", CLAIM_MESSAGES.storeTaken);
    throw error;
  }
  return { storeId: won.storeId };
}

/** A signed-in user without a store claims it. */
export function claimForUser(db: Database, input: { token: string; userId: string }) {
  return inTransaction(db, (tx) => claimStore(tx, input));
}

/**
 * A new account and the claim in one transaction: if the link was used meanwhile, no account is
 * left behind. The sign-up's rules apply to the e-mail and the password.
 */
export function claimWithSignup(db: Database, input: { token: string; email: string; password: string }) {
  return withNewAccount(db, input, (tx, userId) => claimStore(tx, { token: input.token, userId }));
}
