/**
 * Mercado Pago's notifications for a store (docs/decisions/052): `x-signature` checked with the
 * store's webhook secret and its `ts` within SIGNATURE_MAX_AGE_SECONDS; then the payment is asked of
 * Mercado Pago's API and applied (./mercadopago.server.ts), so a replayed notification changes
 * nothing twice. A forged or stale one is refused (401) and changes nothing.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Executor } from "~/db/client.server";
import { ProviderError } from "./mercadopago-client.server";
import { confirmPayment } from "./mercadopago.server";
import { storeCredentials, type Payments } from "./payments.server";
import { parseSignatureHeader, SIGNATURE_MAX_AGE_SECONDS, signatureManifest } from "./signature";

export type Notification = {
  storeId: string;
  /** `data.id` of the address's query, else of the body. */
  dataId: string | null;
  type: string | null;
  requestId: string | null;
  signature: string | null;
};

export function signatureHolds(secret: string, notice: Notification, now: Date): boolean {
  const parsed = parseSignatureHeader(notice.signature);
  if (!parsed || !notice.dataId || !notice.requestId) return false;
  // Mercado Pago's ts is documented in seconds; some deliveries carry milliseconds.
  const ts = Number(parsed.ts);
  const seconds = ts > 1e11 ? ts / 1000 : ts;
  if (Math.abs(now.getTime() / 1000 - seconds) > SIGNATURE_MAX_AGE_SECONDS) return false;
  const expected = createHmac("sha256", secret)
    .update(signatureManifest(notice.dataId, notice.requestId, parsed.ts))
    .digest();
  const given = Buffer.from(parsed.v1, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The answer's status: 200 once handled (or not about a payment), 401 when the signature fails. */
export async function receiveNotification(
  db: Executor,
  payments: Payments,
  notice: Notification,
  now = new Date(),
): Promise<{ status: 200 | 401; applied?: string }> {
  const credentials = await storeCredentials(db, payments, notice.storeId);
  if (!credentials?.webhookSecret || !signatureHolds(credentials.webhookSecret, notice, now))
    return { status: 401 };
  if (notice.type !== null && notice.type !== "payment") return { status: 200 };
  try {
    const applied = await confirmPayment(db, payments, notice.storeId, notice.dataId!, credentials);
    return { status: 200, applied };
  } catch (error) {
    // No such payment in this store's account: nothing to apply, and nothing to send again.
    if (error instanceof ProviderError && error.status === 404) return { status: 200, applied: "ignored" };
    throw error;
  }
}
