/**
 * The one answer of every form action, router form or JSON endpoint (docs/decisions/009): a
 * success with an optional message and payload, or a failure with the Spanish message to show
 * by the button and every field's own message.
 */
export type FieldErrors<Field extends string = string> = Partial<Record<Field, string>>;

export type FormSuccess<T extends object = object> = { ok: true; message?: string } & T;
export type FormFailure = { ok: false; message: string; fieldErrors?: Record<string, string> };
export type FormResult<T extends object = object> = FormSuccess<T> | FormFailure;

export function isFormResult(value: unknown): value is FormResult {
  return typeof value === "object" && value !== null && typeof (value as { ok?: unknown }).ok === "boolean";
}

/** Every field's first message from a zod error, keyed by the field's name (all fields, not only the first). */
export function fieldErrors<Field extends string = string>(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form") as Field;
    if (errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

/** The failure answer for a form whose fields did not pass its schema. */
export function invalidForm(message: string, errors: FieldErrors): FormFailure {
  return { ok: false, message, fieldErrors: errors as Record<string, string> };
}
