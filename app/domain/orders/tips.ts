/**
 * Propina: what a store offers (up to 3 percentages of the subtotal after discounts and, when
 * allowed, an amount of the shopper's own) and what an order's tip is. Pure: the owner's panel,
 * the storefront and the server share it. The tip is kept apart from the order's `total` (the
 * products less their discounts plus the delivery): it is never discounted, never counts for
 * stock, a zone's minimum or a free delivery, and what the shopper pays is `total + tip`.
 */
import { formatMoney, roundMoney, toCents } from "~/domain/money/money";
import { parseCashAmount } from "./payment";

export const MAX_TIP_PERCENTAGES = 3;
export const MIN_TIP_PERCENT = 1;
export const MAX_TIP_PERCENT = 50;
/** The most an amount of the shopper's own may be, whatever the subtotal. */
export const MAX_OWN_TIP = 5000;

export const TIP_MESSAGES = {
  percentages: `Escribe hasta ${MAX_TIP_PERCENTAGES} porcentajes, enteros del ${MIN_TIP_PERCENT} al ${MAX_TIP_PERCENT}, separados por comas. Por ejemplo: 10, 15, 20.`,
  nothingOffered: "Para ofrecer propina escribe al menos un porcentaje o permite otra cantidad.",
  percentNotOffered: "Elige una de las propinas que ofrece la tienda.",
  ownNotAllowed: "Esta tienda no acepta otra cantidad de propina.",
  notOffered: "Esta tienda no recibe propina.",
  amountInvalid: "Escribe una cantidad válida, por ejemplo 25 o 25.50.",
  tooLarge: (cap: number) => `La propina puede ser como máximo ${formatMoney(cap)}.`,
  saved: "Propina guardada.",
} as const;

export type TipSettings = { tipsEnabled: boolean; tipPercentages: number[]; tipOwnAmount: boolean };

/** What the storefront offers: null when the store asks nothing about a tip. */
export type TipOffer = { percentages: number[]; ownAmount: boolean };

export function tipOffer(settings: TipSettings): TipOffer | null {
  if (!settings.tipsEnabled) return null;
  if (settings.tipPercentages.length === 0 && !settings.tipOwnAmount) return null;
  return { percentages: settings.tipPercentages, ownAmount: settings.tipOwnAmount };
}

/** The settings an offer stands for (the storefront has the offer, not the settings). */
export function tipSettingsOf(offer: TipOffer | null): TipSettings {
  return offer
    ? { tipsEnabled: true, tipPercentages: offer.percentages, tipOwnAmount: offer.ownAmount }
    : { tipsEnabled: false, tipPercentages: [], tipOwnAmount: false };
}

/** The shopper's choice, as the form carries it: none (the default), a percentage, or their own amount. */
export type TipChoice =
  { kind: "none" } | { kind: "percent"; percent: number } | { kind: "own"; amount: number };
export const NO_TIP: TipChoice = { kind: "none" };

/** A tip as an order keeps it. */
export type OrderTip = { tip: number; tipPercent: number | null };

/** A percentage of the base, in whole centavos, half a centavo rounded up. */
export function percentTip(base: number, percent: number): number {
  return Math.round((toCents(base) * percent) / 100) / 100;
}

/** The most an own amount may be: the subtotal, and never above MAX_OWN_TIP. */
export function ownTipCap(base: number): number {
  return roundMoney(Math.min(Math.max(base, 0), MAX_OWN_TIP));
}

/**
 * An amount typed: pesos with up to two decimals, a leading "$" and thousands commas tolerated;
 * "invalid" for anything else (a negative, letters, three decimals).
 */
export function parseTipAmount(raw: string): number | "invalid" {
  // Read as the cash amount is; an amount left empty says nothing here.
  const amount = parseCashAmount(raw);
  return amount === null ? "invalid" : amount;
}

/**
 * The form's two fields read as a choice: `tip` is "" or "none", a whole percentage ("15"), or
 * "own" with `tipAmount`. What it says is checked against the store by `orderTip`.
 */
