/**
 * Configuración → how shoppers pay and the WhatsApp status texts. One zod schema,
 * run by the panel for instant feedback and by the server to enforce it.
 */
import { z } from "~/lib/zod";
import { isValidClabe, OWNER_CHOSEN_METHODS, PAYMENT_MESSAGES } from "./payment";
import { TEMPLATE_KINDS, TEMPLATE_MAX_LENGTH } from "./status-messages";
import { parseTipPercentages, TIP_MESSAGES } from "./tips";

export const ORDER_SETTINGS_MESSAGES = {
  paymentSaved: "Formas de pago guardadas.",
  templatesSaved: "Mensajes guardados.",
  failed: "No se pudo guardar. Intenta de nuevo.",
  templateTooLong: `Cada mensaje puede tener como máximo ${TEMPLATE_MAX_LENGTH} caracteres.`,
} as const;

export const PaymentSettingsSchema = z
  .object({
    paymentMethods: z.array(z.enum(OWNER_CHOSEN_METHODS)).max(OWNER_CHOSEN_METHODS.length),
    bankName: z.string().trim().max(60),
    bankAccountHolder: z.string().trim().max(100),
    clabe: z
      .string()
      .transform((value) => value.replace(/\s/g, ""))
      .refine((value) => value === "" || isValidClabe(value), PAYMENT_MESSAGES.clabe),
  })
  .superRefine((value, context) => {
    if (!value.paymentMethods.includes("transfer")) return;
    for (const field of ["bankName", "bankAccountHolder", "clabe"] as const) {
      if (value[field] === "")
        context.addIssue({ code: "custom", path: [field], message: PAYMENT_MESSAGES.bankRequired });
    }
  });
export type PaymentSettings = z.infer<typeof PaymentSettingsSchema>;

export function paymentSettingsValues(form: FormData) {
  return {
    paymentMethods: [...new Set(form.getAll("paymentMethods").map(String))],
    bankName: String(form.get("bankName") ?? ""),
    bankAccountHolder: String(form.get("bankAccountHolder") ?? ""),
    clabe: String(form.get("clabe") ?? ""),
  };
}

export const TemplatesSchema = z.object(
  Object.fromEntries(
    TEMPLATE_KINDS.map((kind) => [
      kind,
      z.string().trim().max(TEMPLATE_MAX_LENGTH, ORDER_SETTINGS_MESSAGES.templateTooLong),
    ]),
  ) as Record<(typeof TEMPLATE_KINDS)[number], z.ZodString>,
);

export function templateValues(form: FormData) {
  return Object.fromEntries(TEMPLATE_KINDS.map((kind) => [kind, String(form.get(kind) ?? "")]));
}

/** "Propina": on or off, the percentages offered (typed "10, 15, 20") and whether an own amount is taken. */
export const TipSettingsSchema = z
  .object({
    tipsEnabled: z.boolean(),
    tipPercentages: z.string().transform((value, context) => {
      const percentages = parseTipPercentages(value);
      if (percentages === null) {
        context.addIssue({ code: "custom", message: TIP_MESSAGES.percentages });
        return z.NEVER;
      }
      return percentages;
    }),
    tipOwnAmount: z.boolean(),
  })
  .superRefine((value, context) => {
    if (value.tipsEnabled && value.tipPercentages.length === 0 && !value.tipOwnAmount)
      context.addIssue({ code: "custom", path: ["tipPercentages"], message: TIP_MESSAGES.nothingOffered });
  });
export type TipSettingsInput = z.infer<typeof TipSettingsSchema>;

export function tipSettingsValues(form: FormData) {
  return {
    tipsEnabled: form.get("tipsEnabled") === "on",
    tipPercentages: String(form.get("tipPercentages") ?? ""),
    tipOwnAmount: form.get("tipOwnAmount") === "on",
  };
}
