import { APIError } from "better-auth/api";
import type { Database } from "~/db/client.server";
import { clear, enforce, release, type LimitHit } from "~/domain/rate-limit/rate-limit.server";
import { AppError } from "~/lib/errors";
import type { Auth } from "./auth.server";

export const LOGIN_MESSAGES = {
  invalid: "Correo o contraseña incorrectos.",
  throttled: "Demasiados intentos fallidos. Espera 15 minutos e intenta de nuevo.",
  failed: "No pudimos iniciar tu sesión. Intenta de nuevo.",
} as const;

const loginLimits = (email: string, ip: string): LimitHit[] => [
  { name: "loginPerAccount", subject: email },
  { name: "loginPerAddress", subject: ip },
];

/**
 * Signs in with e-mail and password and returns the headers that set the new session cookie.
 * Every attempt takes a slot of both the account's and the address's limit before the password
 * is checked, so simultaneous wrong passwords cannot all be tried; a good password gives its
 * slot back and forgets the account's failures.
 */
export async function logIn(
  { db, auth }: { db: Database; auth: Auth },
  { email, password, ip, headers }: { email: string; password: string; ip: string; headers: Headers },
): Promise<Headers> {
  const normalizedEmail = email.trim().toLowerCase();
  const limits = loginLimits(normalizedEmail, ip);
  const hitIds = await enforce(db, limits, LOGIN_MESSAGES.throttled);
  try {
    const result = await auth.api.signInEmail({
      body: { email: normalizedEmail, password, rememberMe: true },
      headers,
      returnHeaders: true,
    });
    await release(db, hitIds);
    await clear(db, limits[0]!);
    return result.headers;
  } catch (error) {
    if (!(error instanceof APIError)) {
      await release(db, hitIds);
      throw error;
    }
    throw new AppError("UNAUTHENTICATED", LOGIN_MESSAGES.invalid);
  }
}

export async function logOut(auth: Auth, headers: Headers): Promise<Headers> {
  const result = await auth.api.signOut({ headers, returnHeaders: true });
  return result.headers;
}
