import { z } from "~/lib/zod";
import { EMAIL_PATTERN, MAX_EMAIL_LENGTH } from "~/domain/auth/account-forms";
import { PLAN_LABELS, teamSizeLimit } from "~/domain/stores/licence";
import type { LicenceType } from "~/domain/stores/licence-types";
import { MEMBER_ROLES, ROLE_LABELS, type MemberRole } from "./team-roles";

/** An invitation's link: single use, valid this many days from when it was sent (or sent again). */
export const INVITATION_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export function invitationExpiresAt(sentAt: Date): Date {
  return new Date(sentAt.getTime() + INVITATION_DAYS * DAY_MS);
}

export type InvitationStatus = "valid" | "used" | "revoked" | "expired" | "unknown";

/** What an invitation's row says of its link at `now`: used first, then revoked, then expired. */
export function invitationStatus(
  invitation: { acceptedAt: Date | null; revokedAt: Date | null; expiresAt: Date } | undefined,
  now: Date,
): InvitationStatus {
  if (!invitation) return "unknown";
  if (invitation.acceptedAt) return "used";
  if (invitation.revokedAt) return "revoked";
  if (invitation.expiresAt.getTime() <= now.getTime()) return "expired";
  return "valid";
}

/** An e-mail as invitations and accounts are compared: trimmed, lower case. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** Whether an account's e-mail is the one an invitation was sent to. */
export function isInvitedEmail(invitedEmail: string, accountEmail: string): boolean {
  return normalizeEmail(invitedEmail) === normalizeEmail(accountEmail);
}

export const TEAM_MESSAGES = {
  unknown: "Esta invitación no es válida. Revisa que copiaste el enlace completo.",
  used: "Esta invitación ya se usó. Pide a la tienda una nueva si la necesitas.",
  revoked: "La tienda canceló esta invitación. Pide una nueva si la necesitas.",
  expired: `Esta invitación venció (duran ${INVITATION_DAYS} días). Pide a la tienda que te la envíe de nuevo.`,
  wrongAccount: (maskedEmail: string) =>
    `Esta invitación es para ${maskedEmail}. Cierra sesión y entra con esa cuenta para aceptarla.`,
  signupEmail: (maskedEmail: string) =>
    `Esta invitación es para ${maskedEmail}: crea tu cuenta con ese correo.`,
  alreadyInStore: (storeId: string) =>
    `Tu cuenta ya trabaja en la tienda /${storeId}. Cada cuenta pertenece a una sola tienda: para aceptar, entra con otra cuenta.`,
  teamFull: (tier: LicenceType) =>
    teamSizeLimit(tier) === 1
      ? `El plan ${PLAN_LABELS[tier]} es para una sola persona. Cambia de plan para sumar a tu equipo.`
      : `El plan ${PLAN_LABELS[tier]} permite hasta ${teamSizeLimit(tier)} personas contando al dueño. Cambia de plan o quita a alguien del equipo.`,
  alreadyInvited: "Ya hay una invitación pendiente para este correo.",
  alreadyMember: "Esa persona ya está en tu equipo.",
  invited: (email: string) =>
    `Enviamos la invitación a ${email}. El enlace sirve una sola vez y vence en ${INVITATION_DAYS} días.`,
  resent: (email: string) => `Enviamos de nuevo la invitación a ${email}.`,
  revokedDone: "Invitación cancelada.",
  roleChanged: "Rol actualizado.",
  removed: "Quitamos a esa persona del equipo. Su sesión se cerró.",
  accepted: (storeName: string) => `¡Listo! Ya eres parte del equipo de ${storeName}.`,
  notFound: "No encontramos a esa persona en tu equipo.",
  failed: "No se pudo completar. Intenta de nuevo.",
  invalidEmail: "Escribe un correo electrónico válido.",
  invalidRole: "Elige un rol: encargado o cajero.",
  passwordRequired: "Escribe tu contraseña para confirmar.",
  transferred: (name: string) =>
    `Listo: ${name} es ahora el dueño de la tienda. Tú sigues en el equipo como encargado.`,
} as const;

export function invitationStatusMessage(status: Exclude<InvitationStatus, "valid">): string {
  return TEAM_MESSAGES[status];
}

const role = z.enum(MEMBER_ROLES, { error: TEAM_MESSAGES.invalidRole });
const id = z.coerce.number().int().positive();

/** The Equipo tab's forms, by intent. */
export const TeamActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("invite"),
    email: z
      .string()
      .trim()
      .toLowerCase()
      .max(MAX_EMAIL_LENGTH, TEAM_MESSAGES.invalidEmail)
      .refine((value) => EMAIL_PATTERN.test(value), TEAM_MESSAGES.invalidEmail),
    role,
  }),
  z.object({ intent: z.literal("resend"), id }),
  z.object({ intent: z.literal("revoke"), id }),
  z.object({ intent: z.literal("role"), userId: z.string().min(1).max(64), role }),
  z.object({ intent: z.literal("remove"), userId: z.string().min(1).max(64) }),
  z.object({
    intent: z.literal("transfer"),
    userId: z.string().min(1).max(64),
    currentPassword: z
      .string()
      .min(1, TEAM_MESSAGES.passwordRequired)
      .max(1024, TEAM_MESSAGES.passwordRequired),
  }),
]);
export type TeamAction = z.infer<typeof TeamActionSchema>;

/** "Completada por Ana": the first word of a member's name, or of their e-mail before the @. */
export function actorDisplayName(name: string, email: string): string {
  const source =
    name.trim() && name.trim().toLowerCase() !== email.toLowerCase() ? name : email.split("@")[0]!;
  return source.trim().split(/\s+/)[0]!.slice(0, 40);
}

export function roleLabel(role: MemberRole | "owner"): string {
  return ROLE_LABELS[role];
}

export const TEAM_ENDPOINT = "/i/admin/team";
export const invitationPath = (token: string) => `/i/invitacion/${token}`;
