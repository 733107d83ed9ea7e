import { z } from "~/lib/zod";
import { PRODUCT_UNITS } from "./product-units";

/** The add/edit product dialog: messages kept together, in the product's fixed wording. */
export const PRODUCT_MESSAGES = {
  required: "Por favor completa todos los campos del producto.",
  price: "El precio debe ser un número mayor que 0, con hasta dos decimales.",
  priceTooHigh: "El precio debe ser menor que $1,000,000.00.",
  unit: "Elige una unidad de la lista.",
  quantityStep: "Escribe una cantidad mayor que cero, con hasta 3 decimales (por ejemplo 0.25).",
  category: "Elige una categoría de la lista.",
  image: "No pudimos usar esa imagen. Súbela de nuevo.",
  tooLong: "El texto es demasiado largo.",
  notFound: "No encontramos ese producto.",
  failed: "No se pudo guardar el producto. Intenta de nuevo.",
  availabilityFailed: "No se pudo cambiar la disponibilidad. Intenta de nuevo.",
  deleteFailed: "No se pudo eliminar el producto. Intenta de nuevo.",
} as const;

export function planLimitMessage(limit: number): string {
  return `Has alcanzado el límite de productos disponibles para tu plan (${limit}). Mejora tu plan para habilitar más productos.`;
}

/** Options (variations): trimmed, non-empty, unique, in the order typed. */
export function normalizeOptions(input: readonly string[]): string[] {
  const options: string[] = [];
  for (const raw of input) {
    const option = raw.trim();
    if (option !== "" && !options.includes(option)) options.push(option);
  }
  return options;
}

const MONEY_PATTERN = /^\d+(\.\d{1,2})?$/;
export const MAX_PRICE = 1_000_000;

/**
 * One schema for the product dialog, shared by the browser and the action. A missing name,
 * description or a zero price gives one message for the whole form (PRODUCT_MESSAGES.required).
 */
export const ProductFormSchema = z
  .object({
    name: z.string().trim().max(120, PRODUCT_MESSAGES.tooLong),
    description: z.string().trim().max(1000, PRODUCT_MESSAGES.tooLong),
    price: z.string().trim(),
    unit: z.enum(PRODUCT_UNITS, PRODUCT_MESSAGES.unit),
    variations: z.array(z.string().max(80, PRODUCT_MESSAGES.tooLong)).max(30, PRODUCT_MESSAGES.tooLong),
    category: z.string().trim().max(40, PRODUCT_MESSAGES.category),
    /** Storage key of the image; "" removes it; absent keeps the current one. */
    imageKey: z.string().trim().max(200, PRODUCT_MESSAGES.image).optional(),
    /** The quantity step and minimum, for kg, L and mL: "" uses the unit's default. */
    quantityStep: z.string().trim().optional(),
    minQuantity: z.string().trim().optional(),
  })
  .superRefine((form, ctx) => {
    if (form.name === "" || form.description === "" || form.price === "" || Number(form.price) === 0) {
      ctx.addIssue({ code: "custom", path: ["form"], message: PRODUCT_MESSAGES.required });
      return;
    }
    if (!MONEY_PATTERN.test(form.price))
      ctx.addIssue({ code: "custom", path: ["price"], message: PRODUCT_MESSAGES.price });
    // A million pesos at most; an order whose total would not fit is refused by MAX_ORDER_TOTAL.
    else if (Number(form.price) >= MAX_PRICE)
      ctx.addIssue({ code: "custom", path: ["price"], message: PRODUCT_MESSAGES.priceTooHigh });
    for (const field of ["quantityStep", "minQuantity"] as const) {
      const value = form[field];
      if (value && !(QUANTITY_PATTERN.test(value) && Number(value) > 0 && Number(value) <= 999))
        ctx.addIssue({ code: "custom", path: [field], message: PRODUCT_MESSAGES.quantityStep });
    }
  })
  .transform(({ price, variations, quantityStep, minQuantity, ...form }) => {
    // pieza is always sold whole: its step and minimum are never stored.
    const measured = form.unit !== "pieza";
    return {
      ...form,
      price: Number(price),
      variations: normalizeOptions(variations),
      quantityStep: measured && quantityStep ? Number(quantityStep) : null,
      minQuantity: measured && minQuantity ? Number(minQuantity) : null,
    };
  });

const QUANTITY_PATTERN = /^\d+(\.\d{1,3})?$/;

export type ProductForm = z.output<typeof ProductFormSchema>;

/** FormData → what the schema reads; options arrive as repeated `variations` fields. */
export function productFormValues(formData: FormData) {
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value : undefined;
  };
  return {
    name: text("name") ?? "",
    description: text("description") ?? "",
    price: (text("price") ?? "").replace(",", "."),
    unit: text("unit") ?? "pieza",
    variations: formData.getAll("variations").filter((value): value is string => typeof value === "string"),
    category: text("category") ?? "",
    imageKey: text("imageKey"),
    quantityStep: (text("quantityStep") ?? "").replace(",", "."),
    minQuantity: (text("minQuantity") ?? "").replace(",", "."),
  };
}
