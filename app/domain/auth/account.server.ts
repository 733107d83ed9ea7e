/**
 * The Cuenta area: change the password (the current one required, every other session and every
 * e-mailed link ended), change the e-mail (a confirmation link to the new address, a notice to the
 * old one), and the list of open sessions. What cannot be undone asks who is there first
 * (`confirmIdentity`). A wrong current password counts against the login's limits
 * (docs/decisions/011), so no form can be used to guess it.
 */
import { APIError } from "better-auth/api";
import { and, desc, eq, gt, ne } from "drizzle-orm";
import type { Database, Executor } from "~/db/client.server";
import { authSession, authUser } from "~/db/schema";
import {
  emailChangeConfirmMail,
  emailChangeNoticeMail,
  EMAIL_CHANGE_LINK_HOURS,
} from "~/domain/mail/mail-text";
import { queueMail } from "~/domain/mail/mail.server";
import { describeDevice } from "~/domain/push/notification-status";
import { clear, enforce, release } from "~/domain/rate-limit/rate-limit.server";
import { AppError, uniqueViolation } from "~/lib/errors";
import { emailChangeLinkValue, endAccountLinks, lockAccount } from "./account-links.server";
import { ACCOUNT_MESSAGES } from "./account-forms";
import type { Auth } from "./auth.server";
import { withClientIp } from "./client-headers.server";
import { assertNewPasswordAllowed } from "./common-passwords.server";
import {
  consumeVerification,
  createVerification,
  newToken,
  peekVerification,
} from "./verification-tokens.server";
import { inTransaction } from "~/db/after-commit.server";

type Services = { db: Database; auth: Auth };
type Caller = { email: string; ip: string; headers: Headers };

/**
 * Runs a check of the current password under the login's limits: refused (429) once the address
 * or the account has failed too often; a right password gives its slots back.
 */
async function checkingPassword<T>(db: Database, caller: Caller, check: () => Promise<T>): Promise<T> {
  const account = { name: "loginPerAccount", subject: caller.email } as const;
  const hitIds = await enforce(
    db,
    [{ name: "loginPerAddress", subject: caller.ip }, account],
    ACCOUNT_MESSAGES.tooManyAttempts,
  );
  try {
    const result = await check();
    await release(db, hitIds);
    await clear(db, account);
    return result;
  } catch (error) {
    if (error instanceof APIError && (error.body as { code?: string })?.code === "INVALID_PASSWORD") {
      throw new AppError("VALIDATION", ACCOUNT_MESSAGES.wrongPassword, { field: "currentPassword" });
    }
    await release(db, hitIds);
    throw error;
  }
}

/** A sign-in younger than this counts as proof enough of who is there (`confirmIdentity`). */
export const RECENT_SIGN_IN_MINUTES = 10;

/**
 * What cannot be undone — closing the store, exporting its data, changing the e-mail — asks who is
 * there: the current password, or a sign-in younger than ten minutes (someone who just typed it).
 * A password given is always checked, under the login's limits; an empty one on an older session
 * is refused next to the password field.
 */
export async function confirmIdentity(
  { db, auth }: Services,
  caller: Caller & { signedInAt: Date },
  currentPassword: string,
  now = new Date(),
): Promise<void> {
  if (currentPassword === "") {
    if (now.getTime() - caller.signedInAt.getTime() < RECENT_SIGN_IN_MINUTES * 60_000) return;
    throw new AppError("FORBIDDEN", ACCOUNT_MESSAGES.confirmIdentity, { field: "currentPassword" });
  }
  await checkingPassword(db, caller, () =>
    auth.api.verifyPassword({ body: { password: currentPassword }, headers: caller.headers }),
  );
}

/**
 * better-auth's change-password: the current password checked, the new hash stored, every
 * session of the account deleted and a new one opened for this browser (its cookie is in the
 * returned headers). Under the account's lock, and every e-mailed link of the account ends with it.
 */
export async function changePassword(
  { db, auth }: Services,
  caller: Caller & { userId: string },
  form: { currentPassword: string; newPassword: string },
): Promise<Headers> {
  try {
    assertNewPasswordAllowed(form.newPassword);
  } catch (error) {
    throw new AppError("VALIDATION", (error as Error).message, { field: "newPassword", cause: error });
  }
  const result = await checkingPassword(db, caller, () =>
    inTransaction(db, async (tx) => {
      await lockAccount(tx, caller.userId);
      // better-auth writes on connections of its own; this one only holds the lock meanwhile.
      const changed = await auth.api.changePassword({
        body: {
          currentPassword: form.currentPassword,
          newPassword: form.newPassword,
          revokeOtherSessions: true,
        },
        headers: withClientIp(caller.headers, caller.ip),
        returnHeaders: true,
      });
      await endAccountLinks(tx, caller.userId);
      return changed;
    }),
  );
  return result.headers;
}

