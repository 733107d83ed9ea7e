/**
 * Promotions (docs/decisions/036): discount codes the shopper types and automatic offers (N×M on a
 * product, a percentage off on chosen weekdays and hours). Pure: the store page, the cart and the
 * order's pricing share it, so the cart shows what the server will charge; the server prices every
 * order again from the database, whatever the browser sent.
 *
 * The combination rule: offers apply per line first (at most one offer per line, the one that
 * saves the most); a code then applies to what is left of the eligible lines after offers.
 */
import { roundMoney, toCents, formatMoney } from "~/domain/money/money";
import type { ProductUnit } from "~/domain/products/product-units";
import { localParts } from "~/domain/stores/opening-hours";
import type { LicenceType } from "~/domain/stores/licence-types";
import { includesPlan } from "~/domain/stores/licence";

/** Codes and offers are part of Negocio and Pro (the trial is Negocio). */
export function hasPromotions(tier: LicenceType): boolean {
  return includesPlan(tier, "basic");
}

/** What an offer or a code applies to: every product when both lists are empty. */
export type PromotionScope = { productIds: string[]; categories: string[] };

export type CodeKind = "percent" | "amount";
export type DiscountCode = PromotionScope & {
  id: string;
  code: string;
  kind: CodeKind;
  /** A percentage (10 = 10 %) or pesos off. */
  value: number;
  minSubtotal: number;
  startsAt: string | null;
  endsAt: string | null;
  /** Uses in all; null without limit. */
  maxUses: number | null;
  uses: number;
  oncePerPhone: boolean;
  paused: boolean;
};

export type OfferKind = "bundle" | "percent";
export type Offer = PromotionScope & {
  id: string;
  name: string;
  kind: OfferKind;
  /** N×M: buy `buy`, pay `pay` (2×1, 3×2). */
  buy: number;
  pay: number;
  percent: number;
  /** 0 = domingo … 6 = sábado; empty is every day. */
  weekdays: number[];
  /** Minutes of the local day, [start, end); null is the whole day. */
  startMinute: number | null;
  endMinute: number | null;
  paused: boolean;
};

/** What the cart keeps of an accepted code: its rule, without its count of uses or dates. */
export type CartCode = Omit<DiscountCode, "uses" | "maxUses" | "startsAt" | "endsAt" | "paused">;

/** A cart's code as the pure rules read it: the server already checked its dates and uses. */
export const cartCodeRule = (code: CartCode): DiscountCode => ({
  ...code,
  uses: 0,
  maxUses: null,
  startsAt: null,
  endsAt: null,
  paused: false,
});

/** An order line as the promotions see it: its product, unit price with choices, quantity. */
export type DiscountLine = {
  productId: string;
  category: string;
  unit: ProductUnit;
  price: number;
  quantity: number;
};

/** One discount of an order, as the order keeps a copy of it. */
export type AppliedDiscount = { kind: "offer" | "code"; id: string; name: string; amount: number };

export const PROMOTION_MESSAGES = {
  unknown: "Ese código no existe en esta tienda.",
  notStarted: "Este código todavía no está vigente.",
  expired: "Este código ya venció.",
  paused: "Este código está pausado.",
  usedUp: "Este código ya se usó todas las veces permitidas.",
  usedByPhone: "Ya usaste este código con este teléfono.",
  phoneNeeded: "Escribe tu teléfono para usar este código: se puede usar una vez por teléfono.",
  notForTheseProducts: "Este código no aplica a los productos de tu carrito.",
  minimum: (missing: number) => `Te faltan ${formatMoney(missing)} para usar este código.`,
  noSaving: "Este código no aplica a este pedido: sus productos ya tienen el mayor descuento.",
  notInPlan: "Las promociones son parte de los planes Negocio y Pro.",
  checkFailed: "No pudimos revisar el código. Revisa tu conexión e intenta de nuevo.",
  combination: "Las ofertas se aplican primero; el código se descuenta del total con ofertas.",
} as const;

/** The code as typed, as it is kept and looked up: no spaces, capital letters. */
export function normalizeCode(typed: string): string {
  return typed.replace(/\s+/g, "").toUpperCase().slice(0, 32);
}

