/**
 * The account screens' forms and words (docs/decisions/017): forgotten password, a new password, and the
 * Cuenta area. One schema per form, run by the browser for instant feedback and enforced by the
 * action; the server adds the common-passwords list (common-passwords.server.ts).
 */
import { z } from "~/lib/zod";
import { passwordProblem } from "./password";

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MAX_EMAIL_LENGTH = 254;

/**
 * What making an account says, from the sign-up form or from a link (a claim, an invitation), in
 * the product's fixed wording; the sign-up's own messages add the store's (SIGNUP_MESSAGES).
 */
export const NEW_ACCOUNT_MESSAGES = {
  email: "Ingresa un correo electrónico válido.",
  emailTaken: "Ya existe una cuenta con este correo electrónico. Inicia sesión.",
  tooMany: "Demasiados registros desde esta conexión. Intenta de nuevo más tarde.",
  failed: "No pudimos crear tu tienda. Intenta de nuevo.",
} as const;

export const RESET_MESSAGES = {
  /** Always the same answer, whether or not the account exists. */
  sent: "Si existe una cuenta con ese correo, te enviamos un enlace para elegir una nueva contraseña. Revisa tu bandeja de entrada (y la de spam); el enlace vence en 1 hora.",
  email: "Ingresa un correo electrónico válido.",
  tooMany: "Demasiadas solicitudes desde esta conexión. Espera unos minutos e intenta de nuevo.",
  failed: "No pudimos procesar tu solicitud. Intenta de nuevo.",
  invalidLink: "Este enlace ya se usó o venció. Pide uno nuevo desde «¿Olvidaste tu contraseña?».",
  mismatch: "Las contraseñas no coinciden.",
  changed: "Listo: tu contraseña cambió y cerramos las sesiones abiertas. Inicia sesión con la nueva.",
  resetFailed: "No pudimos cambiar tu contraseña. Intenta de nuevo.",
} as const;

export const ACCOUNT_MESSAGES = {
  required: "Completa este campo.",
  wrongPassword: "La contraseña actual no es correcta.",
  passwordChanged: "Tu contraseña cambió. Cerramos tus otras sesiones.",
  passwordFailed: "No pudimos cambiar tu contraseña. Intenta de nuevo.",
  samePassword: "La nueva contraseña debe ser distinta de la actual.",
  emailSame: "Ese ya es tu correo.",
  emailTaken: "Ya existe una cuenta con este correo electrónico.",
  emailRequested: (email: string) =>
    `Te enviamos un enlace a ${email}. Tu correo cambiará cuando lo abras (vence en 24 horas).`,
  emailFailed: "No pudimos cambiar tu correo. Intenta de nuevo.",
  emailConfirmed: "Listo: ya entras a Tianguis con tu nuevo correo.",
  emailLinkInvalid: "Este enlace ya se usó o venció. Pide el cambio de nuevo desde tu cuenta.",
  sessionClosed: "Cerramos esa sesión.",
  otherSessionsClosed: (count: number) =>
    count === 0
      ? "No había otras sesiones abiertas."
      : count === 1
        ? "Cerramos 1 sesión más."
        : `Cerramos ${count} sesiones más.`,
  sessionNotFound: "Esa sesión ya no está abierta.",
  sessionsFailed: "No pudimos cerrar la sesión. Intenta de nuevo.",
  tooManyAttempts: "Demasiados intentos fallidos. Espera 15 minutos e intenta de nuevo.",
  confirmIdentity: "Por seguridad, escribe tu contraseña actual para continuar.",
} as const;

const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(MAX_EMAIL_LENGTH, RESET_MESSAGES.email)
  .refine((value) => EMAIL_PATTERN.test(value), RESET_MESSAGES.email);

/** A new password: the sign-up's rules (the common-passwords list is added by the server). */
const newPassword = z.string().superRefine((value, ctx) => {
  const problem = value === "" ? ACCOUNT_MESSAGES.required : passwordProblem(value);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

const currentPassword = z
  .string()
  .min(1, ACCOUNT_MESSAGES.required)
  .max(1024, ACCOUNT_MESSAGES.wrongPassword);

export const ForgotPasswordSchema = z.object({ email });

export const ResetPasswordSchema = z
  .object({ password: newPassword, confirmation: z.string() })
  .refine((form) => form.password === form.confirmation, {
    message: RESET_MESSAGES.mismatch,
    path: ["confirmation"],
  });
export type ResetPasswordField = keyof z.infer<typeof ResetPasswordSchema>;

export const ChangePasswordSchema = z
  .object({ currentPassword, newPassword })
  .refine((form) => form.currentPassword !== form.newPassword, {
    message: ACCOUNT_MESSAGES.samePassword,
    path: ["newPassword"],
  });

/**
 * The password that confirms who is there before something that cannot be undone: it may stay
 * empty right after signing in (the server decides, app/domain/auth/account.server.ts).
 */
const identityPassword = z.string().max(1024, ACCOUNT_MESSAGES.wrongPassword);

export const ChangeEmailSchema = z.object({ newEmail: email, currentPassword: identityPassword });

/** Closing the store and exporting its data: the password, or nothing right after signing in. */
export const ConfirmIdentitySchema = z.object({ currentPassword: identityPassword });

/** A new account made to claim a store (app/routes/claim.tsx): the sign-up's e-mail and password rules. */
export const ClaimSignupSchema = z.object({ email, password: newPassword });
