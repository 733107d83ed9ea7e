import { z } from "~/lib/zod";
import { LICENCE_TYPES } from "~/domain/stores/licence-types";
import { SIGNUP_MESSAGES } from "~/domain/stores/signup-form";
import { RESERVED_STORE_IDS, STORE_ID_PATTERN } from "~/domain/stores/store-id";
import { EMAIL_PATTERN } from "~/domain/auth/account-forms";
import { normalizeOrderNumber } from "~/domain/orders/order-number";

/**
 * The super-admin panel's forms. The panel posts one of its named intents; the
 * browser and the action parse the same schemas.
 */
/** The hydrated panel posts its forms here and reads the answer as JSON. */
export const SUPER_ADMIN_ACTIONS_URL = "/i/super-admin/actions";

export const SUPER_ADMIN_MESSAGES = {
  rotated: (count: number) =>
    count === 0
      ? "Se rotaron los productos destacados, pero no hay productos disponibles con imagen para destacar."
      : `Productos destacados rotados: ahora se destacan ${count} productos.`,
  rotateFailed: "Failed to rotate featured products.",
  created: (storeId: string) => `Tienda creada: ${storeId}. Ya puedes abrirla en /${storeId}.`,
  createFailed: "Failed to create store.",
  shown: (storeId: string) => `La tienda ${storeId} ahora es visible en el directorio.`,
  hidden: (storeId: string) => `La tienda ${storeId} ahora está oculta del directorio.`,
  planSaved: (storeId: string) => `Plan de ${storeId} actualizado.`,
  planFailed: "No se pudo actualizar el plan.",
  visibilityFailed: "No se pudo cambiar la visibilidad de la tienda.",
  expiryRequired: "Indica la fecha de vencimiento del plan.",
  expiryInPast: "La fecha de vencimiento debe ser posterior a hoy.",
  storeNotFound: "No encontramos esa tienda.",
  unknownIntent: "Acción desconocida.",
  claimEmail: "Ingresa un correo electrónico válido, o déjalo vacío para solo copiar el enlace.",
  orderNumber: "Escribe el número del pedido.",
} as const;

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A plan bought "until 2026-05-31" lasts to the end of that day in central Mexico (UTC−6, no DST). */
export function endOfDayInMexico(date: string): Date {
  return new Date(`${date}T23:59:59.999-06:00`);
}

export const CreateStoreFormSchema = z
  .object({
    intent: z.literal("create-store"),
    displayName: z.string().trim().max(80, "El nombre puede tener como máximo 80 caracteres."),
    storeId: z.string().trim(),
    storeCategory: z.string().trim(),
    cityId: z.string().trim().min(1, SIGNUP_MESSAGES.required),
  })
  .superRefine((form, ctx) => {
    if (form.displayName === "")
      ctx.addIssue({ code: "custom", path: ["displayName"], message: SIGNUP_MESSAGES.required });
    if (form.storeId === "") {
      ctx.addIssue({ code: "custom", path: ["storeId"], message: SIGNUP_MESSAGES.required });
    } else if (RESERVED_STORE_IDS.has(form.storeId)) {
      ctx.addIssue({ code: "custom", path: ["storeId"], message: SIGNUP_MESSAGES.storeIdTaken });
    } else if (!STORE_ID_PATTERN.test(form.storeId)) {
      ctx.addIssue({ code: "custom", path: ["storeId"], message: SIGNUP_MESSAGES.storeIdFormat });
    }
    if (form.storeCategory === "") {
      ctx.addIssue({ code: "custom", path: ["storeCategory"], message: SIGNUP_MESSAGES.category });
    }
  });
export type CreateStoreForm = z.infer<typeof CreateStoreFormSchema>;
export type CreateStoreField = Exclude<keyof CreateStoreForm, "intent">;

export const SetPlanFormSchema = z
  .object({
    intent: z.literal("set-plan"),
    storeId: z.string().trim().min(1),
    licenceType: z.enum(LICENCE_TYPES),
    expires: z.string().trim(),
  })
  .superRefine((form, ctx) => {
    if (form.licenceType === "starter") return;
    if (!DATE_PATTERN.test(form.expires) || Number.isNaN(endOfDayInMexico(form.expires).getTime())) {
      ctx.addIssue({ code: "custom", path: ["expires"], message: SUPER_ADMIN_MESSAGES.expiryRequired });
    }
  });
export type SetPlanForm = z.infer<typeof SetPlanFormSchema>;

export const SetVisibilityFormSchema = z.object({
  intent: z.literal("set-visibility"),
  storeId: z.string().trim().min(1),
  hidden: z.enum(["true", "false"]).transform((value) => value === "true"),
});

export const RotateFeaturedFormSchema = z.object({ intent: z.literal("rotate-featured") });

/** "Crear enlace para reclamar": optionally e-mailed to the business. */
export const CreateClaimLinkFormSchema = z.object({
  intent: z.literal("create-claim-link"),
  storeId: z.string().trim().min(1),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, SUPER_ADMIN_MESSAGES.claimEmail)
    .refine((value) => value === "" || EMAIL_PATTERN.test(value), SUPER_ADMIN_MESSAGES.claimEmail)
    .default(""),
});

/** A shopper's request to erase their data from one order (LFPDPPP), by its number. */
export const EraseOrderFormSchema = z.object({
  intent: z.literal("erase-order"),
  orderNumber: z
    .string()
    .trim()
    .min(1, SUPER_ADMIN_MESSAGES.orderNumber)
    .max(40, SUPER_ADMIN_MESSAGES.orderNumber)
    .transform(normalizeOrderNumber),
  /** "1" once the super-admin saw what will be erased; without it the answer is that preview. */
  confirmed: z.literal("1").optional(),
});

export const SUPER_ADMIN_INTENTS = [
  "rotate-featured",
  "create-store",
  "set-visibility",
  "set-plan",
  "create-claim-link",
  "erase-order",
] as const;

export const SuperAdminIntentSchema = z.discriminatedUnion("intent", [
  RotateFeaturedFormSchema,
  CreateStoreFormSchema,
  SetVisibilityFormSchema,
  SetPlanFormSchema,
  CreateClaimLinkFormSchema,
  EraseOrderFormSchema,
]);
export type SuperAdminIntent = z.infer<typeof SuperAdminIntentSchema>;