const changeEmailIdentifier = (token: string) => `change-email:${token}`;

/**
 * Asks to move the account to another e-mail: once `confirmIdentity` is satisfied, a single-use
 * link to the new address (valid 24 hours) and a notice to the old one, both queued with the token.
 */
export async function requestEmailChange(
  services: Services,
  caller: Caller & { userId: string; origin: string; signedInAt: Date },
  form: { newEmail: string; currentPassword: string },
) {
  const { db } = services;
  if (form.newEmail === caller.email) {
    throw new AppError("VALIDATION", ACCOUNT_MESSAGES.emailSame, { field: "newEmail" });
  }
  await confirmIdentity(services, caller, form.currentPassword);
  await inTransaction(db, async (tx) => {
    await lockAccount(tx, caller.userId);
    if (await tx.$count(authUser, eq(authUser.email, form.newEmail))) {
      throw new AppError("ALREADY_EXISTS", ACCOUNT_MESSAGES.emailTaken, { field: "newEmail" });
    }
    const token = newToken();
    const expiresAt = new Date(Date.now() + EMAIL_CHANGE_LINK_HOURS * 60 * 60 * 1000);
    const value = emailChangeLinkValue(caller.userId, form.newEmail);
    await createVerification(tx, changeEmailIdentifier(token), value, expiresAt);
    await queueMail(tx, emailChangeConfirmMail(form.newEmail, `${caller.origin}/i/cuenta/correo/${token}`));
    await queueMail(tx, emailChangeNoticeMail(caller.email, form.newEmail, `${caller.origin}/i/cuenta`));
  });
}

/**
 * Opens the link: the e-mail changes once, if nobody took the address meanwhile, under the
 * account's lock; every other e-mailed link of the account ends (the pending changes, and the
 * reset links sent to the address it no longer has).
 */
export async function confirmEmailChange(db: Database, token: string) {
  const identifier = changeEmailIdentifier(token);
  const pending = await peekVerification(db, identifier);
  if (!pending) throw new AppError("VALIDATION", ACCOUNT_MESSAGES.emailLinkInvalid);
  const { userId } = JSON.parse(pending) as { userId: string };
  try {
    return await inTransaction(db, async (tx) => {
      await lockAccount(tx, userId);
      const value = await consumeVerification(tx, identifier);
      if (!value) throw new AppError("VALIDATION", ACCOUNT_MESSAGES.emailLinkInvalid);
      const { email } = JSON.parse(value) as { userId: string; email: string };
      const updated = await tx
        .update(authUser)
        .set({ email, emailVerified: true })
        .where(eq(authUser.id, userId))
        .returning({ id: authUser.id });
      if (updated.length === 0) throw new AppError("VALIDATION", ACCOUNT_MESSAGES.emailLinkInvalid);
      await endAccountLinks(tx, userId);
      return { email };
    });
  } catch (error) {
    if (uniqueViolation(error) !== undefined)
      throw new AppError("ALREADY_EXISTS", ACCOUNT_MESSAGES.emailTaken);
    throw error;
  }
}

/** The account's open sessions, this one first, then by last use. */
export async function listSessions(db: Executor, userId: string, currentSessionId: string, now = new Date()) {
  const rows = await db
    .select({
      id: authSession.id,
      userAgent: authSession.userAgent,
      ipAddress: authSession.ipAddress,
      createdAt: authSession.createdAt,
      lastSeenAt: authSession.updatedAt,
    })
    .from(authSession)
    .where(and(eq(authSession.userId, userId), gt(authSession.expiresAt, now)))
    .orderBy(desc(authSession.updatedAt));
  return rows
    .map((row) => ({
      id: row.id,
      device: describeDevice(row.userAgent ?? ""),
      place: row.ipAddress || null,
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      current: row.id === currentSessionId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/** "Cerrar esta sesión" on another device: only the account's own sessions. */
export async function endSession(db: Executor, userId: string, sessionId: string) {
  const ended = await db
    .delete(authSession)
    .where(and(eq(authSession.userId, userId), eq(authSession.id, sessionId)))
    .returning({ id: authSession.id });
  if (ended.length === 0) throw new AppError("NOT_FOUND", ACCOUNT_MESSAGES.sessionNotFound);
}

/** "Cerrar todas las demás": every session of the account but the one asking. */
export async function endOtherSessions(db: Executor, userId: string, currentSessionId: string) {
  const ended = await db
    .delete(authSession)
    .where(and(eq(authSession.userId, userId), ne(authSession.id, currentSessionId)))
    .returning({ id: authSession.id });
  return ended.length;
}
