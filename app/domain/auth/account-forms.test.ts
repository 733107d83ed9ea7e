import { describe, expect, it } from "vitest";
import {
  ACCOUNT_MESSAGES,
  ChangeEmailSchema,
  ConfirmIdentitySchema,
  ChangePasswordSchema,
  ClaimSignupSchema,
  ForgotPasswordSchema,
  MAX_EMAIL_LENGTH,
  RESET_MESSAGES,
  ResetPasswordSchema,
} from "./account-forms";
import { PASSWORD_BLANK_MESSAGE, PASSWORD_TOO_LONG_MESSAGE, PASSWORD_TOO_SHORT_MESSAGE } from "./password";

/** What a form shows: each field's first message, or the parsed values. */
function outcome(schema: { safeParse: (input: unknown) => unknown }, input: unknown) {
  const result = schema.safeParse(input) as
    | { success: true; data: unknown }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
  if (result.success) return { ok: true, data: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join(".")] ??= issue.message;
  return { ok: false, errors };
}

describe("¿Olvidaste tu contraseña?", () => {
  it("takes an e-mail as the account stores it: trimmed and in lower case", () => {
    expect(outcome(ForgotPasswordSchema, { email: "  Dueña@Ejemplo.MX " })).toEqual({
      ok: true,
      data: { email: "dueña@ejemplo.mx" },
    });
  });

  it.each([
    "",
    "sin-arroba",
    "a@b",
    "a b@ejemplo.mx",
    "a@ejemplo .mx",
    "a@ejemplo.mx b",
    "@ejemplo.mx",
    "a@.mx",
  ])("refuses %j with the fixed message", (email) => {
    expect(outcome(ForgotPasswordSchema, { email })).toEqual({
      ok: false,
      errors: { email: "Ingresa un correo electrónico válido." },
    });
  });

  it(`refuses an address longer than ${MAX_EMAIL_LENGTH} characters, and takes one of exactly that length`, () => {
    const atLimit = `${"a".repeat(MAX_EMAIL_LENGTH - "@ejemplo.mx".length)}@ejemplo.mx`;
    expect(atLimit).toHaveLength(254);
    expect(outcome(ForgotPasswordSchema, { email: atLimit })).toMatchObject({ ok: true });
    expect(outcome(ForgotPasswordSchema, { email: `a${atLimit}` })).toEqual({
      ok: false,
      errors: { email: RESET_MESSAGES.email },
    });
  });
});

describe("a new password from the e-mailed link", () => {
  it("needs the sign-up's rules, naming the password field", () => {
    expect(outcome(ResetPasswordSchema, { password: "", confirmation: "" })).toEqual({
      ok: false,
      errors: { password: "Completa este campo." },
    });
    expect(outcome(ResetPasswordSchema, { password: "corta", confirmation: "corta" })).toEqual({
      ok: false,
      errors: { password: PASSWORD_TOO_SHORT_MESSAGE },
    });
    expect(outcome(ResetPasswordSchema, { password: " ".repeat(9), confirmation: " ".repeat(9) })).toEqual({
      ok: false,
      errors: { password: PASSWORD_BLANK_MESSAGE },
    });
    const long = "x".repeat(129);
    expect(outcome(ResetPasswordSchema, { password: long, confirmation: long })).toEqual({
      ok: false,
      errors: { password: PASSWORD_TOO_LONG_MESSAGE },
    });
  });

  it("needs the confirmation to match, said next to the confirmation", () => {
    expect(
      outcome(ResetPasswordSchema, { password: "nueva-clave-1", confirmation: "nueva-clave-2" }),
    ).toEqual({
      ok: false,
      errors: { confirmation: "Las contraseñas no coinciden." },
    });
    expect(
      outcome(ResetPasswordSchema, { password: "nueva-clave-1", confirmation: "nueva-clave-1" }),
    ).toEqual({
      ok: true,
      data: { password: "nueva-clave-1", confirmation: "nueva-clave-1" },
    });
  });
});