const inScope = (scope: PromotionScope, line: Pick<DiscountLine, "productId" | "category">) =>
  (scope.productIds.length === 0 && scope.categories.length === 0) ||
  scope.productIds.includes(line.productId) ||
  (line.category !== "" && scope.categories.includes(line.category));

const lineCents = (line: Pick<DiscountLine, "price" | "quantity">) =>
  Math.round(line.price * line.quantity * 100);

/** Whether an offer runs at this instant, by the store's wall clock. */
export function isOfferOn(offer: Offer, now: Date, timeZone: string): boolean {
  if (offer.paused) return false;
  const local = localParts(now, timeZone);
  const weekday = new Date(Date.UTC(local.year, local.month - 1, local.day)).getUTCDay();
  if (offer.weekdays.length > 0 && !offer.weekdays.includes(weekday)) return false;
  if (offer.startMinute === null || offer.endMinute === null) return true;
  const minute = (local.hour % 24) * 60 + local.minute;
  return minute >= offer.startMinute && minute < offer.endMinute;
}

/**
 * N×M is for products sold by the piece: a kilo of queso has no "third one free". On any other
 * unit the offer gives nothing (the owner's form refuses such a product too).
 */
export const bundleApplies = (unit: ProductUnit) => unit === "pieza";

/**
 * What an offer takes off each line, in centavos. N×M counts the product's units across its lines
 * (sizes and add-ons included) and makes the cheapest ones free: every N units, N−M of them. A
 * percentage takes its share of each line in scope, rounded to the centavo.
 */
export function offerCents(offer: Offer, lines: DiscountLine[]): number[] {
  const cents = lines.map(() => 0);
  if (offer.kind === "percent") {
    lines.forEach((line, index) => {
      if (inScope(offer, line)) cents[index] = Math.round((lineCents(line) * offer.percent) / 100);
    });
    return cents;
  }
  if (!(offer.buy > offer.pay && offer.pay >= 1)) return cents;
  const byProduct = new Map<string, number[]>();
  lines.forEach((line, index) => {
    if (!inScope(offer, line) || !bundleApplies(line.unit) || !Number.isInteger(line.quantity)) return;
    byProduct.set(line.productId, [...(byProduct.get(line.productId) ?? []), index]);
  });
  for (const indexes of byProduct.values()) {
    const units = indexes.reduce((sum, index) => sum + lines[index]!.quantity, 0);
    let free = Math.floor(units / offer.buy) * (offer.buy - offer.pay);
    const cheapestFirst = [...indexes].sort((a, b) => lines[a]!.price - lines[b]!.price);
    for (const index of cheapestFirst) {
      const taken = Math.min(free, lines[index]!.quantity);
      cents[index] = Math.round(lines[index]!.price * taken * 100);
      free -= taken;
    }
  }
  return cents;
}

/**
 * The offers running now applied to the lines: per line the one offer that saves the most
 * (never more than the line), and the order's offer discounts, one per offer.
 */
export function applyOffers(
  lines: DiscountLine[],
  offers: Offer[],
  now: Date,
  timeZone: string,
): { lineCents: number[]; applied: AppliedDiscount[] } {
  const running = offers.filter((offer) => isOfferOn(offer, now, timeZone));
  const best = lines.map(() => ({ cents: 0, offer: null as Offer | null }));
  for (const offer of running) {
    offerCents(offer, lines).forEach((cents, index) => {
      const capped = Math.min(cents, lineCents(lines[index]!));
      if (capped > best[index]!.cents) best[index] = { cents: capped, offer };
    });
  }
  const applied = new Map<string, AppliedDiscount>();
  for (const { cents, offer } of best) {
    if (!offer) continue;
    const seen = applied.get(offer.id) ?? {
      kind: "offer" as const,
      id: offer.id,
      name: offer.name,
      amount: 0,
    };
    applied.set(offer.id, { ...seen, amount: roundMoney(seen.amount + cents / 100) });
  }
  return { lineCents: best.map((entry) => entry.cents), applied: [...applied.values()] };
}

export type CodeRefusal =
  keyof Omit<typeof PROMOTION_MESSAGES, "minimum" | "combination" | "notInPlan" | "checkFailed"> | "minimum";

export type CodeResult =
  { ok: true; discount: AppliedDiscount } | { ok: false; reason: CodeRefusal; message: string };

