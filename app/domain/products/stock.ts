/**
 * Stock (docs/decisions/028): how much of a product is left, in its unit, for the stores whose
 * plan has it (Negocio and Pro). A product whose stock is null sells without limit, as before.
 * Pure: the order's transaction (app/domain/orders/place-order/stock.server.ts), the refill job
 * (./stock-refill.server.ts), the store page and the owner's dialog share these rules and words.
 */
import { includesPlan } from "~/domain/stores/licence";
import type { LicenceType } from "~/domain/stores/licence-types";
import {
  addDays,
  dateKey,
  hasHours,
  localParts,
  periodsOn,
  zonedTime,
  type OpeningHours,
} from "~/domain/stores/opening-hours";
import type { ChoiceGroup } from "./choices";
import type { ProductUnit } from "./product-units";
import { quantityRule } from "./quantity";

export const STOCK_WORDS = {
  soldOut: "Agotado",
  /** Under the product's name on the store page, once it is at or under its owner's threshold. */
  left: (amount: string, one: boolean) => (one ? `Queda ${amount}` : `Quedan ${amount}`),
  /** Why the dialog's stock fields are shown switched off. */
  plan: "El inventario está en los planes Negocio y Pro.",
} as const;

/** The most stock one product or size option may have (the column keeps 7 integer digits). */
export const MAX_STOCK = 999_999;

/** What a stock field asks for, by the product's unit: whole pieces, or up to 3 decimals. */
export const STOCK_AMOUNT_MESSAGES = {
  whole: "Escribe un número entero desde 0, o déjalo vacío para vender sin límite.",
  measure: "Escribe una cantidad desde 0, con hasta 3 decimales, o déjalo vacío para vender sin límite.",
} as const;

/** Whole numbers for pieces, up to 3 decimals otherwise; from `least` (0, or just above) to MAX_STOCK. */
export function isStockAmount(value: string, unit: ProductUnit, least = 0): boolean {
  const pattern = unit === "pieza" ? /^\d+$/ : /^\d+(\.\d{1,3})?$/;
  return pattern.test(value) && Number(value) >= least && Number(value) <= MAX_STOCK;
}

/** Stock for Negocio and Pro (and a trial, which is Negocio). */
export function hasStock(tier: LicenceType): boolean {
  return includesPlan(tier, "basic");
}

const thousandths = (value: number) => Math.round(value * 1000);
const amountFormat = new Intl.NumberFormat("es-MX", { maximumFractionDigits: 3 });

/** "3" for pieces, "1.5 kg" for a measured product. */
export function formatStock(amount: number, unit: ProductUnit): string {
  const number = amountFormat.format(amount);
  return unit === "pieza" ? number : `${number} ${unit}`;
}

export type StockFields = {
  unit: ProductUnit;
  quantityStep?: number | null;
  minQuantity?: number | null;
  stock: number | null;
  lowStockThreshold: number | null;
  /** Stock per size option (docs/decisions/034), by option id; absent or null counts none. */
  optionStock?: OptionStock | null;
  choiceGroups?: readonly ChoiceGroup[] | null;
};

/** What is left of each counted size option, by option id; an option not in it sells without limit. */
export type OptionStock = Record<string, number>;

/** What the store page says of a product's stock; null says nothing (not tracked, or plenty). */
export type StockBadge = { soldOut: true; left: null } | { soldOut: false; left: string };

/**
 * "Agotado" when less is left than the least one can order (0 pieces; under the minimum of a
 * measured product), "Quedan N" at or under the owner's threshold, else nothing.
 */
export function stockBadge(product: StockFields): StockBadge | null {
  if (everySizeSoldOut(product)) return { soldOut: true, left: null };
  return amountBadge(product, product.stock);
}

/** The badge of one amount left (a product's, or one size option's) under the product's rules. */
function amountBadge(product: StockFields, stock: number | null): StockBadge | null {
  const { lowStockThreshold: threshold } = product;
  if (stock === null) return null;
  if (thousandths(stock) < thousandths(quantityRule(product).minimum)) return { soldOut: true, left: null };
  if (threshold === null || thousandths(stock) > thousandths(threshold)) return null;
  const amount = formatStock(stock, product.unit);
  return { soldOut: false, left: STOCK_WORDS.left(amount, product.unit === "pieza" && stock === 1) };
}

/** The size group, whose options set the price and may count their own stock; undefined without one. */
export function sizeGroup(product: { choiceGroups?: readonly ChoiceGroup[] | null }) {
  return (product.choiceGroups ?? []).find((group) => group.kind === "size");
}

/** What is left of a size option, or null when the option sells without limit. */
export function optionStockOf(product: Pick<StockFields, "optionStock">, optionId: string): number | null {
  const left = product.optionStock?.[optionId];
  return typeof left === "number" ? left : null;
}

