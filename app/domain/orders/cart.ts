import type { ProductUnit } from "~/domain/products/product-units";
import { toCents } from "./money";

/**
 * Cart arithmetic (spec §4, §9). Pure: the storefront runs it in the browser, the server runs
 * the same total when it prices an order from the database.
 */
export type CartLine = { productId: string; variation: string; quantity: number };
export type PricedLine = { price: number; quantity: number; unit: ProductUnit };

export const MAX_QUANTITY = 999;
export const MAX_CART_LINES = 100;

const sameLine = (line: CartLine, productId: string, variation: string) =>
  line.productId === productId && line.variation === variation;

/** Adding the same product and option again increments its quantity. */
export function addToCart(lines: CartLine[], productId: string, variation: string): CartLine[] {
  const existing = lines.find((line) => sameLine(line, productId, variation));
  if (existing) {
    return lines.map((line) =>
      line === existing ? { ...line, quantity: Math.min(MAX_QUANTITY, line.quantity + 1) } : line,
    );
  }
  if (lines.length >= MAX_CART_LINES) return lines;
  return [...lines, { productId, variation, quantity: 1 }];
}

export function incrementLine(lines: CartLine[], index: number): CartLine[] {
  return lines.map((line, i) =>
    i === index ? { ...line, quantity: Math.min(MAX_QUANTITY, line.quantity + 1) } : line,
  );
}

/** Minus decrements down to 1; at 1 it removes the line. */
export function decrementLine(lines: CartLine[], index: number): CartLine[] {
  const line = lines[index];
  if (!line) return lines;
  if (line.quantity <= 1) return lines.filter((_, i) => i !== index);
  return lines.map((l, i) => (i === index ? { ...l, quantity: l.quantity - 1 } : l));
}

export function removeLine(lines: CartLine[], index: number): CartLine[] {
  return lines.filter((_, i) => i !== index);
}

/** Price × quantity in centavos, rounded to the centavo (quantities may be decimal, issue 16). */
function lineCents(line: Pick<PricedLine, "price" | "quantity">): number {
  return Math.round((toCents(line.price) * Math.round(line.quantity * 1000)) / 1000);
}

/** Price × quantity, to the centavo. */
export function lineTotal(line: Pick<PricedLine, "price" | "quantity">): number {
  return lineCents(line) / 100;
}

/** Sum of price × quantity over the lines, each to the centavo, 2 decimals (spec §9). */
export function orderTotal(lines: Pick<PricedLine, "price" | "quantity">[]): number {
  return lines.reduce((cents, line) => cents + lineCents(line), 0) / 100;
}

/** The cart badge: pieza items count by quantity; other units one per distinct product (spec §9). */
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
      Number.isInteger(line.quantity) &&
      (line.quantity as number) >= 1
    ) {
      lines.push({
        productId: line.productId,
        variation: line.variation,
        quantity: Math.min(MAX_QUANTITY, line.quantity as number),
      });
    }
  }
  return lines;
}

/**
 * Matches cart lines with the store's current catalogue: lines whose product is gone or no
 * longer available (or whose option was removed) are dropped and reported.
 */
export function resolveCart<P extends { id: string; variations: string[] }>(
  lines: CartLine[],
  catalogue: P[],
) {
  const byId = new Map(catalogue.map((product) => [product.id, product]));
  const items: { line: CartLine; product: P }[] = [];
  const removed: CartLine[] = [];
  for (const line of lines) {
    const product = byId.get(line.productId);
    const variationOk = product ? isOrderableOption(product, line.variation) : false;
    if (product && variationOk) items.push({ line, product });
    else removed.push(line);
  }
  return { items, removed };
}
