import { randomUUID } from "node:crypto";
import { inTransaction } from "~/db/after-commit.server";
import type { Database, Executor } from "~/db/client.server";
import { authAccount, authUser } from "~/db/schema";
import { NEW_ACCOUNT_MESSAGES } from "./account-forms";
import { AppError, uniqueViolation } from "~/lib/errors";
import { assertNewPasswordAllowed } from "./common-passwords.server";
import { hashPassword } from "./password-hash.server";

/**
 * A new account and what a link gives it (a store to claim, a place in a team), in one
 * transaction: if the link was used meanwhile, no account is left behind. The sign-up's rules
 * apply to the e-mail and the password.
 */
export async function withNewAccount<T>(
  db: Database,
  input: { email: string; password: string; name?: string },
  grant: (tx: Executor, userId: string) => Promise<T>,
): Promise<T & { userId: string }> {
  assertNewPasswordAllowed(input.password);
  const passwordHash = await hashPassword(input.password);
  const userId = randomUUID();
  try {
    return await inTransaction(db, async (tx) => {
      await tx.insert(authUser).values({ id: userId, name: input.name || input.email, email: input.email });
      await tx.insert(authAccount).values({
        id: randomUUID(),
        accountId: userId,
        providerId: "credential",
        userId,
        password: passwordHash,
      });
      return { userId, ...(await grant(tx, userId)) };
    });
  } catch (error) {
    if (uniqueViolation(error)?.includes("email")) {
      throw new AppError("ALREADY_EXISTS", NEW_ACCOUNT_MESSAGES.emailTaken, { field: "email" });
    }
    throw error;
  }
}
