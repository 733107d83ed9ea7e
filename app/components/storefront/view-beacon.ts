/**
 * The one call to `/s/<storeId>/api` the store page makes before a shopper does anything: the
 * page-view beacon. Apart from `storefront-api.ts`, whose fallback messages bring the coupon's and
 * "Avísame"'s words with them, so the page's first JavaScript stays without them (docs/decisions/003).
 */
export const storefrontApiUrl = (storeId: string) => `/s/${encodeURIComponent(storeId)}/api`;

export function sendViewBeacon(storeId: string) {
  const body = JSON.stringify({ intent: "view" });
  try {
    if (navigator.sendBeacon?.(storefrontApiUrl(storeId), new Blob([body], { type: "text/plain" }))) return;
  } catch {
    // fall through to fetch
  }
  fetch(storefrontApiUrl(storeId), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body,
    keepalive: true,
  }).catch(() => {});
}
