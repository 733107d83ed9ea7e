import {
  choiceKey,
  priceChoices,
  sameChoices,
  type ChoiceGroup,
  type ChosenGroup,
} from "~/domain/products/choices";
import type { ProductUnit } from "~/domain/products/product-units";
import { cartRoom, fitsRoom, type CartRoom, type CartStock } from "~/domain/products/stock";
import { toCents } from "~/domain/money/money";

/** How a line's quantity moves: pieza by 1 from 1; measured units by the product's step. */
export type StepRule = { step: number; minimum: number };
const WHOLE: StepRule = { step: 1, minimum: 1 };
const milli = (value: number) => Math.round(value * 1000);

/**
 * Cart arithmetic. Pure: the storefront runs it in the browser, the server runs
 * the same total when it prices an order from the database.
 */
/**
 * A line is its product, its option and its picks (option ids of its choice groups, in one order;
 * absent in carts saved before choices existed, which means none).
 */
export type CartLine = { productId: string; variation: string; choices?: string[]; quantity: number };
export type PricedLine = { price: number; quantity: number; unit: ProductUnit };

export const MAX_QUANTITY = 999;
export const MAX_CART_LINES = 100;

const sameLine = (line: CartLine, productId: string, variation: string, choices: readonly string[]) =>
  line.productId === productId && line.variation === variation && sameChoices(line.choices ?? [], choices);

const up = (quantity: number, rule: StepRule) =>
  Math.min(MAX_QUANTITY, (milli(quantity) + milli(rule.step)) / 1000);

/** Adding the same product, option and picks again increments its quantity by one step. */
export function addToCart(
  lines: CartLine[],
  productId: string,
  variation: string,
  rule: StepRule = WHOLE,
  choices: readonly string[] = [],
): CartLine[] {
  const existing = lines.find((line) => sameLine(line, productId, variation, choices));
  if (existing) {
    return lines.map((line) => (line === existing ? { ...line, quantity: up(line.quantity, rule) } : line));
  }
  if (lines.length >= MAX_CART_LINES) return lines;
  const picks = choices.length > 0 ? { choices: choiceKey(choices) } : {};
  return [...lines, { productId, variation, ...picks, quantity: rule.minimum }];
}

/**
 * Why one more of this product, option and picks cannot go in the cart (docs/decisions/041): the
 * line it would make or raise would hold more than is left, counting the cart's other lines of
 * the product (and of its size). Null when it fits.
 */
export function addRefusal(
  lines: CartLine[],
  product: CartStock,
  variation: string,
  choices: readonly string[],
  rule: StepRule = WHOLE,
): string | null {
  const index = lines.findIndex((line) => sameLine(line, product.id, variation, choices));
  const wanted = index >= 0 ? up(lines[index]!.quantity, rule) : rule.minimum;
  const room = cartRoom(
    product,
    choices,
    lines.filter((_, i) => i !== index),
  );
  return fitsRoom(room, wanted) ? null : room!.message;
}

/** The most the line at `index` may hold by what is left (null: no limit). */
export function lineRoom(lines: CartLine[], index: number, product: CartStock): CartRoom | null {
  const line = lines[index];
  if (!line) return null;
  return cartRoom(
    product,
    line.choices ?? [],
    lines.filter((_, i) => i !== index),
  );
}

export function incrementLine(lines: CartLine[], index: number, rule: StepRule = WHOLE): CartLine[] {
  return lines.map((line, i) => (i === index ? { ...line, quantity: up(line.quantity, rule) } : line));
}

/** Minus goes down a step to the minimum; at the minimum it removes the line. */
export function decrementLine(lines: CartLine[], index: number, rule: StepRule = WHOLE): CartLine[] {
  const line = lines[index];
  if (!line) return lines;
  const next = milli(line.quantity) - milli(rule.step);
  if (next < milli(rule.minimum)) return lines.filter((_, i) => i !== index);
  return lines.map((l, i) => (i === index ? { ...l, quantity: next / 1000 } : l));
}

