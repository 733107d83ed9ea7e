/**
 * "¿Olvidaste tu contraseña?" (docs/decisions/017). The request only queues a job, the same work
 * whether or not the account exists, so neither the answer nor its time tells; the job looks the
 * account up and, in one transaction, ends the account's older reset links, stores a single-use
 * token valid one hour and queues the e-mail that carries it. The new password is set in one
 * transaction under the account's lock: the token is used up, every session and every other
 * e-mailed link of the account ends (app/domain/auth/account-links.server.ts).
 */
import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { authAccount, authSession, authUser } from "~/db/schema";
import { enqueue } from "~/domain/jobs/jobs.server";
import { z } from "~/lib/zod";
import { passwordResetMail, RESET_LINK_HOURS } from "~/domain/mail/mail-text";
import { queueMail } from "~/domain/mail/mail.server";
import { consume, enforce } from "~/domain/rate-limit/rate-limit.server";
import { AppError } from "~/lib/errors";
import type { Logger } from "~/lib/logger.server";
import { endAccountLinks, lockAccount, resetLinkValue } from "./account-links.server";
import { RESET_MESSAGES } from "./account-forms";
import { assertNewPasswordAllowed } from "./common-passwords.server";
import { hashPassword } from "./password-hash.server";
import {
  consumeVerification,
  createVerification,
  newToken,
  peekVerification,
} from "./verification-tokens.server";
import { inTransaction } from "~/db/after-commit.server";
import { defineJob } from "~/domain/jobs/define-job.server";

export const PASSWORD_RESET_JOB = "auth.password-reset";
export const PasswordResetPayloadSchema = z.object({ email: z.string() });
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
  await inTransaction(db, (tx) => enqueue(tx, PASSWORD_RESET_JOB, { email }));
  return { queued: true };
}

/** Sending a reset link to an account that asked for one. */
export function passwordResetJob(deps: { db: Database; origin: string; logger: Logger }) {
  return defineJob({
    kind: PASSWORD_RESET_JOB,
    payload: PasswordResetPayloadSchema,
    run: sendResetLink(deps),
  });
}

/**
 * The job: the token and its e-mail in one transaction, or nothing for an unknown address. The
 * new link ends the account's older ones: only the latest e-mail works.
 */
function sendResetLink({ db, origin, logger }: { db: Database; origin: string; logger: Logger }) {
  return async ({ email }: z.infer<typeof PasswordResetPayloadSchema>) => {
    await inTransaction(db, async (tx) => {
      const [user] = await tx.select({ id: authUser.id }).from(authUser).where(eq(authUser.email, email));
      if (!user) {
        logger.info("password reset asked for an unknown e-mail");
        return;
      }
      await lockAccount(tx, user.id);
      await endAccountLinks(tx, user.id, ["reset"]);
      const token = newToken();
      const expiresAt = new Date(Date.now() + RESET_LINK_HOURS * 60 * 60 * 1000);
      await createVerification(tx, resetIdentifier(token), resetLinkValue(user.id), expiresAt);
      await queueMail(tx, passwordResetMail(email, resetLink(origin, token)));
    });
  };
}

/** Whether a reset link can still be used (the page shows its form, or says it cannot). */
export async function isResetTokenValid(db: Database, token: string) {
  return (await peekVerification(db, resetIdentifier(token))) !== null;
}

/**
 * Sets the new password. Under the account's lock, in one transaction: the token is used up (of
 * any number of simultaneous requests with it, one gets it), the password's hash is stored, and
 * every session and every other e-mailed link of the account ends. A link ended meanwhile (a newer
 * link, a change of password or e-mail that finished first) is refused.
 */
export async function resetPassword(db: Database, { token, password }: { token: string; password: string }) {
  assertNewPasswordAllowed(password);
  const identifier = resetIdentifier(token);
  const userId = await peekVerification(db, identifier);
  if (userId === null) throw new AppError("VALIDATION", RESET_MESSAGES.invalidLink);
  await inTransaction(db, async (tx) => {
    await lockAccount(tx, userId);
    if ((await consumeVerification(tx, identifier)) !== resetLinkValue(userId)) {
      throw new AppError("VALIDATION", RESET_MESSAGES.invalidLink);
    }
    // Hashed while holding the lock: the requests that wait for it find the link used up.
    const hash = await hashPassword(password);
    const updated = await tx
      .update(authAccount)
      .set({ password: hash })
      .where(and(eq(authAccount.userId, userId), eq(authAccount.providerId, "credential")))
      .returning({ id: authAccount.id });
    if (updated.length === 0) throw new AppError("VALIDATION", RESET_MESSAGES.invalidLink);
    await tx.delete(authSession).where(eq(authSession.userId, userId));
    await endAccountLinks(tx, userId);
  });
}
