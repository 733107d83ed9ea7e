/**
 * Helpers for tests of pages kept in memory (server/page-cache.ts): a page as the cache answered
 * it, and the wait that keeps a check clear of the minute a kept page lasts to.
 */

export type KeptPage = {
  status: number;
  /** X-Tianguis-Cache: HIT, MISS, BYPASS, UNKNOWN-STORE, or null when the cache did not answer. */
  cache: string | null;
  etag: string | null;
  html: string;
  headers: Headers;
};

/** A GET as a browser sends it, redirects not followed. */
export async function getPage(
  base: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<KeptPage> {
  const response = await fetch(`${base}${path}`, { headers, redirect: "manual" });
  return {
    status: response.status,
    cache: response.headers.get("x-tianguis-cache"),
    etag: response.headers.get("etag"),
    html: await response.text(),
    headers: response.headers,
  };
}

/**
 * A kept page lasts until the minute it was rendered in ends (opening hours change with the clock):
 * a check that a page is answered from memory waits out the last seconds of a minute first, or the
 * minute could turn between the render and the request meant to find it.
 */
export async function clearOfMinuteTurn(margin = 5_000) {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < margin) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
