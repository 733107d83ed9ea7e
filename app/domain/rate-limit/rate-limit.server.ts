import { and, count, eq, gt, lt, min } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { rateLimitHits } from "~/db/schema";

/**
 * Sliding-window limits kept in PostgreSQL, so every server instance sees the same counts.
 * A key names what is limited and for whom, e.g. `login-failure:email:ana@example.com`.
 */
export type Window = { limit: number; windowMs: number };
export type WindowState = { exceeded: boolean; retryAfterSeconds: number };

export async function checkWindow(
  db: Executor,
  key: string,
  window: Window,
  now = new Date(),
): Promise<WindowState> {
  const since = new Date(now.getTime() - window.windowMs);
  const [row] = await db
    .select({ hits: count(), oldest: min(rateLimitHits.at) })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.at, since)));
  const hits = Number(row?.hits ?? 0);
  if (hits < window.limit || !row?.oldest) return { exceeded: false, retryAfterSeconds: 0 };
  const oldest = new Date(row.oldest);
  const retryAfterMs = oldest.getTime() + window.windowMs - now.getTime();
  return { exceeded: true, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
}

export async function recordHit(db: Executor, keys: string[], now = new Date()) {
  if (keys.length === 0) return;
  await db.insert(rateLimitHits).values(keys.map((key) => ({ key, at: now })));
}

export async function clearHits(db: Executor, key: string) {
  await db.delete(rateLimitHits).where(eq(rateLimitHits.key, key));
}

/** Counts this hit and tells whether it went over the limit: for limits on every attempt. */
export async function consume(
  db: Executor,
  key: string,
  window: Window,
  now = new Date(),
): Promise<WindowState> {
  const state = await checkWindow(db, key, window, now);
  if (!state.exceeded) await recordHit(db, [key], now);
  return state;
}

/** Forgets hits older than a day; called now and then by the server. */
export async function pruneHits(db: Executor, now = new Date()) {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.at, new Date(now.getTime() - 24 * 60 * 60 * 1000)));
}
