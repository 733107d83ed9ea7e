/** The error codes the domain throws; one place (toHttpError) turns them into statuses. */
export type AppErrorCode =
  | "VALIDATION"
  | "NOT_FOUND"
  | "FORBIDDEN"
  | "ALREADY_EXISTS"
  | "PLAN_LIMIT_REACHED"
  | "RATE_LIMITED"
  | "UNAVAILABLE";

const statusByCode: Record<AppErrorCode, number> = {
  VALIDATION: 400,
  NOT_FOUND: 404,
  FORBIDDEN: 403,
  ALREADY_EXISTS: 409,
  PLAN_LIMIT_REACHED: 409,
  RATE_LIMITED: 429,
  UNAVAILABLE: 409,
};

export class AppError extends Error {
  readonly code: AppErrorCode;
  /** The form field the message belongs next to, when there is one. */
  readonly field?: string;
  readonly retryAfterSeconds?: number;

  constructor(
    code: AppErrorCode,
    message: string,
    options: { field?: string; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.field = options.field;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get status() {
    return statusByCode[this.code];
  }
}

/** PostgreSQL's unique_violation, with the constraint that was violated. */
export function uniqueViolation(error: unknown): string | undefined {
  const cause = (error as { cause?: unknown })?.cause ?? error;
  const pgError = cause as { code?: string; constraint?: string };
  return pgError?.code === "23505" ? (pgError.constraint ?? "") : undefined;
}
