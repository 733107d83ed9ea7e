import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { availableParallelism } from "node:os";
import { AsyncLocalStorage } from "node:async_hooks";
import {
  createBoundedConcurrency,
  QueueRefusedError,
  type BoundedConcurrencyOptions,
} from "~/lib/bounded-concurrency";
import { AppError } from "~/lib/errors";

/**
 * scrypt with OWASP's recommended parameters (N=2^17, r=8, p=1: 128 MiB, about 0.3–0.8 s here),
 * from node:crypto, so no native dependency. The parameters travel with each hash, so they can
 * be raised later without breaking existing passwords.
 */
export const PRODUCTION_HASH_LOG_N = 17;
let COST = { N: 2 ** PRODUCTION_HASH_LOG_N, r: 8, p: 1 };

/**
 * The work factor (log2 of scrypt's N) of the hashes this process makes from now on. Only the
 * test suite lowers it (PASSWORD_HASH_LOG_N), where thousands of accounts are created and signed
 * in: hashes made at a lower cost still verify with their own parameters.
 */
export function setPasswordHashCost(logN: number) {
  COST = { ...COST, N: 2 ** logN };
}
const KEY_LENGTH = 64;

/**
 * At most this many hashes at once (docs/decisions/011-login-limits-and-hashing.md): one core
 * is left for the event loop and at most 4 × 128 MiB are in use. scrypt runs on libuv's thread
 * pool, which also reads the static files, so one of its threads is always left free too.
 */
export const HASH_CONCURRENCY = Math.max(
  1,
  Math.min(4, availableParallelism() - 1, (Number(process.env.UV_THREADPOOL_SIZE) || 4) - 1),
);
/** A login that cannot start its hash within this time is answered 503 instead. */
export const HASH_QUEUE_TIMEOUT_MS = 10_000;
/** Logins that may wait per slot; more is a flood, and the rest are answered 503 on arrival. */
export const HASH_WAITING_PER_SLOT = 8;
/**
 * Logins from browsers without a known-device cookie that the server takes in at once: as many
 * as the hashing queue holds. More are answered 503 at the door, before the router
 * (server/login-door.ts).
 */
export const LOGIN_ADMISSION = HASH_CONCURRENCY * (1 + HASH_WAITING_PER_SLOT);
/** How long a login refused for a busy server is told to wait, here and at the door. */
export const HASH_BUSY_RETRY_SECONDS = 5;
export const HASH_BUSY_MESSAGE =
  "Hay mucha gente intentando entrar en este momento. Espera unos segundos e intenta de nuevo.";

const HASHING_BOUND: BoundedConcurrencyOptions = {
  concurrency: HASH_CONCURRENCY,
  queueTimeoutMs: HASH_QUEUE_TIMEOUT_MS,
  maxWaiting: HASH_CONCURRENCY * HASH_WAITING_PER_SLOT,
};
let hashing = createBoundedConcurrency(HASHING_BOUND);

/**
 * Hashes started inside `fn` go to the front of the queue. better-auth calls our hash and verify
 * itself, so the login marks its own call this way rather than passing a flag through.
 */
const priorityContext = new AsyncLocalStorage<boolean>();
export function withHashPriority<T>(fn: () => Promise<T>): Promise<T> {
  return priorityContext.run(true, fn);
}

/** Whether a login's hash, outside the priority lane, would be refused right now. */
export function hashingQueueFull(): boolean {
  return hashing.full;
}

/** Changes the bound for this process; tests use it to reach the time-out without waiting 10 s. */
export function setHashingBound(options: Partial<BoundedConcurrencyOptions> = {}) {
  hashing = createBoundedConcurrency({ ...HASHING_BOUND, ...options });
}

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  const maxmem = 256 * (options.N ?? 0) * (options.r ?? 0) + 1024 * 1024;
  const run = () =>
    new Promise<Buffer>((resolve, reject) =>
      scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { ...options, maxmem }, (error, key) =>
        error ? reject(error) : resolve(key),
      ),
    );
  return hashing.run(run, { priority: priorityContext.getStore() ?? false }).catch((error: unknown) => {
    if (error instanceof QueueRefusedError) {
      throw new AppError("SERVICE_UNAVAILABLE", HASH_BUSY_MESSAGE, {
        retryAfterSeconds: HASH_BUSY_RETRY_SECONDS,
      });
    }
    throw error;
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, COST);
  return ["scrypt", COST.N, COST.r, COST.p, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword({
  hash,
  password,
}: {
  hash: string;
  password: string;
}): Promise<boolean> {
  const [scheme, N, r, p, salt, expected] = hash.split("$");
  if (scheme !== "scrypt" || !salt || !expected) return false;
  const expectedKey = Buffer.from(expected, "base64");
  const key = await derive(password, Buffer.from(salt, "base64"), {
    N: Number(N),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expectedKey.length && timingSafeEqual(key, expectedKey);
}
