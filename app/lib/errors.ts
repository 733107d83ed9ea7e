/**
 * The error codes the domain throws. Each code carries its HTTP status; `toErrorResponse`
 * (app/lib/http-errors.server.ts) is the one place that turns any thrown error into an answer.
 */
const STATUS_BY_CODE = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  ALREADY_EXISTS: 409,
  PLAN_LIMIT_REACHED: 409,
  UNAVAILABLE: 409,
  TOO_LARGE: 413,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
} as const;

/** Said to whoever meets a moment when the database cannot be reached (answered 503). */
export const OUTAGE_MESSAGE =
  "Tenemos un problema momentáneo y no pudimos guardar ni consultar nada. Intenta de nuevo en unos segundos.";

export type AppErrorCode = keyof typeof STATUS_BY_CODE;

/**
 * An error the domain expects and answers: `message` is the Spanish sentence the user reads. What
 * the operator needs to know — why it happened, the error underneath — travels apart from it
 * (`internal`, `cause`) and is logged with the request id, never shown.
 */
export class AppError extends Error {
  readonly code: AppErrorCode;
  /** The form field the message belongs next to, when there is one. */
  readonly field?: string;
  readonly retryAfterSeconds?: number;
  /** Extra facts for the caller, sent along in the failure answer (e.g. which product ran out). */
  readonly details?: Record<string, unknown>;
  /** For the log only: what happened, in the operator's terms. */
  readonly internal?: string;

  constructor(
    code: AppErrorCode,
    message: string,
    options: {
      field?: string;
      retryAfterSeconds?: number;
      details?: Record<string, unknown>;
      internal?: string;
      cause?: unknown;
    } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.field = options.field;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.details = options.details;
    this.internal = options.internal;
  }

  get status(): number {
    return STATUS_BY_CODE[this.code];
  }
}

/** PostgreSQL's unique_violation, with the constraint that was violated. */
export function uniqueViolation(error: unknown): string | undefined {
  const cause = (error as { cause?: unknown })?.cause ?? error;
  const pgError = cause as { code?: string; constraint?: string };
  return pgError?.code === "23505" ? (pgError.constraint ?? "") : undefined;
}
