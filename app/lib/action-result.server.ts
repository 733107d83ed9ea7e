import { data } from "react-router";
import { AppError } from "./errors";
import type { Logger } from "./logger.server";

/** What the admin panel's resource actions answer; fetchers read it to show a message. */
export type ActionResult = { ok: true; message?: string } | { ok: false; message: string; field?: string };

export function actionOk(message?: string) {
  return { ok: true as const, message } satisfies ActionResult;
}

export function actionFailure(message: string, status: number, field?: string) {
  return data({ ok: false as const, message, field } satisfies ActionResult, { status });
}

/**
 * The one place a domain error becomes an HTTP answer for these actions: an AppError keeps its
 * status and Spanish message; anything else is logged and answered with the given fallback.
 */
export function actionError(
  error: unknown,
  logger: Logger,
  fallback: string,
  logLine = "admin action failed",
) {
  if (error instanceof AppError) return actionFailure(error.message, error.status, error.field);
  logger.error(logLine, { error });
  return actionFailure(fallback, 500);
}
