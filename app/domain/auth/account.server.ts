/**
 * The Cuenta area (issue 15, item 3): change the password (the current one required, every other
 * session ended), change the e-mail (a confirmation link to the new address, a notice to the old
 * one), and the list of open sessions. A wrong current password counts against the login's limits
 * (docs/decisions/011), so the form cannot be used to guess it.
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
import { ACCOUNT_MESSAGES } from "./account-forms";
import type { Auth } from "./auth.server";
import { withClientIp } from "./client-headers.server";
import { assertNewPasswordAllowed } from "./common-passwords.server";
import { consumeVerification, createVerification, newToken } from "./verification-tokens.server";

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

/**
 * better-auth's change-password: the current password checked, the new hash stored, every
 * session of the account deleted and a new one opened for this browser (its cookie is in the
 * returned headers).
 */
export async function changePassword(
  { db, auth }: Services,
  caller: Caller,
  form: { currentPassword: string; newPassword: string },
): Promise<Headers> {
  try {
    assertNewPasswordAllowed(form.newPassword);
  } catch (error) {
    throw new AppError("VALIDATION", (error as Error).message, { field: "newPassword" });
  }
  const result = await checkingPassword(db, caller, () =>
    auth.api.changePassword({
      body: {
        currentPassword: form.currentPassword,
        newPassword: form.newPassword,
        revokeOtherSessions: true,
      },
      headers: withClientIp(caller.headers, caller.ip),
      returnHeaders: true,
    }),
  );
  return result.headers;
}

const changeEmailIdentifier = (token: string) => `change-email:${token}`;

/**
 * Asks to move the account to another e-mail: with the current password, a single-use link to
 * the new address (valid 24 hours) and a notice to the old one, both queued with the token.
 */
export async function requestEmailChange(
  { db, auth }: Services,
  caller: Caller & { userId: string; origin: string },
  form: { newEmail: string; currentPassword: string },
) {
  if (form.newEmail === caller.email) {
    throw new AppError("VALIDATION", ACCOUNT_MESSAGES.emailSame, { field: "newEmail" });
  }
  await checkingPassword(db, caller, () =>
    auth.api.verifyPassword({ body: { password: form.currentPassword }, headers: caller.headers }),
  );
  await db.transaction(async (tx) => {
    if (await tx.$count(authUser, eq(authUser.email, form.newEmail))) {
      throw new AppError("ALREADY_EXISTS", ACCOUNT_MESSAGES.emailTaken, { field: "newEmail" });
    }
    const token = newToken();
    const expiresAt = new Date(Date.now() + EMAIL_CHANGE_LINK_HOURS * 60 * 60 * 1000);
    const value = JSON.stringify({ userId: caller.userId, email: form.newEmail });
    await createVerification(tx, changeEmailIdentifier(token), value, expiresAt);
    await queueMail(tx, emailChangeConfirmMail(form.newEmail, `${caller.origin}/i/cuenta/correo/${token}`));
    await queueMail(tx, emailChangeNoticeMail(caller.email, form.newEmail, `${caller.origin}/i/cuenta`));
  });
}

/** Opens the link: the e-mail changes once, if nobody took the address meanwhile. */
export async function confirmEmailChange(db: Database, token: string) {
  try {
    return await db.transaction(async (tx) => {
      const value = await consumeVerification(tx, changeEmailIdentifier(token));
      if (!value) throw new AppError("VALIDATION", ACCOUNT_MESSAGES.emailLinkInvalid);
      const { userId, email } = JSON.parse(value) as { userId: string; email: string };
      const updated = await tx
        .update(authUser)
        .set({ email, emailVerified: true })
        .where(eq(authUser.id, userId))
        .returning({ id: authUser.id });
      if (updated.length === 0) throw new AppError("VALIDATION", ACCOUNT_MESSAGES.emailLinkInvalid);
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
