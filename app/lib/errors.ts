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

export type AppErrorCode = keyof typeof STATUS_BY_CODE;

export class AppError extends Error {
  readonly code: AppErrorCode;
  /** The form field the message belongs next to, when there is one. */
  readonly field?: string;
  readonly retryAfterSeconds?: number;
  /** Extra facts for the caller, sent along in the failure answer (e.g. which product ran out). */
  readonly details?: Record<string, unknown>;

  constructor(
    code: AppErrorCode,
    message: string,
    options: { field?: string; retryAfterSeconds?: number; details?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.field = options.field;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.details = options.details;
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
