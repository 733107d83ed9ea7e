/**
 * Pricing an order from the database's copy of its products: the browser's prices are never
 * used, and a line whose product cannot be ordered refuses the whole order. Pure; the products
 * are read by the statement in ./price.server.ts.
 */
import { priceChoices, type ChoiceGroup, type ChosenGroup } from "~/domain/products/choices";
import type { ProductUnit } from "~/domain/products/product-units";
import {
  formatQuantity,
  isValidQuantity,
  maximumQuantity,
  MEASURE_WORDS,
  nearestQuantity,
  QUANTITY_INPUT_MESSAGES,
  QUANTITY_MESSAGES,
  quantityRule,
  type QuantityRule,
} from "~/domain/products/quantity";
import { AppError } from "~/lib/errors";
import { isOrderableOption, isQuantityShape } from "../cart";
import { ORDER_MESSAGES, type OrderLineInput } from "../order-form";

/** A cart line whose product is gone, switched off or lost the chosen option or choice. */
export class ProductUnavailableError extends AppError {
  readonly productId: string;
  readonly variation: string;
  constructor(productId: string, variation: string, choices: string[] = []) {
    super("UNAVAILABLE", ORDER_MESSAGES.unavailable, {
      field: "lines",
      // The picks are named only when there were some: a line without choices is answered as before.
      details: { unavailable: { productId, variation, ...(choices.length > 0 ? { choices } : {}) } },
    });
    this.productId = productId;
    this.variation = variation;
  }
}

/** A product as the order re-reads it. */
export type ProductRow = {
  id: string;
  name: string;
  price: number;
  unit: ProductUnit;
  /** The store's own category, which offers and codes may be limited to. */
  category: string;
  available: boolean;
  variations: string[];
  /** Its sizes and add-ons (~/domain/products/choices.ts); [] for a product without. */
  choiceGroups: ChoiceGroup[];
  quantityStep: number | null;
  minQuantity: number | null;
  /** Stock (./stock.server.ts): null sells without limit. */
  stock: number | null;
  dailyStock: number | null;
  /** As JSON gives it: an ISO time, or null. */
  stockRefilledAt: string | null;
  /** Stock per size option (docs/decisions/034), by option id; null counts none. */
  optionStock: Record<string, number> | null;
};

/**
 * A line with its product's name, unit and price as the database has them now: the price of one
 * unit with its choices (the size's price, plus the add-ons'), and a copy of the choices.
 */
export type PricedLine = OrderLineInput & {
  name: string;
  unit: ProductUnit;
  price: number;
  chosen: ChosenGroup[];
};

/**
 * Each line priced from its product, or the first line refused: its product missing (another
 * store's is never read), switched off or without the chosen option or a picked choice
 * (ProductUnavailableError); its picks short of a required choice, outside a group's minimum and
 * maximum or the same one twice; or a quantity off the product's step or under its minimum.
 */
export function priceLines(lines: OrderLineInput[], products: ProductRow[]): PricedLine[] {
  const byId = new Map(products.map((product) => [product.id, product]));
  return lines.map((line) => {
    const product = byId.get(line.productId);
    const picks = line.choices ?? [];
    if (!product || !product.available || !isOrderableOption(product, line.variation))
      throw new ProductUnavailableError(line.productId, line.variation, picks);
    const choices = priceChoices(product, picks);
    if (!choices.ok && choices.unknown)
      throw new ProductUnavailableError(line.productId, line.variation, picks);
    if (!choices.ok)
      throw new AppError("VALIDATION", `${product.name}: ${choices.message}`, { field: "lines" });
    const rule = quantityRule(product);
    if (!isValidQuantity(rule, line.quantity))
      throw new AppError("VALIDATION", quantityRefusal(product.name, rule, line.quantity), {
        field: "lines",
      });
    return { ...line, name: product.name, unit: product.unit, price: choices.price, chosen: choices.chosen };
  });
}

/**
 * Why a line's quantity is refused, in words that fit its product's unit. A piece keeps the
 * order form's message when the quantity is no whole number from 1; a measured product (kg, L,
 * mL) is sold in decimals, so a quantity that is no number above zero is asked for in its unit
 * with an example, one over the maximum gets the maximum, and one off the step gets the step.
 */
export function quantityRefusal(name: string, rule: QuantityRule, quantity: number): string {
  const step = QUANTITY_MESSAGES.offStep(
    formatQuantity(rule.step, rule.unit),
    formatQuantity(rule.minimum, rule.unit),
  );
  if (rule.unit === "pieza") return isQuantityShape(quantity) ? `${name}: ${step}` : ORDER_MESSAGES.quantity;
  if (!Number.isFinite(quantity) || quantity <= 0) {
    if (Number.isInteger(rule.step) && Number.isInteger(rule.minimum)) {
      const minimum = formatQuantity(rule.minimum, rule.unit);
      return `${name}: ${QUANTITY_MESSAGES.notAWholeMeasure(MEASURE_WORDS[rule.unit], minimum)}`;
    }
    const example = formatQuantity(nearestQuantity(rule, rule.minimum * 3), rule.unit);
    return `${name}: ${QUANTITY_MESSAGES.notAMeasure(MEASURE_WORDS[rule.unit], example)}`;
  }
  const maximum = maximumQuantity(rule);
  if (quantity > maximum)
    return `${name}: ${QUANTITY_INPUT_MESSAGES.tooMuch(formatQuantity(maximum, rule.unit))}`;
  return `${name}: ${step}`;
}
