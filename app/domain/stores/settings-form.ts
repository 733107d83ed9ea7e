import { EMAIL_PATTERN } from "~/domain/auth/account-forms";
import { z } from "~/lib/zod";

/** The settings tab: messages kept together, in the product's fixed wording. */
export const SETTINGS_MESSAGES = {
  saved: "Configuración guardada exitosamente",
  failed: "No se pudo guardar la configuración.",
  deliveryOptionRequired: "Debes permitir al menos una opción de entrega o recoleccion.",
  whatsappNeedsPhone: "Requiere un teléfono válido de 10 dígitos.",
  phone: "El teléfono debe tener como máximo 10 dígitos.",
  url: "Escribe una dirección que empiece con http:// o https://.",
  email: "Ingresa un correo electrónico válido.",
  color: "Elige un color válido (#rrggbb).",
  city: "Selecciona una ciudad de la lista.",
  logo: "No pudimos usar esa imagen. Súbela de nuevo.",
} as const;

/** The name the panel shows for a store that has none, and where there is no store at all. */
export const DEFAULT_STORE_NAME = "Tienda";

export const PHONE_DIGITS = 10;
export const PICKUP_ADDRESS_MAX_LENGTH = 200;
export const DEFAULT_COLORS = {
  primaryColor: "#2563eb",
  secondaryColor: "#22d3ee",
  backgroundColor: "#f8fafc",
  panelBackgroundColor: "#ffffff",
  productBackgroundColor: "#ffffff",
} as const;
export type ColorField = keyof typeof DEFAULT_COLORS;
export const COLOR_FIELDS = Object.keys(DEFAULT_COLORS) as ColorField[];

/** What the phone input keeps of what was typed: digits only, at most 10. */
export function normalizePhone(input: string): string {
  return input.replace(/\D/g, "").slice(0, PHONE_DIGITS);
}

/** The WhatsApp confirmation checkbox needs a phone with exactly 10 digits. */
export function canRequireWhatsapp(phone: string): boolean {
  return /^\d{10}$/.test(phone);
}

const COLOR_PATTERN = /^#[0-9a-f]{6}$/i;

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

/** A checkbox as FormData sends it: present ("on") when ticked, absent otherwise. */
const checkbox = z
  .enum(["on", "true", "false"])
  .optional()
  .transform((value) => value === "on" || value === "true");

const socialUrl = z
  .string()
  .trim()
  .max(300, SETTINGS_MESSAGES.url)
  .refine((value) => value === "" || isHttpUrl(value), SETTINGS_MESSAGES.url);

const color = z
  .string()
  .trim()
  .regex(COLOR_PATTERN, SETTINGS_MESSAGES.color)
  .transform((value) => value.toLowerCase());

/**
 * One schema for the settings form: the browser runs it for instant feedback, the action
 * enforces it. Instruction fields are optional because a disabled input is not submitted:
 * a missing one keeps its stored value (the save merges).
 */
export const SettingsFormSchema = z
  .object({
    displayName: z.string().trim().max(80, "El nombre puede tener como máximo 80 caracteres."),
    description: z.string().trim().max(500, "La descripción puede tener como máximo 500 caracteres."),
    contactEmail: z
      .string()
      .trim()
      .toLowerCase()
      .max(254, SETTINGS_MESSAGES.email)
      .refine((value) => value === "" || EMAIL_PATTERN.test(value), SETTINGS_MESSAGES.email),
    facebookUrl: socialUrl,
    instagramUrl: socialUrl,
    twitterUrl: socialUrl,
    phone: z
      .string()
      .transform((value) => value.replace(/\D/g, ""))
      .refine((value) => value.length <= PHONE_DIGITS, SETTINGS_MESSAGES.phone),
    requireWhatsappConfirmation: checkbox,
    cityId: z.string().trim().min(1, SETTINGS_MESSAGES.city).max(60, SETTINGS_MESSAGES.city),
    /** Storage key of the logo; "" removes it; absent keeps the current one. */
    logoKey: z.string().trim().max(200, SETTINGS_MESSAGES.logo).optional(),
    primaryColor: color,
    secondaryColor: color,
    backgroundColor: color,
    panelBackgroundColor: color,
    productBackgroundColor: color,
    allowPickup: checkbox,
    allowDelivery: checkbox,
    /** "Permitir solicitar factura" (docs/decisions/053). */
    allowInvoiceRequests: checkbox,
    /** Street and number where orders are picked up: the tracking page and the store's structured data show it. */
    pickupAddress: z
      .string()
      .trim()
      .max(PICKUP_ADDRESS_MAX_LENGTH, "La dirección puede tener como máximo 200 caracteres.")
      .optional(),
    pickupInstructions: z
      .string()
      .trim()
      .max(500, "Las instrucciones pueden tener como máximo 500 caracteres.")
      .optional(),
    deliveryInstructions: z
      .string()
      .trim()
      .max(500, "Las instrucciones pueden tener como máximo 500 caracteres.")
      .optional(),
  })
  .superRefine((form, ctx) => {
    if (!form.allowPickup && !form.allowDelivery) {
      ctx.addIssue({
        code: "custom",
        path: ["allowPickup"],
        message: SETTINGS_MESSAGES.deliveryOptionRequired,
      });
    }
    if (form.requireWhatsappConfirmation && !canRequireWhatsapp(form.phone)) {
      ctx.addIssue({
        code: "custom",
        path: ["requireWhatsappConfirmation"],
        message: SETTINGS_MESSAGES.whatsappNeedsPhone,
      });
    }
  });

export type SettingsForm = z.infer<typeof SettingsFormSchema>;
export type SettingsField = keyof SettingsForm;

/** FormData → the plain object the schema reads (the same in the browser and the action). */
export function settingsFormValues(formData: FormData): Record<string, string | undefined> {
  const values: Record<string, string | undefined> = {};
  for (const [key, value] of formData) if (typeof value === "string") values[key] = value;
  return values;
}
