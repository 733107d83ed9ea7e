import { z } from "~/lib/zod";
import { parseChoiceGroupsField } from "./choice-form";
import { listedPrice } from "./choices";
import { PRODUCT_UNITS, type ProductUnit } from "./product-units";
import { isStockAmount, MAX_STOCK, STOCK_AMOUNT_MESSAGES } from "./stock";

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

/** The dialog's stock fields ("Inventario", "Inventario diario", "Avisar «Quedan N» desde"). */
export const STOCK_MESSAGES = {
  stock: STOCK_AMOUNT_MESSAGES,
  dailyStock: {
    whole: "Escribe un número entero mayor que 0, o déjalo vacío si no se repone cada día.",
    measure:
      "Escribe una cantidad mayor que 0, con hasta 3 decimales, o déjalo vacío si no se repone cada día.",
  },
  lowStockThreshold: {
    whole: "Escribe un número entero mayor que 0, o déjalo vacío para no avisar.",
    measure: "Escribe una cantidad mayor que 0, con hasta 3 decimales, o déjalo vacío para no avisar.",
  },
  thresholdWithoutStock: "Para avisar «Quedan N», escribe también el inventario.",
  /** The server's answer to stock sent for a store whose plan does not have it. */
  plan: "El inventario está en los planes Negocio y Pro. Mejora tu plan para usarlo.",
} as const;

export { MAX_STOCK };

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
    /** Stock fields: "" tracks no stock, refills nothing, never says "Quedan N". */
    stock: z.string().trim().optional(),
    /** The stock the dialog showed: the stock is written only when the owner changed it. */
    stockWas: z.string().trim().optional(),
    dailyStock: z.string().trim().optional(),
    lowStockThreshold: z.string().trim().optional(),
    /** The choice groups as JSON (./choice-form.ts); absent or "" is none. */
    choiceGroups: z.string().max(50_000, PRODUCT_MESSAGES.tooLong).optional(),
  })
  .superRefine((form, ctx) => {
    const choices = parseChoiceGroupsField(form.choiceGroups, form.unit);
    if (!choices.ok) {
      const [message] = Object.values(choices.errors);
      ctx.addIssue({ code: "custom", path: ["choiceGroups"], message: message! });
    }
    // A size group sets the price: the product's own is not asked for then, nor while the groups
    // are refused (their message comes first).
    const sized = choices.ok && choices.groups.some((group) => group.kind === "size");
    const noPrice = choices.ok && !sized && (form.price === "" || Number(form.price) === 0);
    if (form.name === "" || form.description === "" || noPrice) {
      ctx.addIssue({ code: "custom", path: ["form"], message: PRODUCT_MESSAGES.required });
      return;
    }
    // With a size group the product's price is its cheapest size's (./choices.ts, listedPrice).
    const ownPrice = choices.ok && !sized;
    if (ownPrice && !MONEY_PATTERN.test(form.price))
      ctx.addIssue({ code: "custom", path: ["price"], message: PRODUCT_MESSAGES.price });
    // A million pesos at most; an order whose total would not fit is refused by MAX_ORDER_TOTAL.
    else if (ownPrice && Number(form.price) >= MAX_PRICE)
      ctx.addIssue({ code: "custom", path: ["price"], message: PRODUCT_MESSAGES.priceTooHigh });
    for (const field of ["quantityStep", "minQuantity"] as const) {
      const value = form[field];
      if (value && !(QUANTITY_PATTERN.test(value) && Number(value) > 0 && Number(value) <= 999))
        ctx.addIssue({ code: "custom", path: [field], message: PRODUCT_MESSAGES.quantityStep });
    }
    checkStockFields(form, ctx);
  })
  .transform(({ price, variations, quantityStep, minQuantity, choiceGroups: json, ...form }) => {
    const choices = parseChoiceGroupsField(json, form.unit);
    const choiceGroups = choices.ok ? choices.groups : [];
    // pieza is always sold whole: its step and minimum are never stored.
    const measured = form.unit !== "pieza";
    const { stockWas, ...rest } = form;
    const dailyStock = amountOrNull(form.dailyStock);
    // Daily stock with no stock typed starts full.
    const stock = amountOrNull(form.stock) ?? dailyStock;
    return {
      ...rest,
      price: listedPrice({ price: Number(price), choiceGroups }),
      choiceGroups,
      variations: normalizeOptions(variations),
      quantityStep: measured && quantityStep ? Number(quantityStep) : null,
      minQuantity: measured && minQuantity ? Number(minQuantity) : null,
      stock,
      /** False when the stock is as the dialog showed it: orders taken meanwhile are kept. */
      stockEdited: stockWas === undefined || stock !== amountOrNull(stockWas),
      dailyStock,
      lowStockThreshold: amountOrNull(form.lowStockThreshold),
      /** Stock per size option (docs/decisions/034), with whether the owner changed it. */
      optionStock: choices.ok ? choices.optionStock : [],
    };
  });

const amountOrNull = (value: string | undefined) => (value ? Number(value) : null);

type StockFieldsInput = {
  unit: string;
  stock?: string;
  dailyStock?: string;
  lowStockThreshold?: string;
};

/** Whole numbers for pieces, up to 3 decimals otherwise; stock from 0, the others above 0. */
function checkStockFields(form: StockFieldsInput, ctx: z.RefinementCtx) {
  const kind = form.unit === "pieza" ? "whole" : "measure";
  let valid = true;
  for (const field of ["stock", "dailyStock", "lowStockThreshold"] as const) {
    const value = form[field];
    if (!value) continue;
    const least = field === "stock" ? 0 : Number.MIN_VALUE;
    if (!isStockAmount(value, form.unit as ProductUnit, least)) {
      ctx.addIssue({ code: "custom", path: [field], message: STOCK_MESSAGES[field][kind] });
      valid = false;
    }
  }
  if (valid && form.lowStockThreshold && !form.stock && !form.dailyStock)
    ctx.addIssue({
      code: "custom",
      path: ["lowStockThreshold"],
      message: STOCK_MESSAGES.thresholdWithoutStock,
    });
}

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
    stock: (text("stock") ?? "").replace(",", "."),
    stockWas: text("stockWas"),
    dailyStock: (text("dailyStock") ?? "").replace(",", "."),
    lowStockThreshold: (text("lowStockThreshold") ?? "").replace(",", "."),
    choiceGroups: text("choiceGroups"),
  };
}
