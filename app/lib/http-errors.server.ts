import { data } from "react-router";
import { AppError } from "./errors";
import type { FormFailure } from "./form-result";
import type { Logger } from "./logger.server";

/**
 * The one place any thrown error becomes an HTTP answer (issue 9): an AppError keeps its code's
 * status, its Spanish message and its field; anything else is logged once, with the request id
 * the logger carries, and answered with the form's own failure sentence. Responses thrown by the
 * guards (a redirect to the login page, a 403/404 page) pass through untouched.
 */
export function toErrorResponse(
  error: unknown,
  { logger, fallback, logLine = "request failed", logData }: ErrorResponseOptions,
) {
  if (isThrownResponse(error)) throw error;
  if (error instanceof AppError) {
    const body: FormFailure & Record<string, unknown> = {
      ...error.details,
      ok: false,
      message: error.message,
      ...(error.field ? { fieldErrors: { [error.field]: error.message } } : {}),
    };
    const headers: HeadersInit | undefined = error.retryAfterSeconds
      ? { "Retry-After": String(error.retryAfterSeconds) }
      : undefined;
    return data(body, { status: error.status, headers });
  }
  logger.error(logLine, { ...logData, error });
  return data<FormFailure>({ ok: false, message: fallback }, { status: 500 });
}

export type ErrorResponseOptions = {
  logger: Logger;
  /** The form's failure sentence (the spec's, where it gives one). */
  fallback: string;
  /** The log line for an unexpected error; the spec fixes some ("Error completing order:"). */
  logLine?: string;
  logData?: Record<string, unknown>;
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