/**
 * What the store page says beside a size option: "Agotado" (it cannot be chosen) or "Quedan N"
 * at or under the product's threshold, as for a product; null for an option not counted.
 */
export function optionStockBadge(product: StockFields, optionId: string): StockBadge | null {
  return amountBadge(product, optionStockOf(product, optionId));
}

/** The badges of the size options that have one, by option id, for the store page. */
export function optionStockBadges(product: StockFields): Record<string, StockBadge> {
  const badges: Record<string, StockBadge> = {};
  for (const option of sizeGroup(product)?.options ?? []) {
    const badge = optionStockBadge(product, option.id);
    if (badge) badges[option.id] = badge;
  }
  return badges;
}

/** For the owner's product list: "Grande: Agotado · Chica: Quedan 2", the sizes with a badge only. */
export function optionStockSummary(product: StockFields): string {
  return (sizeGroup(product)?.options ?? [])
    .flatMap((option) => {
      const badge = optionStockBadge(product, option.id);
      return badge ? [`${option.name}: ${badge.soldOut ? STOCK_WORDS.soldOut : badge.left}`] : [];
    })
    .join(" · ");
}

/** Every size sold out: the product shows "Agotado" as a product with no stock does. */
function everySizeSoldOut(product: StockFields): boolean {
  const options = sizeGroup(product)?.options ?? [];
  if (!product.optionStock || options.length === 0) return false;
  return options.every((option) => optionStockBadge(product, option.id)?.soldOut === true);
}

/** How a size option is named in a refusal: "Concha de vainilla (Grande)". */
export function optionStockName(productName: string, optionName: string): string {
  return `${productName} (${optionName})`;
}

/** The order's refusal: "Concha se agotó." or "Solo quedan 2 de Concha." (nothing was stored). */
export function stockRefusal(name: string, left: number, unit: ProductUnit): string {
  if (thousandths(left) <= 0) return `${name} se agotó.`;
  const verb = unit === "pieza" && left === 1 ? "queda" : "quedan";
  return `Solo ${verb} ${formatStock(left, unit)} de ${name}.`;
}

export type StockLine = { productId: string; quantity: number };

/** Each product's total over the order's lines (one product may come in several options). */
export function quantitiesByProduct(lines: StockLine[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const line of lines)
    totals.set(
      line.productId,
      (thousandths(totals.get(line.productId) ?? 0) + thousandths(line.quantity)) / 1000,
    );
  return totals;
}

/**
 * The first tracked product the order asks more of than is left, with what is left; null when
 * every tracked product has enough. Products with no stock (null) are never short.
 */
export function firstShortfall<Product extends { id: string; stock: number | null }>(
  lines: StockLine[],
  products: Product[],
): { product: Product; left: number } | null {
  const byId = new Map(products.map((product) => [product.id, product]));
  for (const [productId, wanted] of quantitiesByProduct(lines)) {
    const product = byId.get(productId);
    if (product && product.stock !== null && thousandths(wanted) > thousandths(product.stock))
      return { product, left: product.stock };
  }
  return null;
}

export type OptionStockLine = StockLine & { choices?: readonly string[] };

/**
 * Each counted size option's total over the order's lines, keyed "productId optionId": only lines
 * whose product counts the stock of the size they picked.
 */
export function quantitiesByOption<
  Product extends { id: string } & Pick<StockFields, "optionStock" | "choiceGroups">,
>(
  lines: OptionStockLine[],
  products: Product[],
): Map<string, { product: Product; optionId: string; optionName: string; quantity: number }> {
  const byId = new Map(products.map((product) => [product.id, product]));
  const totals = new Map<
    string,
    { product: Product; optionId: string; optionName: string; quantity: number }
  >();
  for (const line of lines) {
    const product = byId.get(line.productId);
    const option = product ? sizeOptionOf(product, line.choices ?? []) : undefined;
    if (!product || !option || optionStockOf(product, option.id) === null) continue;
    const key = `${product.id} ${option.id}`;
    const before = totals.get(key)?.quantity ?? 0;
    totals.set(key, {
      product,
      optionId: option.id,
      optionName: option.name,
      quantity: (thousandths(before) + thousandths(line.quantity)) / 1000,
    });
  }
  return totals;
}

/** The size option a line picked, if its product has a size group. */
export function sizeOptionOf(product: Pick<StockFields, "choiceGroups">, picks: readonly string[]) {
  return sizeGroup(product)?.options.find((option) => picks.includes(option.id));
}

/**
 * The first counted size option the order asks more of than is left, named for the refusal
 * ("Concha de vainilla (Grande)"), with what is left; null when each has enough.
 */
export function firstOptionShortfall<
  Product extends { id: string; name: string; unit: ProductUnit } & Pick<
    StockFields,
    "optionStock" | "choiceGroups"
  >,