/** A well-formed quantity: positive, at most 999, in thousandths at most. */
export function isQuantityShape(value: unknown): value is number {
  return (
    typeof value === "number" &&
    Number.isFinite(value) &&
    value > 0 &&
    value <= MAX_QUANTITY &&
    Math.abs(milli(value) - value * 1000) < 1e-6
  );
}

export function removeLine(lines: CartLine[], index: number): CartLine[] {
  return lines.filter((_, i) => i !== index);
}

/** Price × quantity in centavos, rounded to the centavo (quantities may be decimal: 0.75 kg). */
function lineCents(line: Pick<PricedLine, "price" | "quantity">): number {
  return Math.round((toCents(line.price) * Math.round(line.quantity * 1000)) / 1000);
}

/** Price × quantity, to the centavo. */
export function lineTotal(line: Pick<PricedLine, "price" | "quantity">): number {
  return lineCents(line) / 100;
}

/** Sum of price × quantity over the lines, each to the centavo, 2 decimals. */
export function orderTotal(lines: Pick<PricedLine, "price" | "quantity">[]): number {
  return lines.reduce((cents, line) => cents + lineCents(line), 0) / 100;
}

/** The cart badge: pieza items count by quantity; other units one per distinct product. */
export function cartBadgeCount(
  lines: Pick<PricedLine & CartLine, "productId" | "quantity" | "unit">[],
): number {
  let pieces = 0;
  const measured = new Set<string>();
  for (const line of lines) {
    if (line.unit === "pieza") pieces += line.quantity;
    else measured.add(line.productId);
  }
  return pieces + measured.size;
}

/**
 * Whether a line's option can be ordered: a product without options takes none, a product with
 * options takes one of them. The cart and the server's pricing share this one rule.
 */
export function isOrderableOption(product: { variations: readonly string[] }, variation: string): boolean {
  return product.variations.length === 0 ? variation === "" : product.variations.includes(variation);
}

/** Keeps only well-formed lines: what comes back from the browser's storage is untrusted. */
export function sanitizeCart(value: unknown): CartLine[] {
  if (!Array.isArray(value)) return [];
  const lines: CartLine[] = [];
  for (const item of value.slice(0, MAX_CART_LINES)) {
    const line = item as Partial<CartLine> | null;
    if (
      line &&
      typeof line.productId === "string" &&
      typeof line.variation === "string" &&
      isQuantityShape(line.quantity)
    ) {
      const choices =
        isIdList(line.choices) && line.choices.length > 0 ? { choices: choiceKey(line.choices) } : {};
      lines.push({
        productId: line.productId,
        variation: line.variation,
        ...choices,
        quantity: Math.min(MAX_QUANTITY, line.quantity as number),
      });
    }
  }
  return lines;
}

const isIdList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.length <= 100 && value.every((id) => typeof id === "string");

/**
 * Matches cart lines with the store's current catalogue: lines whose product is gone or no
 * longer available (or whose option was removed, or whose picks no longer fit its choice groups)
 * are dropped and reported. Each kept line comes with the price of one unit with its picks and
 * their names (as an order line would copy them).
 */
export function resolveCart<
  P extends { id: string; variations: string[]; price?: number; choiceGroups?: ChoiceGroup[] },
>(lines: CartLine[], catalogue: P[]) {
  const byId = new Map(catalogue.map((product) => [product.id, product]));
  const items: { line: CartLine; product: P; price: number; chosen: ChosenGroup[] }[] = [];
  const removed: CartLine[] = [];
  for (const line of lines) {
    const product = byId.get(line.productId);
    const variationOk = product ? isOrderableOption(product, line.variation) : false;
    const priced =
      product && variationOk
        ? priceChoices({ price: product.price ?? 0, choiceGroups: product.choiceGroups }, line.choices ?? [])
        : null;
    if (product && priced?.ok) items.push({ line, product, price: priced.price, chosen: priced.chosen });
    else removed.push(line);
  }
  return { items, removed };
}

/** A quantity typed in the cart replaces the line's; one that is not well formed changes nothing. */
export function setLineQuantity(lines: CartLine[], index: number, quantity: number): CartLine[] {
  if (!isQuantityShape(quantity)) return lines;
  return lines.map((line, i) => (i === index ? { ...line, quantity } : line));
}
