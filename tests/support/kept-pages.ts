/**
 * Helpers for tests of pages kept in memory (server/page-cache.ts): a page as the cache answered
 * it, and the wait that keeps a check clear of the minute a kept page lasts to.
 */
import { TRUST_MS } from "~/lib/page-cache/version-mirror.server";

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

/**
 * How long after a write's commit another instance may still answer with the page from before it:
 * the versions in memory are trusted for TRUST_MS after the listening connection last proved itself
 * caught up (docs/decisions/051), plus a second for the request itself on a loaded machine.
 */
export const STALE_BOUND_MS = TRUST_MS + 1_000;

/** Waits until every instance has heard of the writes committed before the call (STALE_BOUND_MS). */
export async function writesHeard() {
  await new Promise((resolve) => setTimeout(resolve, STALE_BOUND_MS));
}

/**
 * Asks for the page every 20 ms until `done` holds for it or STALE_BOUND_MS has passed: the last
 * answer, whether `done` held, and how long after the call it came.
 */
async function askUntil(base: string, path: string, done: (page: KeptPage) => boolean) {
  const started = performance.now();
  for (;;) {
    const page = await getPage(base, path);
    const waitedMs = performance.now() - started;
    if (done(page) || waitedMs > STALE_BOUND_MS) return { page, held: done(page), waitedMs };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Asks for the page until it shows what a write committed before the call changed, as a visitor
 * reloading it would; fails if it is still the old one after STALE_BOUND_MS. Returns the first
 * page that shows it and how long after the call it came.
 */
export async function untilShown(
  base: string,
  path: string,
  shows: (page: KeptPage) => boolean,
): Promise<KeptPage & { waitedMs: number }> {
  const { page, held, waitedMs } = await askUntil(base, path, shows);
  if (!held) {
    throw new Error(
      `${base}${path} still showed the page from before the write after ${Math.round(waitedMs)} ms`,
    );
  }
  return { ...page, waitedMs };
}

/**
 * Asks for the page until it is answered from memory, as it is once the instance has heard of
 * every write made before the call (a render made before that is kept under the versions it knew,
 * and rendered again); the last answer after STALE_BOUND_MS if it never was.
 */
export async function untilKept(
  base: string,
  path: string,
  /** What the page must show too: a page kept before those writes is no answer. */
  shows: (page: KeptPage) => boolean = () => true,
): Promise<KeptPage> {
  return (await askUntil(base, path, (page) => page.cache === "HIT" && shows(page))).page;
}
