/**
 * "Avísame cuando haya" (docs/decisions/030): a shopper without an account leaves an e-mail on a
 * sold-out product and is written to once, when it is back. Pure: the store page's dialog and the
 * storefront endpoint share the form's schema and words; the message itself is `restockMail` in app/domain/mail/mail-text.ts.
 */
import { EMAIL_PATTERN, MAX_EMAIL_LENGTH } from "~/domain/auth/account-forms";
import { z } from "~/lib/zod";

export const RESTOCK_WORDS = {
  button: "Avísame cuando haya",
  title: (product: string) => `Te avisamos cuando haya ${product}`,
  explanation: "Te escribimos una sola vez, cuando vuelva a haber. No necesitas cuenta.",
  emailLabel: "Correo",
  send: "Avísame",
  sending: "Enviando…",
  close: "Cerrar",
  email: "Escribe un correo válido, por ejemplo ana@ejemplo.com.",
  done: (email: string) => `Listo. Te escribiremos a ${email} cuando vuelva a haber.`,
  cancelLink: "Ya no quiero el aviso",
  failure: "No pudimos guardar tu aviso. Intenta de nuevo.",
  notSoldOut: "Este producto sí está disponible: puedes agregarlo al carrito.",
  notFound: "Este producto ya no está en la tienda.",
  tooMany: "Pediste demasiados avisos. Intenta de nuevo más tarde.",
  /** The owner's product list, beside a sold-out product. */
  waiting: (count: number) => (count === 1 ? "1 espera aviso" : `${count} esperan aviso`),
} as const;

export const RestockFormSchema = z.object({
  productId: z.string().min(1).max(64),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(MAX_EMAIL_LENGTH, RESTOCK_WORDS.email)
    .refine((value) => EMAIL_PATTERN.test(value), RESTOCK_WORDS.email),
});
export type RestockForm = z.infer<typeof RestockFormSchema>;

/** Where the cancel link points: a page that asks before it forgets the request. */
export const restockCancelPath = (token: string) => `/i/avisame/baja/${token}`;

export const RESTOCK_CANCEL_WORDS = {
  title: "Cancelar aviso",
  question: (product: string, store: string) =>
    `¿Ya no quieres que te avisemos cuando haya ${product} en ${store}?`,
  confirm: "Sí, cancelar el aviso",
  done: "Listo: cancelamos el aviso y borramos tu correo.",
  gone: "Este aviso ya no existe: se canceló o ya te escribimos.",
} as const;
