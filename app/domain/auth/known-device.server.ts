import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * A "device cookie" (OWASP, "Slow down online guessing attacks with device cookies"): a browser
 * that once signed in to an account carries proof of it, so that during a flood its next login
 * to that account is hashed first and the account's own safety-net limit does not apply to it.
 * A stranger cannot get one without the password. Signed with the auth secret; it names no one.
 */
export const KNOWN_DEVICE_COOKIE = "tianguis.device";
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

function signature(secret: string, email: string, nonce: string) {
  return createHmac("sha256", secret).update(`known-device\n${email}\n${nonce}`).digest("base64url");
}

/** The Set-Cookie value that marks this browser as known for this account. */
export function knownDeviceCookie(secret: string, email: string, { secure }: { secure: boolean }) {
  const nonce = randomBytes(12).toString("base64url");
  const value = `${nonce}.${signature(secret, email, nonce)}`;
  return [
    `${KNOWN_DEVICE_COOKIE}=${value}`,
    // Only the login form needs it.
    "Path=/i/login",
    `Max-Age=${MAX_AGE_SECONDS}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

/** Whether the request's cookies hold a known-device cookie for this account. */
export function isKnownDevice(secret: string, email: string, cookieHeader: string | null): boolean {
  const value = cookieHeader
    ?.split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${KNOWN_DEVICE_COOKIE}=`))
    ?.slice(KNOWN_DEVICE_COOKIE.length + 1);
  const [nonce, given] = value?.split(".") ?? [];
  if (!nonce || !given) return false;
  const expected = Buffer.from(signature(secret, email, nonce));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
