import { APIError } from "better-auth/api";
import type { Database } from "~/db/client.server";
import { checkWindow, clearHits, recordHit, type Window } from "~/domain/rate-limit/rate-limit.server";
import { AppError } from "~/lib/errors";
import type { Auth } from "./auth.server";

export const LOGIN_MESSAGES = {
  invalid: "Correo o contraseña incorrectos.",
  throttled: "Demasiados intentos fallidos. Espera 15 minutos e intenta de nuevo.",
} as const;

/** After 10 wrong passwords for one account or from one address within 15 minutes, wait. */
export const LOGIN_FAILURE_WINDOW: Window = { limit: 10, windowMs: 15 * 60 * 1000 };

const failureKeys = (email: string, ip: string) => [`login-failure:email:${email}`, `login-failure:ip:${ip}`];

/**
 * Signs in with e-mail and password and returns the headers that set the new session cookie.
 * Every wrong password counts against both the account and the address.
 */
export async function logIn(
  { db, auth }: { db: Database; auth: Auth },
  { email, password, ip, headers }: { email: string; password: string; ip: string; headers: Headers },
): Promise<Headers> {
  const normalizedEmail = email.trim().toLowerCase();
  const keys = failureKeys(normalizedEmail, ip);
  for (const key of keys) {
    const state = await checkWindow(db, key, LOGIN_FAILURE_WINDOW);
    if (state.exceeded) {
      throw new AppError("RATE_LIMITED", LOGIN_MESSAGES.throttled, {
        retryAfterSeconds: state.retryAfterSeconds,
      });
    }
  }
  try {
    const result = await auth.api.signInEmail({
      body: { email: normalizedEmail, password, rememberMe: true },
      headers,
      returnHeaders: true,
    });
    await clearHits(db, keys[0]!);
    return result.headers;
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    await recordHit(db, keys);
    throw new AppError("VALIDATION", LOGIN_MESSAGES.invalid);
  }
}

export async function logOut(auth: Auth, headers: Headers): Promise<Headers> {
  const result = await auth.api.signOut({ headers, returnHeaders: true });
  return result.headers;
}