describe("Cuenta: change the password", () => {
  it("asks for the current password, and refuses an absurdly long one as wrong", () => {
    expect(outcome(ChangePasswordSchema, { currentPassword: "", newPassword: "otra-clave-9" })).toEqual({
      ok: false,
      errors: { currentPassword: ACCOUNT_MESSAGES.required },
    });
    expect(
      outcome(ChangePasswordSchema, { currentPassword: "x".repeat(1024), newPassword: "otra-clave-9" }),
    ).toMatchObject({ ok: true });
    expect(
      outcome(ChangePasswordSchema, { currentPassword: "x".repeat(1025), newPassword: "otra-clave-9" }),
    ).toEqual({ ok: false, errors: { currentPassword: "La contraseña actual no es correcta." } });
  });

  it("needs a new password that follows the rules and is not the current one", () => {
    expect(outcome(ChangePasswordSchema, { currentPassword: "vieja-clave", newPassword: "" })).toEqual({
      ok: false,
      errors: { newPassword: ACCOUNT_MESSAGES.required },
    });
    expect(
      outcome(ChangePasswordSchema, { currentPassword: "vieja-clave", newPassword: "vieja-clave" }),
    ).toEqual({ ok: false, errors: { newPassword: "La nueva contraseña debe ser distinta de la actual." } });
    expect(
      outcome(ChangePasswordSchema, { currentPassword: "vieja-clave", newPassword: "nueva-clave" }),
    ).toEqual({
      ok: true,
      data: { currentPassword: "vieja-clave", newPassword: "nueva-clave" },
    });
  });
});

describe("Cuenta: change the e-mail", () => {
  it("takes the new address as stored, and the current password when given (the server decides when it may be missing)", () => {
    expect(outcome(ChangeEmailSchema, { newEmail: " Nuevo@Ejemplo.mx", currentPassword: "clave" })).toEqual({
      ok: true,
      data: { newEmail: "nuevo@ejemplo.mx", currentPassword: "clave" },
    });
    expect(outcome(ChangeEmailSchema, { newEmail: "nuevo", currentPassword: "" })).toEqual({
      ok: false,
      errors: { newEmail: RESET_MESSAGES.email },
    });
    expect(outcome(ChangeEmailSchema, { newEmail: "a@b.mx", currentPassword: "" })).toEqual({
      ok: true,
      data: { newEmail: "a@b.mx", currentPassword: "" },
    });
    expect(outcome(ChangeEmailSchema, { newEmail: "a@b.mx", currentPassword: "x".repeat(1025) })).toEqual({
      ok: false,
      errors: { currentPassword: ACCOUNT_MESSAGES.wrongPassword },
    });
  });

  it("closing the store and exporting its data take the password the same way", () => {
    expect(outcome(ConfirmIdentitySchema, { currentPassword: "" })).toEqual({
      ok: true,
      data: { currentPassword: "" },
    });
    expect(outcome(ConfirmIdentitySchema, { currentPassword: "x".repeat(1025) })).toEqual({
      ok: false,
      errors: { currentPassword: ACCOUNT_MESSAGES.wrongPassword },
    });
    expect(ACCOUNT_MESSAGES.confirmIdentity).toBe(
      "Por seguridad, escribe tu contraseña actual para continuar.",
    );
  });

  it("says where the link went", () => {
    expect(ACCOUNT_MESSAGES.emailRequested("nuevo@ejemplo.mx")).toBe(
      "Te enviamos un enlace a nuevo@ejemplo.mx. Tu correo cambiará cuando lo abras (vence en 24 horas).",
    );
  });
});

describe("Cuenta: sessions", () => {
  it("counts the other sessions it closed in words", () => {
    expect(ACCOUNT_MESSAGES.otherSessionsClosed(0)).toBe("No había otras sesiones abiertas.");
    expect(ACCOUNT_MESSAGES.otherSessionsClosed(1)).toBe("Cerramos 1 sesión más.");
    expect(ACCOUNT_MESSAGES.otherSessionsClosed(2)).toBe("Cerramos 2 sesiones más.");
    expect(ACCOUNT_MESSAGES.otherSessionsClosed(12)).toBe("Cerramos 12 sesiones más.");
  });
});

describe("a new account made to claim a store", () => {
  it("uses the sign-up's e-mail and password rules", () => {
    expect(outcome(ClaimSignupSchema, { email: " Nueva@Ejemplo.mx ", password: "clave-segura" })).toEqual({
      ok: true,
      data: { email: "nueva@ejemplo.mx", password: "clave-segura" },
    });
    expect(outcome(ClaimSignupSchema, { email: "nadie", password: "" })).toEqual({
      ok: false,
      errors: { email: RESET_MESSAGES.email, password: ACCOUNT_MESSAGES.required },
    });
    expect(outcome(ClaimSignupSchema, { email: "nueva@ejemplo.mx", password: "corta" })).toEqual({
      ok: false,
      errors: { password: PASSWORD_TOO_SHORT_MESSAGE },
    });
  });
});
