/** Password rules the sign-up form shows and the server enforces. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_TOO_SHORT_MESSAGE = `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres.`;
export const PASSWORD_TOO_LONG_MESSAGE = `La contraseña puede tener como máximo ${PASSWORD_MAX_LENGTH} caracteres.`;
export const PASSWORD_BLANK_MESSAGE = "La contraseña no puede ser solo espacios.";
/** Checked on the server only (app/domain/auth/common-passwords.server.ts): the list stays out of the bundle. */
export const PASSWORD_TOO_COMMON_MESSAGE =
  "Esa contraseña es de las más usadas y muy fácil de adivinar. Elige otra.";

/** The rules the browser can check too; the server adds the common-passwords list. */
export function passwordProblem(password: string): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT_MESSAGE;
  if (password.trim() === "") return PASSWORD_BLANK_MESSAGE;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_TOO_LONG_MESSAGE;
  return undefined;
}