>(
  lines: OptionStockLine[],
  products: Product[],
): { product: Product; optionId: string; name: string; left: number } | null {
  for (const { product, optionId, optionName, quantity } of quantitiesByOption(lines, products).values()) {
    const left = optionStockOf(product, optionId)!;
    if (thousandths(quantity) > thousandths(left))
      return { product, optionId, name: optionStockName(product.name, optionName), left };
  }
  return null;
}

// ── The cart's limit (docs/decisions/041) ───────────────────────────────────────────────────

/** What the store page tells the cart of a product's stock: what is left of it and of each counted size. */
export type CartStock = Pick<StockFields, "unit" | "quantityStep" | "minQuantity" | "choiceGroups"> & {
  id: string;
  name: string;
  /** What is left of the product; null when it sells without limit. */
  stockLeft: number | null;
  /** What is left of each counted size option, by option id. */
  optionStockLeft: OptionStock;
};

/** The most one cart line may hold, and the sentence that says why it may not hold more. */
export type CartRoom = { most: number; message: string };

/**
 * The most a cart line of `product` with these picks may hold, on the product's steps: what is left
 * of the product, less what the cart's other lines of it hold, and likewise for the size picked when
 * that size counts its own stock; the tighter of the two, with the order's own refusal ("Solo quedan
 * 3 de Oreja.", "Solo quedan 2 de Concha (Grande)."). 0 when not even the minimum fits. Null when
 * neither the product nor the size counts stock. The order's transaction stays the final word: what
 * is left may change while the page is open.
 */
export function cartRoom(
  product: CartStock,
  picks: readonly string[],
  others: readonly OptionStockLine[],
): CartRoom | null {
  const held = (counts: (line: OptionStockLine) => boolean) =>
    others.reduce((total, line) => total + (counts(line) ? thousandths(line.quantity) : 0), 0);
  const rooms: { room: number; message: string }[] = [];
  if (product.stockLeft !== null)
    rooms.push({
      room: thousandths(product.stockLeft) - held((line) => line.productId === product.id),
      message: stockRefusal(product.name, product.stockLeft, product.unit),
    });
  const size = sizeOptionOf(product, picks);
  const sizeLeft = size ? product.optionStockLeft[size.id] : undefined;
  if (size && typeof sizeLeft === "number")
    rooms.push({
      room:
        thousandths(sizeLeft) -
        held((line) => line.productId === product.id && (line.choices ?? []).includes(size.id)),
      message: stockRefusal(optionStockName(product.name, size.name), sizeLeft, product.unit),
    });
  if (rooms.length === 0) return null;
  const tightest = rooms.reduce((a, b) => (b.room < a.room ? b : a));
  const { minimum, step } = quantityRule(product);
  const [min, stepSize] = [thousandths(minimum), thousandths(step)];
  const most = tightest.room < min ? 0 : min + Math.floor((tightest.room - min) / stepSize) * stepSize;
  return { most: most / 1000, message: tightest.message };
}

/** Whether a line may hold `quantity` within its room (no room: no limit). */
export function fitsRoom(room: CartRoom | null, quantity: number): boolean {
  return room === null || thousandths(quantity) <= thousandths(room.most);
}

/** How many days back the last opening is looked for: a store closed for longer does not refill. */
const REFILL_LOOKBACK_DAYS = 14;

/**
 * When the daily stock refills last did, at or before `now`: the store's first opening of the
 * latest local day it opened (an exception's hours count for their day), or local midnight for a
 * store with no opening hours (it takes orders at any time). Null when it has not opened in two
 * weeks.
 */
export function lastRefillTime(hours: OpeningHours | null, now: Date, timeZone: string): Date | null {
  const today = dateKey(localParts(now, timeZone));
  for (let back = 0; back <= REFILL_LOOKBACK_DAYS; back++) {
    const date = addDays(today, -back);
    const opening = hasHours(hours)
      ? periodsOn(hours, date, timeZone)[0]?.start
      : zonedTime(date, 0, timeZone);
    if (opening && opening.getTime() <= now.getTime()) return opening;
  }
  return null;
}

/** The next refill after `now` (within two weeks), for the refill job's next run. */
export function nextRefillTime(hours: OpeningHours | null, now: Date, timeZone: string): Date | null {
  const today = dateKey(localParts(now, timeZone));
  for (let ahead = 0; ahead <= REFILL_LOOKBACK_DAYS; ahead++) {
    const date = addDays(today, ahead);
    const opening = hasHours(hours)
      ? periodsOn(hours, date, timeZone)[0]?.start
      : zonedTime(date, 0, timeZone);
    if (opening && opening.getTime() > now.getTime()) return opening;
  }
  return null;
}

/** A daily-stock product refills when the store opened since it last refilled. */
export function isRefillDue(
  product: { dailyStock: number | null; stockRefilledAt: Date | null },
  lastRefill: Date | null,
): boolean {
  if (product.dailyStock === null || lastRefill === null) return false;
  return product.stockRefilledAt === null || product.stockRefilledAt.getTime() < lastRefill.getTime();
}
