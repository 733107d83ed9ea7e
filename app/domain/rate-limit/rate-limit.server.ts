import { createHash } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { rateLimitHits } from "~/db/schema";
import { AppError } from "~/lib/errors";

/**
 * Every rate limit of Tianguis, by name: one table to read them all. Sliding windows kept in
 * PostgreSQL, so every server instance sees the same counts.
 */
export const RATE_LIMITS = {
  /**
   * Wrong passwords from one address within 15 minutes, whichever accounts they were for: the
   * limit that stops a guesser (docs/decisions/011-login-limits-and-hashing.md).
   */
  loginPerAddress: { limit: 10, windowMs: 15 * 60 * 1000 },
  /**
   * Wrong passwords for one account within 15 minutes from all addresses together: only a safety
   * net against guessing from many addresses, high enough that one stranger cannot lock the owner out.
   */
  loginPerAccount: { limit: 100, windowMs: 15 * 60 * 1000 },
  /** "¿Olvidaste tu contraseña?" requests from one address: answered 429 past it. */
  passwordResetPerAddress: { limit: 10, windowMs: 15 * 60 * 1000 },
  /**
   * Reset e-mails to one address per hour, whoever asks: past it the answer stays the same and
   * nothing is sent, so nobody can fill an inbox, and the owner already has working links.
   */
  passwordResetPerEmail: { limit: 3, windowMs: 60 * 60 * 1000 },
  /** Sign-ups from one address per hour (SIGNUP_LIMIT_PER_HOUR overrides the limit). */
  signupPerAddress: { limit: 10, windowMs: 60 * 60 * 1000 },
  /** Orders one address may place in ten minutes: a family's phone, not a script. */
  orderPerAddress: { limit: 30, windowMs: 10 * 60 * 1000 },
  /** "Mi Pedido" look-ups: generous for a shopper, useless for guessing numbers. */
  orderLookupPerAddress: { limit: 30, windowMs: 10 * 60 * 1000 },
  /**
   * "Avísame cuando haya" requests from one address per hour: a family asking for a few products,
   * not a script filling strangers' inboxes (docs/decisions/030).
   */
  restockPerAddress: { limit: 10, windowMs: 60 * 60 * 1000 },
  /**
   * "¿Tienes un código?" checks from one address per 10 minutes: a shopper retyping a code, not a
   * script guessing a store's codes (docs/decisions/036).
   */
  couponCheckPerAddress: { limit: 30, windowMs: 10 * 60 * 1000 },
  /** Store page views one address adds to a store's figures in half an hour (more are not counted). */
  viewPerAddress: { limit: 5, windowMs: 30 * 60 * 1000 },
  /** Store page views counted for one store in an hour, whoever sends them. */
  viewsPerStore: { limit: 5_000, windowMs: 60 * 60 * 1000 },
  /** Searches one address adds to the analytics in ten minutes (the search itself always answers). */
  searchEventsPerAddress: { limit: 60, windowMs: 10 * 60 * 1000 },
  /** CSP violation reports logged per address: enough to see a problem, too few to flood the log. */
  cspReportPerAddress: { limit: 20, windowMs: 10 * 60 * 1000 },
  /** Images one store may upload per hour. */
  uploadPerStore: { limit: 300, windowMs: 60 * 60 * 1000 },
  /** "Verificar" of a store's own domain: each one asks the DNS several questions. */
  domainCheckPerStore: { limit: 20, windowMs: 10 * 60 * 1000 },
} as const satisfies Record<string, Window>;

export type Window = { limit: number; windowMs: number };
export type LimitName = keyof typeof RATE_LIMITS;
/** One limit applied to one subject (an address, an e-mail, a store id). */
export type LimitHit = { name: LimitName; subject: string; limit?: number };
export type LimitState =
  | { exceeded: false; retryAfterSeconds: 0; hitIds: number[] }
  | { exceeded: true; retryAfterSeconds: number; hitIds: [] };

/**
 * The stored key: the limit's name and a hash of the subject, so that an e-mail of any length
 * fits the index and no personal data sits in the table.
 */
export function limitKey({ name, subject }: LimitHit): string {
  const digest = createHash("sha256").update(subject).digest("base64url").slice(0, 32);
  return `${name}:${digest}`;
}

function windowOf(hit: LimitHit): Window {
  const base = RATE_LIMITS[hit.name];
  return { limit: hit.limit ?? base.limit, windowMs: base.windowMs };
}

/**
 * Counts one hit against every given limit, or none if any of them is already full. Atomic:
 * the keys are locked (in a fixed order, so two callers never deadlock) for the transaction, so
 * however many requests arrive at once, no limit lets more than its count through.
 */
export async function consume(db: Executor, hits: LimitHit[], now = new Date()): Promise<LimitState> {
  if (hits.length === 0) return { exceeded: false, retryAfterSeconds: 0, hitIds: [] };
  const { rows } = await db.execute<ConsumedRow>(sql`select * from ${consumeCall(hits, now)}`);
  return limitStateOf(rows[0]);
}

/** What `tianguis_consume_rate_limits` returns (one row). */
export type ConsumedRow = { retry_after_seconds: number; hit_ids: string[] };

/**
 * The call that counts the hits, in one statement (migration 0013): the keys' locks, every
 * window's count and the hits. For a caller that folds it into a statement of its own.
 */
export function consumeCall(hits: LimitHit[], now = new Date()) {
  const windows = hits.map(windowOf);
  return sql`tianguis_consume_rate_limits(
      ${sql.param(hits.map(limitKey))}::text[],
      ${sql.param(windows.map((window) => window.windowMs))}::bigint[],
      ${sql.param(windows.map((window) => window.limit))}::integer[],
      ${now.toISOString()}::timestamptz)`;
}

export function limitStateOf(row: ConsumedRow | undefined): LimitState {
  if (row && row.retry_after_seconds > 0) {
    return { exceeded: true, retryAfterSeconds: row.retry_after_seconds, hitIds: [] };
  }
  return { exceeded: false, retryAfterSeconds: 0, hitIds: (row?.hit_ids ?? []).map(Number) };
}

/** Throws RATE_LIMITED (429 with Retry-After) with the given Spanish message when a limit is full. */
export async function enforce(db: Executor, hits: LimitHit[], message: string, now = new Date()) {
  return hitIdsOrRefuse(await consume(db, hits, now), message);
}

/** The hits counted, or RATE_LIMITED (429 with Retry-After) with the given message when a limit was full. */
export function hitIdsOrRefuse(state: LimitState, message: string): number[] {
  if (state.exceeded) {
    throw new AppError("RATE_LIMITED", message, { retryAfterSeconds: state.retryAfterSeconds });
  }
  return state.hitIds;
}

/** Gives back hits that turned out not to count (a login that succeeded). */
export async function release(db: Executor, hitIds: number[]) {
  if (hitIds.length > 0) await db.delete(rateLimitHits).where(inArray(rateLimitHits.id, hitIds));
}

/** Forgets every hit of one limit for one subject (an account's failures after a good login). */
export async function clear(db: Executor, hit: LimitHit) {
  await db.delete(rateLimitHits).where(eq(rateLimitHits.key, limitKey(hit)));
}
