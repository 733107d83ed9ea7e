/**
 * The links an account has been e-mailed — password resets and e-mail changes — die with what
 * they were sent for. Any password change (a reset, the account page) and any e-mail change end
 * every one of them, and a new reset link ends the older ones, so a link that leaked (an old
 * e-mail, a shared inbox, an address that is no longer the account's) never outlives the
 * password or the address it was meant to replace.
 *
 * Everything that changes an account's password, e-mail or links first takes the account's lock,
 * so of a reset and a change of password (or two resets) one finishes before the other checks
 * its link: a link cannot be used after a change that began before it was checked.
 */
import { eq, sql } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { authVerification } from "~/db/schema";

/** Holds the account's lock until the transaction ends. */
export async function lockAccount(tx: Executor, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`account:${userId}`}, 0))`);
}

/** What a reset link's row holds: the account's id alone (better-auth's own format). */
export const resetLinkValue = (userId: string) => userId;

/** What an e-mail change link's row holds: the account and the address it moves to. */
export const emailChangeLinkValue = (userId: string, email: string) => JSON.stringify({ userId, email });

export type AccountLink = "reset" | "email-change";

/** Deletes the account's outstanding links of the given kinds; says how many went. */
export async function endAccountLinks(
  tx: Executor,
  userId: string,
  kinds: readonly AccountLink[] = ["reset", "email-change"],
): Promise<number> {
  let ended = 0;
  if (kinds.includes("reset")) {
    const rows = await tx
      .delete(authVerification)
      .where(eq(authVerification.value, resetLinkValue(userId)))
      .returning({ id: authVerification.id });
    ended += rows.length;
  }
  if (kinds.includes("email-change")) {
    // emailChangeLinkValue writes the account's id first: `{"userId":"…",`.
    const prefix = `${JSON.stringify({ userId }).slice(0, -1)},`;
    const rows = await tx
      .delete(authVerification)
      .where(sql`starts_with(${authVerification.value}, ${prefix})`)
      .returning({ id: authVerification.id });
    ended += rows.length;
  }
  return ended;
}
