import type { LicenceType } from "~/domain/stores/licence-types";
import { daysRemaining, PLAN_LABELS, resolveLicence, type Licence, type StoreLicenceFields } from "./licence";

/** The plan panel and badge of the admin header. */
export const BASIC_PLAN_PRICE = "$179/mes";

export const TRIAL_MESSAGES = {
  started: "¡Listo! Tu prueba de 30 días del plan Negocio comenzó.",
  alreadyUsed: "Tu tienda ya usó su periodo de prueba.",
  failed: "No se pudo iniciar la prueba. Intenta de nuevo.",
} as const;

/** What the header's badge shows for a store's stored licence fields at a given time. */
export function planBadge(
  store: StoreLicenceFields,
  now: Date,
): { tier: LicenceType; label: string; trial: boolean } {
  const licence = resolveLicence(store, now);
  return { tier: licence.tier, label: PLAN_LABELS[licence.tier], trial: licence.trial };
}

/** A starter store that never had a trial may start one (the server re-checks this atomically). */
export function canStartTrial(store: StoreLicenceFields, now: Date): boolean {
  return store.trialExpiration === null && resolveLicence(store, now).tier === "starter";
}

/** The trial sentence: days remaining, or that the expiry date is not available. */
export function trialText(licence: Licence, now: Date): string {
  const days = daysRemaining(licence.expiresAt, now);
  const remaining =
    days === null
      ? "la fecha de vencimiento no está disponible"
      : days === 1
        ? "te queda 1 día"
        : `te quedan ${days} días`;
  return `Estás probando el plan Negocio: ${remaining}. Después cuesta ${BASIC_PLAN_PRICE}.`;
}
