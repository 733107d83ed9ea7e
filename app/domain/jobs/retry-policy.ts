/**
 * How the job worker retries a job that failed (docs/decisions/004): each kind of job may declare
 * its own policy, because "give up after an hour" suits a push (a late notification of an order is
 * worth little) and loses an e-mail during a long SMTP outage.
 */
export type RetryPolicy = {
  /** Attempts in all, the first one included; a job that fails the last one is given up. */
  maxAttempts: number;
  /** Delay before the second attempt; each further attempt doubles it, up to `maxBackoffMs`. */
  backoffMs: number;
  maxBackoffMs: number;
};

/** The policy of every kind that declares none (Web Push among them): 5 s doubling to 15 min, 12 attempts over about 66 minutes. */
export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 12, backoffMs: 5_000, maxBackoffMs: 15 * 60_000 };

/** How long to wait after failed attempt number `attempt` (1 for the first). */
export function retryDelay(policy: RetryPolicy, attempt: number): number {
  return Math.min(policy.maxBackoffMs, policy.backoffMs * 2 ** (attempt - 1));
}

/** Whether a job that has failed `attempts` times (retryable failures) is tried again. */
export function triesAgain(policy: RetryPolicy, attempts: number): boolean {
  return attempts < policy.maxAttempts;
}

/** How long a job that always fails keeps being tried: the delays between its attempts, added. */
export function retrySpan(policy: RetryPolicy): number {
  let total = 0;
  for (let attempt = 1; attempt < policy.maxAttempts; attempt++) total += retryDelay(policy, attempt);
  return total;
}

/**
 * A policy that keeps trying for at least `spanMs` of a running worker (time the worker is down
 * adds to it, since attempts are only counted when made).
 */
export function retryingFor(
  spanMs: number,
  backoff: Pick<RetryPolicy, "backoffMs" | "maxBackoffMs">,
): RetryPolicy {
  let policy: RetryPolicy = { ...backoff, maxAttempts: 1 };
  while (retrySpan(policy) < spanMs) policy = { ...policy, maxAttempts: policy.maxAttempts + 1 };
  return policy;
}
