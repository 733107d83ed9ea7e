/** "Crear enlace para reclamar" and the claim page: words and rules. */
export const CLAIM_MESSAGES = {
  unknown: "Este enlace para reclamar una tienda no es válido. Revisa que lo copiaste completo.",
  used: "Este enlace ya se usó: la tienda ya tiene dueño.",
  expired: "Este enlace venció (duran 7 días). Pide uno nuevo a Tianguis.",
  alreadyOwner: (storeId: string) =>
    `Ya administras la tienda /${storeId}. Cada cuenta administra una sola tienda: para reclamar esta, entra con otra cuenta.`,
  storeTaken: "Esta tienda ya tiene dueño.",
  storeNotFound: "No encontramos esa tienda.",
  claimed: (storeId: string) => `¡Listo! La tienda /${storeId} ya es tuya.`,
  failed: "No pudimos entregarte la tienda. Intenta de nuevo.",
  linkCreated: "Enlace creado. Cópialo y compártelo con el dueño: sirve una sola vez y vence en 7 días.",
  linkSent: (email: string) => `Enviamos el enlace a ${email}. Sirve una sola vez y vence en 7 días.`,
  linkFailed: "No se pudo crear el enlace.",
} as const;

export type ClaimStatus = "valid" | "used" | "expired" | "unknown";

export function claimStatusMessage(status: Exclude<ClaimStatus, "valid">): string {
  return CLAIM_MESSAGES[status];
}