export function parseTipChoice(
  tip: unknown,
  tipAmount: unknown,
): { ok: true; choice: TipChoice } | { ok: false; field: "tip" | "tipAmount"; message: string } {
  const value = typeof tip === "string" ? tip.trim() : tip === undefined || tip === null ? "" : null;
  if (value === "" || value === "none") return { ok: true, choice: NO_TIP };
  if (value === "own") {
    const amount = parseTipAmount(typeof tipAmount === "string" ? tipAmount : "");
    if (amount === "invalid") return { ok: false, field: "tipAmount", message: TIP_MESSAGES.amountInvalid };
    return { ok: true, choice: { kind: "own", amount } };
  }
  if (value !== null && /^\d{1,2}$/.test(value))
    return { ok: true, choice: { kind: "percent", percent: Number(value) } };
  return { ok: false, field: "tip", message: TIP_MESSAGES.percentNotOffered };
}

/**
 * The order's tip from the shopper's choice, the store's offer and the base (the subtotal after
 * discounts), or why it is refused: a percentage the store does not offer, an own amount it does
 * not take or over the cap, any tip where it offers none.
 */
export function orderTip(
  settings: TipSettings,
  choice: TipChoice,
  base: number,
): { ok: true; tip: OrderTip } | { ok: false; field: "tip" | "tipAmount"; message: string } {
  if (choice.kind === "none") return { ok: true, tip: { tip: 0, tipPercent: null } };
  const offer = tipOffer(settings);
  if (!offer) return { ok: false, field: "tip", message: TIP_MESSAGES.notOffered };
  if (choice.kind === "percent") {
    if (!offer.percentages.includes(choice.percent))
      return { ok: false, field: "tip", message: TIP_MESSAGES.percentNotOffered };
    return { ok: true, tip: { tip: percentTip(base, choice.percent), tipPercent: choice.percent } };
  }
  if (!offer.ownAmount) return { ok: false, field: "tip", message: TIP_MESSAGES.ownNotAllowed };
  if (!Number.isFinite(choice.amount) || choice.amount < 0 || roundMoney(choice.amount) !== choice.amount)
    return { ok: false, field: "tipAmount", message: TIP_MESSAGES.amountInvalid };
  const cap = ownTipCap(base);
  if (choice.amount > cap) return { ok: false, field: "tipAmount", message: TIP_MESSAGES.tooLarge(cap) };
  return { ok: true, tip: { tip: roundMoney(choice.amount), tipPercent: null } };
}

/** An order's subtotal after discounts, what a percentage is of: its total less the delivery. */
export function tipBase(order: { total: number; deliveryFee?: number }): number {
  return roundMoney(order.total - (order.deliveryFee ?? 0));
}

/** What the shopper pays: the order's total and its tip. */
export function amountToPay(order: { total: number; tip: number }): number {
  return roundMoney(order.total + order.tip);
}

/** The tip's line as every view says it: "Propina (15 %)" or "Propina". */
export function tipLabel(tipPercent: number | null): string {
  return tipPercent === null ? "Propina" : `Propina (${tipPercent} %)`;
}

/**
 * The owner's percentages as typed ("10, 15, 20"): whole numbers from 1 to 50, at most 3, each once,
 * in ascending order; null when any is not.
 */
export function parseTipPercentages(raw: string): number[] | null {
  const parts = raw
    .split(/[,\s]+/)
    .map((part) => part.replace(/%$/, "").trim())
    .filter((part) => part !== "");
  if (parts.length > MAX_TIP_PERCENTAGES) return null;
  if (!parts.every((part) => /^\d{1,2}$/.test(part))) return null;
  const values = parts.map(Number);
  if (values.some((value) => value < MIN_TIP_PERCENT || value > MAX_TIP_PERCENT)) return null;
  return [...new Set(values)].sort((a, b) => a - b);
}
