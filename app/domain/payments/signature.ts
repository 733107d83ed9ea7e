/**
 * Mercado Pago's webhook signature: `x-signature: ts=<unix seconds>,v1=<hex HMAC-SHA256>` over the
 * manifest `id:<data.id>;request-id:<x-request-id>;ts:<ts>;` with the webhook secret. Pure but for
 * the HMAC, which the server computes (./webhook.server.ts) and the tests' stand-in too.
 */
export const SIGNATURE_MAX_AGE_SECONDS = 5 * 60;

export function signatureManifest(dataId: string, requestId: string, ts: string): string {
  return `id:${dataId.toLowerCase()};request-id:${requestId};ts:${ts};`;
}

/** The header's parts, or null when it is not of the documented shape. */
export function parseSignatureHeader(header: string | null | undefined): { ts: string; v1: string } | null {
  if (!header) return null;
  const parts = Object.fromEntries(
    header.split(",").map((part) => {
      const [key, ...rest] = part.trim().split("=");
      return [key, rest.join("=")];
    }),
  );
  const { ts, v1 } = parts as Record<string, string | undefined>;
  if (!ts || !/^\d{1,12}$/.test(ts) || !v1 || !/^[0-9a-f]{64}$/i.test(v1)) return null;
  return { ts, v1 };
}
