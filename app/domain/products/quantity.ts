/**
 * Quantities by the step: a product orders in whole units from 1, as the spec says, unless its
 * owner set a step (0.25 kg, 0.5 L…) and a minimum for a product sold by kg, L or mL; pieza always
 * stays whole. Quantities are handled in thousandths so that 0.1 + 0.2 is 0.3, and stored as exact
 * decimals.
 */
import type { ProductUnit } from "./product-units";

export const DEFAULT_STEPS: Record<ProductUnit, number> = { pieza: 1, kg: 1, L: 1, mL: 1 };
export const MAX_MEASURED_QUANTITY = 999;

export const QUANTITY_MESSAGES = {
  offStep: (step: string, minimum: string) =>
    `La cantidad debe ser de al menos ${minimum} y en pasos de ${step}.`,
  /** A measured quantity that is not a number above zero (pieza keeps the order form's own message). */
  notAMeasure: (words: string, example: string) =>
    `La cantidad debe ser un número de ${words} mayor que cero (puede llevar decimales, por ejemplo ${example}).`,
  /** The same for a product sold in whole units (its owner set no decimal step). */
  notAWholeMeasure: (words: string, minimum: string) =>
    `La cantidad debe ser un número entero de ${words}, de al menos ${minimum}.`,
  step: "El paso debe ser mayor que cero.",
  pieza: "Los productos por pieza se venden en números enteros.",
} as const;

/** Measured units as a sentence names them: "un número de kilos". */
export const MEASURE_WORDS: Record<Exclude<ProductUnit, "pieza">, string> = {
  kg: "kilos",
  L: "litros",
  mL: "mililitros",
};

const thousandths = (value: number) => Math.round(value * 1000);

export type QuantityRule = { unit: ProductUnit; step: number; minimum: number };

/** The product's own rule, or the unit's default; pieza is always whole, from 1. */
export function quantityRule(product: {
  unit: ProductUnit;
  quantityStep?: number | null;
  minQuantity?: number | null;
}): QuantityRule {
  if (product.unit === "pieza") return { unit: "pieza", step: 1, minimum: 1 };
  const step =
    product.quantityStep && product.quantityStep > 0 ? product.quantityStep : DEFAULT_STEPS[product.unit];
  const minimum = product.minQuantity && product.minQuantity > 0 ? product.minQuantity : step;
  return { unit: product.unit, step, minimum };
}

/** At least the minimum, on a step counted from the minimum, at most the maximum. */
export function isValidQuantity(rule: QuantityRule, quantity: number): boolean {
  if (!Number.isFinite(quantity)) return false;
  const q = thousandths(quantity);
  if (Math.abs(q - quantity * 1000) > 1e-6) return false;
  const min = thousandths(rule.minimum);
  const step = thousandths(rule.step);
  if (q < min || q > thousandths(MAX_MEASURED_QUANTITY)) return false;
  return (q - min) % step === 0;
}

export function stepUp(rule: QuantityRule, quantity: number): number {
  return Math.min(MAX_MEASURED_QUANTITY, (thousandths(quantity) + thousandths(rule.step)) / 1000);
}

/** One step down; below the minimum the line goes (0). */
export function stepDown(rule: QuantityRule, quantity: number): number {
  const next = thousandths(quantity) - thousandths(rule.step);
  return next < thousandths(rule.minimum) ? 0 : next / 1000;
}

const quantityFormat = new Intl.NumberFormat("es-MX", { maximumFractionDigits: 3 });

/** "0.75 kg", "1.5 L", "250 mL", "1 pieza", "3 piezas" (es-MX digits). */
export function formatQuantity(quantity: number, unit: ProductUnit): string {
  const word = unit === "pieza" && quantity !== 1 ? "piezas" : unit;
  return `${quantityFormat.format(quantity)} ${word}`;
}

// ── A quantity typed by the shopper ──────────────────────────────────────────────────────────

/** What the cart says next to a quantity typed by hand (the field accepts decimals). */
export const QUANTITY_INPUT_MESSAGES = {
  notANumber: (example: string) => `Escribe la cantidad con números, por ejemplo ${example}.`,
  tooLittle: (minimum: string) => `La cantidad mínima es ${minimum}.`,
  tooMuch: (maximum: string) => `La cantidad máxima es ${maximum}.`,
  offerNearest: (quantity: string) => `Usar ${quantity}`,
  fixFirst: "Corrige la cantidad marcada en tu carrito para hacer tu pedido.",
} as const;

const plainQuantity = new Intl.NumberFormat("es-MX", { maximumFractionDigits: 3, useGrouping: false });

/** The number alone as the quantity field shows it, in es-MX digits: "0.75", "250", "2". */
export function quantityInputText(quantity: number): string {
  return plainQuantity.format(quantity);
}

/** The largest quantity on the rule's steps, for measured units; 999 pieces for pieza. */
export function maximumQuantity(rule: QuantityRule): number {
  const min = thousandths(rule.minimum);
  const step = thousandths(rule.step);
  const max = thousandths(MAX_MEASURED_QUANTITY);
  return (min + Math.floor((max - min) / step) * step) / 1000;
}

/** The valid quantity nearest to `quantity`: on a step from the minimum, within the limits. */
export function nearestQuantity(rule: QuantityRule, quantity: number): number {
  const min = thousandths(rule.minimum);
  const step = thousandths(rule.step);
  const steps = Math.round((thousandths(quantity) - min) / step);
  const bounded = Math.min(Math.max(steps, 0), (thousandths(maximumQuantity(rule)) - min) / step);
  return (min + bounded * step) / 1000;
}

export type TypedQuantity =
  { ok: true; quantity: number } | { ok: false; message: string; nearest: number | null };

/**
 * Reads what the shopper typed in the cart's quantity field: "0.75", "0,75" (a phone's decimal
 * key may give a comma) or ".75". A valid quantity is taken as it is; anything else gets the
 * reason in Spanish and, when it is a number, the valid quantity nearest to it.
 */
export function readTypedQuantity(rule: QuantityRule, typed: string): TypedQuantity {
  const text = typed.trim().replace(",", ".");
  const example = rule.unit === "pieza" ? "2" : quantityInputText(rule.minimum * 3);
  if (!/^(\d+\.?\d*|\.\d+)$/.test(text))
    return { ok: false, message: QUANTITY_INPUT_MESSAGES.notANumber(example), nearest: null };
  const quantity = Number(text);
  if (isValidQuantity(rule, quantity)) return { ok: true, quantity };
  const nearest = nearestQuantity(rule, quantity);
  const refused = (message: string): TypedQuantity => ({ ok: false, message, nearest });
  if (quantity < rule.minimum)
    return refused(QUANTITY_INPUT_MESSAGES.tooLittle(formatQuantity(rule.minimum, rule.unit)));
  if (quantity > maximumQuantity(rule))
    return refused(QUANTITY_INPUT_MESSAGES.tooMuch(formatQuantity(maximumQuantity(rule), rule.unit)));
  return refused(
    rule.unit === "pieza"
      ? QUANTITY_MESSAGES.pieza
      : QUANTITY_MESSAGES.offStep(
          formatQuantity(rule.step, rule.unit),
          formatQuantity(rule.minimum, rule.unit),
        ),
  );
}
