import { APIError } from "better-auth/api";
import type { Database } from "~/db/client.server";
import { clear, enforce, release, type LimitHit } from "~/domain/rate-limit/rate-limit.server";
import { AppError } from "~/lib/errors";
import type { Auth } from "./auth.server";
import { isKnownDevice, knownDeviceCookie } from "./known-device.server";
import { withHashPriority } from "./password-hash.server";
import { withClientIp } from "./client-headers.server";

export const LOGIN_MESSAGES = {
  invalid: "Correo o contraseña incorrectos.",
  throttled: "Demasiados intentos fallidos. Espera 15 minutos e intenta de nuevo.",
  failed: "No pudimos iniciar tu sesión. Intenta de nuevo.",
} as const;

/**
 * The address's limit always applies; the account's safety net only to browsers that have
 * never signed in to it (docs/decisions/011-login-limits-and-hashing.md).
 */
function loginLimits(email: string, ip: string, knownDevice: boolean) {
  const account: LimitHit = { name: "loginPerAccount", subject: email };
  const address: LimitHit = { name: "loginPerAddress", subject: ip };
  return { account, hits: knownDevice ? [address] : [address, account] };
}

/**
 * Signs in with e-mail and password and returns the headers that set the new session cookie
 * and the known-device cookie. Every attempt takes a slot of its limits before the password is
 * checked, so simultaneous wrong passwords cannot all be tried; a good password gives its slots
 * back and forgets the account's failures. An unknown e-mail costs the same hash (better-auth
 * hashes the given password anyway, through our bounded scrypt) and counts the same, so neither
 * the time nor the limits tell whether an account exists. When the hashing queue is full the
 * attempt is answered 503 and gives its slots back: no password was checked.
 */
export async function logIn(
  { db, auth }: { db: Database; auth: Auth },
  { email, password, ip, headers }: { email: string; password: string; ip: string; headers: Headers },
): Promise<Headers> {
  const normalizedEmail = email.trim().toLowerCase();
  const secret = auth.options.secret;
  const knownDevice = isKnownDevice(secret, normalizedEmail, headers.get("cookie"));
  const limits = loginLimits(normalizedEmail, ip, knownDevice);
  const hitIds = await enforce(db, limits.hits, LOGIN_MESSAGES.throttled);
  try {
    const signIn = () =>
      auth.api.signInEmail({
        body: { email: normalizedEmail, password, rememberMe: true },
        headers: withClientIp(headers, ip),
        returnHeaders: true,
      });
    const result = knownDevice ? await withHashPriority(signIn) : await signIn();
    await release(db, hitIds);
    await clear(db, limits.account);
    const secure = auth.options.advanced.useSecureCookies;
    result.headers.append("Set-Cookie", knownDeviceCookie(secret, normalizedEmail, { secure }));
    return result.headers;
  } catch (error) {
    // Only a wrong e-mail or password keeps its slots and reads "incorrectos"; anything else
    // (the session could not be written, an unexpected refusal) is our failure, not the user's.
    if (isWrongCredentials(error)) throw new AppError("UNAUTHENTICATED", LOGIN_MESSAGES.invalid);
    await release(db, hitIds);
    throw error;
  }
}

const WRONG_CREDENTIALS = new Set(["INVALID_EMAIL_OR_PASSWORD", "INVALID_EMAIL", "PASSWORD_TOO_LONG"]);

function isWrongCredentials(error: unknown): boolean {
  return error instanceof APIError && WRONG_CREDENTIALS.has(String(error.body?.code));
}

export async function logOut(auth: Auth, headers: Headers): Promise<Headers> {
  const result = await auth.api.signOut({ headers, returnHeaders: true });
  return result.headers;
}
