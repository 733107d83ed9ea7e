/**
 * "Avísame cuando haya" (docs/decisions/030): a shopper without an account leaves an e-mail, or
 * this browser's push subscription, on a sold-out product and is told once, when it is back. Pure:
 * the store page's dialog and the storefront endpoint share the form's schema and words; the
 * messages themselves are `restockMail` (app/domain/mail/mail-text.ts) and `restockPush`
 * (app/domain/push/push-text.ts).
 */
import { EMAIL_PATTERN, MAX_EMAIL_LENGTH } from "~/domain/auth/account-forms";
import { PUSH_SUBSCRIPTION_FIELDS } from "~/domain/push/push-endpoint";
import { z } from "~/lib/zod";
import { RESTOCK_WORDS } from "./restock-words";

export { RESTOCK_WORDS };

const ProductIdSchema = z.string().min(1).max(64);

export const RestockFormSchema = z.object({
  productId: ProductIdSchema,
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(MAX_EMAIL_LENGTH, RESTOCK_WORDS.email)
    .refine((value) => EMAIL_PATTERN.test(value), RESTOCK_WORDS.email),
});
export type RestockForm = z.infer<typeof RestockFormSchema>;

/** The push channel's form: the browser's subscription instead of an address. */
export const RestockPushFormSchema = z.object({
  productId: ProductIdSchema,
  channel: z.literal("push"),
  ...PUSH_SUBSCRIPTION_FIELDS,
});

/** A request as it is kept: the e-mail, or the subscription's endpoint and keys. */
export type RestockRequest = { productId: string } & (
  | { channel: "email"; address: string; p256dh: null; auth: null }
  | { channel: "push"; address: string; p256dh: string; auth: string }
);

export type ParsedRestockForm =
  | { success: true; data: RestockRequest }
  | { success: false; message: string; fieldErrors: { email?: string } };

/** The storefront endpoint's form: push when it says so, else an e-mail, as before push existed. */
export function parseRestockForm(input: unknown): ParsedRestockForm {
  if (typeof input === "object" && input !== null && "channel" in input && input.channel === "push") {
    const push = RestockPushFormSchema.safeParse(input);
    if (!push.success) return { success: false, message: RESTOCK_WORDS.pushInvalid, fieldErrors: {} };
    const { productId, endpoint, p256dh, auth } = push.data;
    return { success: true, data: { productId, channel: "push", address: endpoint, p256dh, auth } };
  }
  const email = RestockFormSchema.safeParse(input);
  if (!email.success) {
    const message = email.error.issues.find((issue) => issue.path[0] === "email")?.message;
    return { success: false, message: RESTOCK_WORDS.failure, fieldErrors: message ? { email: message } : {} };
  }
  const { productId, email: address } = email.data;
  return { success: true, data: { productId, channel: "email", address, p256dh: null, auth: null } };
}

/**
 * Whether the store page at this path is on the platform's address (`/<storeId>`, `/<storeId>/p/…`),
 * where the push service worker is served; a store's own domain shows the store at `/` and serves
 * no worker, so push is not offered there.
 */
export function pushWorkerServedAt(pathname: string, storeId: string): boolean {
  return pathname === `/${storeId}` || pathname.startsWith(`/${storeId}/`);
}

/** Where the cancel link points: a page that asks before it forgets the request. */
export const restockCancelPath = (token: string) => `/i/avisame/baja/${token}`;

export const RESTOCK_CANCEL_WORDS = {
  title: "Cancelar aviso",
  question: (product: string, store: string) =>
    `¿Ya no quieres que te avisemos cuando haya ${product} en ${store}?`,
  confirm: "Sí, cancelar el aviso",
  done: "Listo: cancelamos el aviso y borramos tu correo.",
  donePush: "Listo: cancelamos el aviso y este navegador no lo recibirá.",
  gone: "Este aviso ya no existe: se canceló o ya te avisamos.",
} as const;
