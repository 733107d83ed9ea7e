import { data } from "react-router";
import { databaseOutage, isDatabaseUnavailable, OUTAGE_RETRY_AFTER_SECONDS } from "~/db/outage.server";
import { AppError, OUTAGE_MESSAGE } from "./errors";
import type { FormFailure } from "./form-result";
import type { Logger } from "./logger.server";

/**
 * The one place any thrown error becomes an HTTP answer (docs/decisions/009): an AppError keeps its code's
 * status, its Spanish message and its field; anything else is logged once, with the request id
 * the logger carries, and answered with the form's own failure sentence; while the database cannot
 * be reached, 503 with `Retry-After` and a sentence that says to try again. Responses thrown by the
 * guards (a redirect to the login page, a 403/404 page) pass through untouched.
 */
export function toErrorResponse(error: unknown, options: ErrorResponseOptions) {
  if (isThrownResponse(error)) throw error;
  const answer = errorAnswer(error, options);
  return data(answer.body, { status: answer.status, headers: answer.headers });
}

/**
 * What `toErrorResponse` answers, as plain status, body and headers, for the few routes that
 * Express answers without React Router (server/storefront-api.ts).
 */
export function errorAnswer(
  error: unknown,
  {
    logger,
    fallback,
    unavailable = OUTAGE_MESSAGE,
    logLine = "request failed",
    logData,
    answerFields,
  }: ErrorResponseOptions,
): { status: number; body: FormFailure & Record<string, unknown>; headers?: Record<string, string> } {
  if (error instanceof AppError) {
    // An expected refusal is not logged, unless it carries what the operator should know.
    if (error.internal || error.cause !== undefined) {
      const line = { ...logData, code: error.code, internal: error.internal, error: error.cause };
      // A service of ours that failed (storage, the database) is an error; anything else, a refusal.
      if (error.status >= 500) logger.error("request failed", line);
      else logger.warn("request refused", line);
    }
    return {
      status: error.status,
      body: {
        ...answerFields,
        ...error.details,
        ok: false,
        message: error.message,
        ...(error.field ? { fieldErrors: { [error.field]: error.message } } : {}),
      },
      headers: error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : undefined,
    };
  }
  if (isDatabaseUnavailable(error)) {
    // Logged once per outage, not once per request it fails.
    databaseOutage.failed(error);
    return {
      status: 503,
      body: { ...answerFields, ok: false, message: unavailable },
      headers: { "Retry-After": String(OUTAGE_RETRY_AFTER_SECONDS) },
    };
  }
  logger.error(logLine, { ...logData, error });
  return { status: 500, body: { ...answerFields, ok: false, message: fallback } };
}

export type ErrorResponseOptions = {
  logger: Logger;
  /** The form's failure sentence (the spec's, where it gives one). */
  fallback: string;
  /** What to say while the database cannot be reached (503); a general sentence by default. */
  unavailable?: string;
  /** The log line for an unexpected error; the spec fixes some ("Error completing order:"). */
  logLine?: string;
  logData?: Record<string, unknown>;
  /**
   * Fields a failure's body carries as the action's answers do: which of a page's forms it answers,
   * when a document post (no JavaScript) leaves the page only the action's data to tell.
   */
  answerFields?: Record<string, unknown>;
};

/** Redirects and the guards' thrown `data()` answers are control flow, not errors. */
export function isThrownResponse(value: unknown): boolean {
  if (value instanceof Response) return true;
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { type?: unknown }).type === "DataWithResponseInit"
  );
}

/** Runs an action body; whatever it throws is answered by `toErrorResponse`. */
export async function answering<T>(options: ErrorResponseOptions, body: () => Promise<T>) {
  try {
    return await body();
  } catch (error) {
    return toErrorResponse(error, options);
  }
}
