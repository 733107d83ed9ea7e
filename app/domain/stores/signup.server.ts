import type { Database } from "~/db/client.server";
import { storeOwners, stores, storeSettings } from "~/db/schema";
import { recordEvent } from "~/domain/analytics/events.server";
import { withNewAccount } from "~/domain/auth/new-account.server";
import { AppError, uniqueViolation } from "~/lib/errors";
import { trialEndsAt } from "./licence";
import { SIGNUP_MESSAGES, type SignupForm } from "./signup-form";

export const DEFAULT_CITY_ID = "aguascalientes";

/**
 * Creates the owner's account, their store (with a 30-day trial of the basic plan) and the link
 * between them in one transaction: a failure half-way leaves nothing behind. Two sign-ups racing
 * for one store id meet at the primary key: exactly one wins. The store's public contact e-mail
 * starts empty: the login e-mail is private until the owner chooses to publish an address.
 */
export async function signUpOwner(db: Database, form: SignupForm, now = new Date()) {
  try {
    return await withNewAccount(
      db,
      { email: form.email, password: form.password, name: form.displayName },
      async (tx, userId) => {
        await tx.insert(stores).values({
          id: form.storeId,
          cityId: DEFAULT_CITY_ID,
          categoryId: form.storeCategory,
          licenceType: "starter",
          trialExpiration: trialEndsAt(now),
        });
        await tx.insert(storeSettings).values({
          storeId: form.storeId,
          displayName: form.displayName,
        });
        await tx.insert(storeOwners).values({ userId, storeId: form.storeId });
        await recordEvent(tx, "signup", form.storeId, { userId, storeCategory: form.storeCategory });
        return { storeId: form.storeId };
      },
    );
  } catch (error) {
    throw signupError(error);
  }
}

function signupError(error: unknown) {
  const constraint = uniqueViolation(error);
  if (constraint === "stores_pkey") {
    return new AppError("ALREADY_EXISTS", SIGNUP_MESSAGES.storeIdTaken, { field: "storeId" });
  }
  const pgCode = ((error as { cause?: { code?: string } })?.cause ?? (error as { code?: string }))?.code;
  if (pgCode === "23503") {
    return new AppError("VALIDATION", SIGNUP_MESSAGES.category, { field: "storeCategory" });
  }
  return error;
}
