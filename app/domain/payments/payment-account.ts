/**
 * The owner's "Mercado Pago" settings: the form of the account linked by hand (access token,
 * public key, webhook secret) and its Spanish messages. Pure: the panel and the server share it.
 */
import { z } from "~/lib/zod";

export const PAYMENT_ACCOUNT_MESSAGES = {
  linked: "Cuenta de Mercado Pago vinculada.",
  unlinked: "Cuenta de Mercado Pago desvinculada.",
  failed: "No se pudo guardar. Intenta de nuevo.",
  tokenRequired: "Escribe el Access Token de tu cuenta de Mercado Pago.",
  tokenShape: "El Access Token empieza con APP_USR- o TEST- y no lleva espacios.",
  publicKeyShape: "La Public Key empieza con APP_USR- o TEST- y no lleva espacios.",
  secretRequired: "Escribe la clave secreta de tus notificaciones (webhooks).",
  tokenRefused: "Mercado Pago no reconoció este Access Token. Revísalo y vuelve a intentar.",
  providerDown: "No pudimos comunicarnos con Mercado Pago. Intenta de nuevo en unos minutos.",
  planRequired:
    "Los pagos con tarjeta o Mercado Pago vienen con los planes Negocio y Pro. Cambia tu plan a Negocio para cobrar en línea.",
  oauthFailed: "Mercado Pago no confirmó la vinculación. Intenta de nuevo.",
} as const;

const credential = (message: string) =>
  z
    .string()
    .trim()
    .max(300)
    .refine((value) => /^(APP_USR|TEST)-[\w-]+$/.test(value), message);

export const TokenAccountSchema = z.object({
  accessToken: z
    .string()
    .trim()
    .min(1, PAYMENT_ACCOUNT_MESSAGES.tokenRequired)
    .pipe(credential(PAYMENT_ACCOUNT_MESSAGES.tokenShape)),
  publicKey: credential(PAYMENT_ACCOUNT_MESSAGES.publicKeyShape),
  webhookSecret: z.string().trim().min(1, PAYMENT_ACCOUNT_MESSAGES.secretRequired).max(200),
});

export function tokenAccountValues(form: FormData) {
  return {
    accessToken: String(form.get("accessToken") ?? ""),
    publicKey: String(form.get("publicKey") ?? ""),
    webhookSecret: String(form.get("webhookSecret") ?? ""),
  };
}
