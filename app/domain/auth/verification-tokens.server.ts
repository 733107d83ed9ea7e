/**
 * Single-use tokens sent by e-mail (docs/decisions/017), kept in better-auth's `auth_verification` table the
 * way better-auth keeps them with `verification.storeIdentifier: "hashed"`: the identifier
 * (`reset-password:<token>`, `change-email:<token>`) as base64url SHA-256, so better-auth's own
 * reset finds the rows we write, and a copy of the database holds no working link. We write them
 * ourselves because the row must be created in the same transaction as the e-mail that carries it.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { authVerification } from "~/db/schema";

/** 192 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(24).toString("base64url");
}

/** What better-auth stores for an identifier under `storeIdentifier: "hashed"`. */
export function storedIdentifier(identifier: string): string {
  return createHash("sha256").update(identifier).digest("base64url");
}

export async function createVerification(
  tx: Executor,
  identifier: string,
  value: string,
  expiresAt: Date,
): Promise<void> {
  await tx
    .insert(authVerification)
    .values({ id: randomUUID(), identifier: storedIdentifier(identifier), value, expiresAt });
}

/** The value of a token that is still valid, without using it up (a page showing its form). */
export async function peekVerification(db: Executor, identifier: string, now = new Date()) {
  const [row] = await db
    .select({ value: authVerification.value })
    .from(authVerification)
    .where(
      and(eq(authVerification.identifier, storedIdentifier(identifier)), gt(authVerification.expiresAt, now)),
    )
    .limit(1);
  return row?.value ?? null;
}

/**
 * Uses a token up: of any number of simultaneous callers, one gets its value; an expired token is
 * deleted and gives nothing.
 */
export async function consumeVerification(tx: Executor, identifier: string, now = new Date()) {
  const rows = await tx
    .delete(authVerification)
    .where(eq(authVerification.identifier, storedIdentifier(identifier)))
    .returning({ value: authVerification.value, expiresAt: authVerification.expiresAt });
  const live = rows.find((row) => row.expiresAt > now);
  return live?.value ?? null;
}
