import { retryingFor } from "~/domain/jobs/retry-policy";

/** How long an e-mail keeps being retried while the SMTP server fails: Postfix's default queue lifetime. */
export const MAIL_KEEP_TRYING_DAYS = 5;

/**
 * The retries of an e-mail (a send failure never loses the message, docs/decisions/017): from 30 s,
 * doubling, never more than an hour apart, for 5 days of a running worker. A reset link or a
 * claim link then arrives within the hour after a long outage ends, never after days of silence.
 */
export const MAIL_RETRY = retryingFor(MAIL_KEEP_TRYING_DAYS * 24 * 60 * 60_000, {
  backoffMs: 30_000,
  maxBackoffMs: 60 * 60_000,
});