/**
 * A code against the cart after its offers: refused when paused, not started, over, used up, for
 * none of the cart's products, or under its minimum (compared with the subtotal after offers);
 * else its discount, a percentage of the eligible lines after offers, rounded to the centavo, or
 * the fixed amount, never more than those lines. A code that would take nothing (its lines already
 * free from an offer) is no discount: "noSaving", so it is neither shown as −$0.00 nor spends a use.
 */
export function applyCode(
  code: DiscountCode,
  lines: DiscountLine[],
  afterOffers: number[],
  now: Date,
): CodeResult {
  const refuse = (reason: CodeRefusal, message: string = PROMOTION_MESSAGES[reason as never]) =>
    ({ ok: false, reason, message }) as const;
  if (code.paused) return refuse("paused");
  if (code.startsAt && now < new Date(code.startsAt)) return refuse("notStarted");
  if (code.endsAt && now >= new Date(code.endsAt)) return refuse("expired");
  if (code.maxUses !== null && code.uses >= code.maxUses) return refuse("usedUp");
  const remaining = lines.map((line, index) => lineCents(line) - (afterOffers[index] ?? 0));
  const eligible = lines.reduce(
    (sum, line, index) => (inScope(code, line) ? sum + remaining[index]! : sum),
    0,
  );
  const hasEligibleLine = lines.some((line) => inScope(code, line));
  if (!hasEligibleLine) return refuse("notForTheseProducts");
  const subtotal = remaining.reduce((sum, cents) => sum + cents, 0);
  const minimum = toCents(code.minSubtotal);
  if (subtotal < minimum) return refuse("minimum", PROMOTION_MESSAGES.minimum((minimum - subtotal) / 100));
  const cents =
    code.kind === "percent" ? Math.round((eligible * Math.min(code.value, 100)) / 100) : toCents(code.value);
  const amount = Math.max(0, Math.min(cents, eligible)) / 100;
  if (amount === 0) return refuse("noSaving");
  return { ok: true, discount: { kind: "code", id: code.id, name: code.code, amount } };
}

/** The discounts of an order, offers first, and what they take off in all. */
export function orderDiscounts(
  lines: DiscountLine[],
  offers: Offer[],
  code: DiscountCode | null,
  now: Date,
  timeZone: string,
): { discounts: AppliedDiscount[]; total: number; code: CodeResult | null } {
  const offered = applyOffers(lines, offers, now, timeZone);
  const codeResult = code ? applyCode(code, lines, offered.lineCents, now) : null;
  const discounts = [...offered.applied, ...(codeResult?.ok ? [codeResult.discount] : [])];
  return {
    discounts,
    total: roundMoney(discounts.reduce((sum, discount) => sum + discount.amount, 0)),
    code: codeResult,
  };
}

/** "2×1", "−20 %": an offer's badge on the store and product pages. */
export function offerBadge(offer: Pick<Offer, "kind" | "buy" | "pay" | "percent">): string {
  return offer.kind === "bundle" ? `${offer.buy}×${offer.pay}` : `−${formatPercent(offer.percent)} %`;
}

/** The badge of the first offer that covers a product (the owner's first), or null. */
export function offerBadgeFor(
  running: Offer[],
  product: { id: string; category: string; unit: ProductUnit },
): string | null {
  const offer = running.find(
    (candidate) =>
      inScope(candidate, { productId: product.id, category: product.category }) &&
      (candidate.kind === "percent" || bundleApplies(product.unit)),
  );
  return offer ? offerBadge(offer) : null;
}

const formatPercent = (value: number) =>
  new Intl.NumberFormat("es-MX", { maximumFractionDigits: 2 }).format(value);

/** How a discount reads on an order: "Código BIENVENIDA10", "Oferta Martes de conchas". */
export function discountLabel(discount: Pick<AppliedDiscount, "kind" | "name">): string {
  return discount.kind === "code" ? `Código ${discount.name}` : `Oferta ${discount.name}`;
}

/** "−$12.00": a discount's amount, as every order shows it. */
export function discountAmountText(amount: number): string {
  return `−${formatMoney(amount)}`;
}

/** "Código BIENVENIDA10: −$12.00": a discount as one line of an order's text (WhatsApp, e-mail, ticket). */
export function discountText(discount: Pick<AppliedDiscount, "kind" | "name" | "amount">): string {
  return `${discountLabel(discount)}: ${discountAmountText(discount.amount)}`;
}
