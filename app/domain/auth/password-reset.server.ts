/**
 * "¿Olvidaste tu contraseña?" (issue 15, docs/decisions/017). The request only queues a job, the
 * same work whether or not the account exists, so neither the answer nor its time tells; the job
 * looks the account up and, in one transaction, stores a single-use token valid one hour and
 * queues the e-mail that carries it. The new password goes through better-auth's reset, which
 * uses the token up, ends every session of the account and stores the bounded scrypt hash.
 */
import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { authUser } from "~/db/schema";
import { enqueue, type Job } from "~/domain/jobs/jobs.server";
import { passwordResetMail, RESET_LINK_HOURS } from "~/domain/mail/mail-text";
import { queueMail } from "~/domain/mail/mail.server";
import { consume, enforce } from "~/domain/rate-limit/rate-limit.server";
import { AppError } from "~/lib/errors";
import type { Logger } from "~/lib/logger.server";
import { RESET_MESSAGES } from "./account-forms";
import type { Auth } from "./auth.server";
import { assertNewPasswordAllowed } from "./common-passwords.server";
import { createVerification, newToken, peekVerification } from "./verification-tokens.server";

export const PASSWORD_RESET_JOB = "auth.password-reset";
/** better-auth's identifier for a reset token: its resetPassword looks the row up by it. */
const resetIdentifier = (token: string) => `reset-password:${token}`;

export function resetLink(origin: string, token: string) {
  return `${origin}/i/restablecer/${token}`;
}

/**
 * Takes a request for a reset link. Refused (429) past the address's limit; past the e-mail's
 * limit it is answered the same and nothing more is sent. Otherwise a job is queued, and the same
 * answer given, whether or not the account exists.
 */
export async function requestPasswordReset(db: Database, { email, ip }: { email: string; ip: string }) {
  await enforce(db, [{ name: "passwordResetPerAddress", subject: ip }], RESET_MESSAGES.tooMany);
  const perEmail = await consume(db, [{ name: "passwordResetPerEmail", subject: email }]);
  if (perEmail.exceeded) return { queued: false };
  await db.transaction((tx) => enqueue(tx, PASSWORD_RESET_JOB, { email }));
  return { queued: true };
}

/** The job: the token and its e-mail in one transaction, or nothing for an unknown address. */
export function passwordResetJob({ db, origin, logger }: { db: Database; origin: string; logger: Logger }) {
  return async (job: Job) => {
    const { email } = job.payload as { email: string };
    await db.transaction(async (tx) => {
      const [user] = await tx.select({ id: authUser.id }).from(authUser).where(eq(authUser.email, email));
      if (!user) {
        logger.info("password reset asked for an unknown e-mail");
        return;
      }
      const token = newToken();
      const expiresAt = new Date(Date.now() + RESET_LINK_HOURS * 60 * 60 * 1000);
      await createVerification(tx, resetIdentifier(token), user.id, expiresAt);
      await queueMail(tx, passwordResetMail(email, resetLink(origin, token)));
    });
  };
}

/** Whether a reset link can still be used (the page shows its form, or says it cannot). */
export async function isResetTokenValid(db: Database, token: string) {
  return (await peekVerification(db, resetIdentifier(token))) !== null;
}

/**
 * Sets the new password through better-auth's reset: the token is used up in the same
 * transaction as the new hash and the end of every session of the account.
 */
export async function resetPassword(auth: Auth, { token, password }: { token: string; password: string }) {
  assertNewPasswordAllowed(password);
  try {
    await auth.api.resetPassword({ body: { token, newPassword: password } });
  } catch (error) {
    if (error instanceof APIError) throw new AppError("VALIDATION", RESET_MESSAGES.invalidLink);
    throw error;
  }
}
