import * as z from "zod/mini";
import { MAX_CART_LINES, MAX_QUANTITY } from "./cart";

/**
 * The shopper's order form (spec §5): one schema, run by the storefront for instant feedback
 * and by the server to enforce it. `zod/mini` rather than `zod`: same library and messages,
 * but tree-shakable, so the store page stays inside its JavaScript budget
 * (docs/decisions/001-storefront-island.md).
 */

/** Every message a shopper can see around an order, verbatim from the spec where it gives one. */
export const ORDER_MESSAGES = {
  name: "Por favor ingresa tu nombre.",
  nameTooLong: "El nombre puede tener como máximo 80 caracteres.",
  phone: "El teléfono debe tener 10 dígitos (formato mexicano, solo números).",
  address: "Por favor ingresa tu dirección.",
  addressTooLong: "La dirección puede tener como máximo 300 caracteres.",
  comments: "Los comentarios pueden tener como máximo 300 caracteres.",
  deliveryType: "Elige cómo quieres recibir tu pedido.",
  deliveryNotAllowed: "Esta tienda no ofrece esa opción de entrega.",
  emptyCart: "Tu carrito está vacío.",
  unavailable: "Este producto ya no está disponible y ha sido removido de la lista.",
  failure: "Hubo un error al realizar el pedido. Intenta de nuevo.",
  lookupNotFound: "No se encontró una orden con ese número.",
  lookupError: "Error buscando la orden. Intenta de nuevo.",
  lookupTooMany: "Demasiadas búsquedas desde esta conexión. Espera un momento e intenta de nuevo.",
} as const;

export const NAME_MAX_LENGTH = 80;
export const PHONE_LENGTH = 10;
export const ADDRESS_MAX_LENGTH = 300;
export const COMMENTS_MAX_LENGTH = 300;
export const ORDER_NUMBER_MAX_LENGTH = 40;
export const DELIVERY_TYPES = ["pickup", "delivery"] as const;

export const DELIVERY_LABELS: Record<(typeof DELIVERY_TYPES)[number], string> = {
  pickup: "Recoger en tienda",
  delivery: "Entrega a domicilio",
};

const PHONE_PATTERN = /^\d{10}$/;

export const OrderLineSchema = z.object({
  productId: z.string().check(z.minLength(1), z.maxLength(64)),
  variation: z.string().check(z.maxLength(200)),
  quantity: z.int().check(z.gte(1), z.lte(MAX_QUANTITY)),
});

export const OrderFormSchema = z
  .object({
    customerName: z
      .string()
      .check(z.trim(), z.minLength(1, ORDER_MESSAGES.name), z.maxLength(NAME_MAX_LENGTH, ORDER_MESSAGES.nameTooLong)),
    customerPhone: z.string().check(
      z.trim(),
      z.refine((phone) => phone === "" || PHONE_PATTERN.test(phone), ORDER_MESSAGES.phone),
    ),
    deliveryType: z.enum(DELIVERY_TYPES, ORDER_MESSAGES.deliveryType),
    address: z.string().check(z.trim(), z.maxLength(ADDRESS_MAX_LENGTH, ORDER_MESSAGES.addressTooLong)),
    comments: z.string().check(z.trim(), z.maxLength(COMMENTS_MAX_LENGTH, ORDER_MESSAGES.comments)),
    /** Generated with the form: a double tap, a retry or a reload places one order. */
    idempotencyKey: z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/)),
    lines: z.array(OrderLineSchema).check(z.minLength(1, ORDER_MESSAGES.emptyCart), z.maxLength(MAX_CART_LINES)),
  })
  .check(
    z.refine((form) => form.deliveryType !== "delivery" || form.address !== "", {
      message: ORDER_MESSAGES.address,
      path: ["address"],
      // Runs even when other fields are wrong, so the shopper sees every problem at once.
      when: (payload) => typeof (payload.value as { address?: unknown })?.address === "string",
    }),
  );

export type OrderForm = z.infer<typeof OrderFormSchema>;
export type OrderFormInput = z.input<typeof OrderFormSchema>;
export type OrderField = "customerName" | "customerPhone" | "deliveryType" | "address" | "comments" | "lines";
export type OrderFieldErrors = Partial<Record<OrderField | "form", string>>;

/** What the phone field keeps of what is typed: digits only, at most 10 (spec §5). */
export function normalizePhoneInput(value: string): string {
  return value.replace(/\D/g, "").slice(0, PHONE_LENGTH);
}

export type OrderFormResult = { success: true; data: OrderForm } | { success: false; errors: OrderFieldErrors };

/** Parses the form; on failure, the first message per field, in the form's order. */
export function parseOrderForm(input: unknown): OrderFormResult {
  const parsed = OrderFormSchema.safeParse(input);
  if (parsed.success) return { success: true, data: parsed.data };
  const errors: OrderFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    const key: OrderField | "form" =
      typeof field === "string" && field !== "idempotencyKey" ? (field as OrderField) : "form";
    errors[key] ??= key === "form" ? ORDER_MESSAGES.failure : issue.message;
  }
  return { success: false, errors };
}
