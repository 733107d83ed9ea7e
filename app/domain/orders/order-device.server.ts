/**
 * The device that placed an order: the order's answer sets a cookie whose value is a keyed hash of
 * the store and the order number, under the store's `/s/<storeId>/` paths (its tracking pages and
 * its API). Its tracking page and "Mi Pedido" show the street address only to a request carrying
 * that cookie (app/domain/orders/order-privacy.ts). The key is generated on first start and kept
 * in the database, so every instance agrees.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Database } from "~/db/client.server";
import { loadOrCreateSecret } from "~/domain/secrets/secrets.server";

const COOKIE_PREFIX = "tianguis_pedido_";
/** Long enough to follow an order scheduled weeks ahead; the browser forgets it afterwards. */
const MAX_AGE_SECONDS = 90 * 24 * 60 * 60;

const keys = new WeakMap<Database, Promise<string>>();
function keyOf(db: Database): Promise<string> {
  let key = keys.get(db);
  if (!key) {
    key = loadOrCreateSecret(db, "order-device-key");
    keys.set(db, key);
    key.catch(() => keys.delete(db));
  }
  return key;
}

function proof(key: string, storeId: string, number: string): string {
  return createHmac("sha256", key).update(`${storeId}/${number}`).digest("base64url");
}

const cookieName = (number: string) => `${COOKIE_PREFIX}${number.replace(/[^0-9A-Z-]/g, "")}`;

/** The `Set-Cookie` value that marks this browser as the one that placed the order. */
export async function placingDeviceCookie(
  db: Database,
  { storeId, number, secure }: { storeId: string; number: string; secure: boolean },
): Promise<string> {
  const value = proof(await keyOf(db), storeId, number);
  return [
    `${cookieName(number)}=${value}`,
    `Path=/s/${storeId}/`,
    `Max-Age=${MAX_AGE_SECONDS}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

/** Whether the request's cookies include the one set when this order was placed. */
export async function placedOnThisDevice(
  db: Database,
  {
    storeId,
    number,
    cookieHeader,
  }: { storeId: string; number: string; cookieHeader: string | null | undefined },
): Promise<boolean> {
  const name = `${cookieName(number)}=`;
  const sent = (cookieHeader ?? "")
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(name))
    ?.slice(name.length);
  if (!sent) return false;
  const expected = Buffer.from(proof(await keyOf(db), storeId, number));
  const given = Buffer.from(sent);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
