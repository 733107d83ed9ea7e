/**
 * The store's rules an order must meet that need no database: the pause, the opening hours and
 * the chosen slot, the delivery zone's fee and minimum, the largest total and the cash that
 * covers it. The rules that count other orders (the address's limit, the slot's capacity) are in
 * ./store-rules.server.ts.
 */
import { AppError } from "~/lib/errors";
import { isPaused } from "~/domain/stores/pause";
import { orderTotal } from "../cart";
import { deliveryCharge } from "../delivery-zones";
import { roundMoney } from "~/domain/money/money";
import { MAX_ORDER_TOTAL, ORDER_MESSAGES, type OrderForm } from "../order-form";
import { PAYMENT_MESSAGES } from "../payment";
import { orderTiming, SCHEDULE_MESSAGES } from "../scheduling";
import type { StoreSettings } from "./parse";
import type { PricedLine } from "./price";
import type { AppliedDiscount } from "~/domain/promotions/promotions";
import { NO_TIP, orderTip, tipBase, type OrderTip, type TipChoice, type TipSettings } from "../tips";

type TimingSettings = Pick<
  StoreSettings,
  | "openingHours"
  | "timeZone"
  | "pausedAt"
  | "pauseUntil"
  | "outsideHours"
  | "slotMinutes"
  | "leadMinutes"
  | "slotCapacity"
>;

/**
 * The slot the order is for (null: as soon as possible), or the refusal: a paused store, a
 * closed one that does not schedule, a missing slot where one is needed, or one it does not offer.
 */
export function orderSlot(settings: TimingSettings, requestedSlot: Date | null, now: Date): Date | null {
  const timing = orderTiming({
    hours: settings.openingHours,
    rules: settings,
    paused: isPaused(settings, now),
    timeZone: settings.timeZone,
    now,
    requestedSlot,
  });
  if (timing.kind === "refused") {
    // About the slot, the refusal belongs to its field; a paused or closed store is no field's fault.
    const field =
      requestedSlot || timing.message === SCHEDULE_MESSAGES.slotRequired ? "scheduledFor" : undefined;
    throw new AppError(field ? "VALIDATION" : "UNAVAILABLE", timing.message, field ? { field } : {});
  }
  return timing.kind === "scheduled" ? timing.slot.start : null;
}

export type Charges = {
  deliveryFee: number;
  deliveryZone: string;
  total: number;
  /** What the offers and the code took off the lines (docs/decisions/036), and a copy of each. */
  discount: number;
  discounts: AppliedDiscount[];
};

/**
 * What the order costs: its lines less their discounts, and for a delivery the zone's fee (free over the store's
 * amount), or the refusal: no zone, a postal code no zone covers, a subtotal under the zone's
 * minimum, or a total too large to store.
 */
export function orderCharges(
  settings: Pick<StoreSettings, "deliveryPricing">,
  form: Pick<OrderForm, "deliveryType" | "deliveryZone" | "postalCode">,
  lines: PricedLine[],
  discounts: { discounts: AppliedDiscount[]; total: number } = { discounts: [], total: 0 },
): Charges {
  // The delivery's free amount and minimum count what the shopper pays for the products.
  const subtotal = roundMoney(orderTotal(lines) - discounts.total);
  let deliveryFee = 0;
  let deliveryZone = "";
  if (form.deliveryType === "delivery") {
    const charge = deliveryCharge(settings.deliveryPricing, subtotal, {
      zoneId: form.deliveryZone,
      postalCode: form.postalCode,
    });
    if (!charge.ok) throw new AppError("VALIDATION", charge.message, { field: charge.field });
    deliveryFee = charge.fee;
    deliveryZone = charge.zone?.name ?? "";
  }
  const total = roundMoney(subtotal + deliveryFee);
  if (total > MAX_ORDER_TOTAL) throw new AppError("VALIDATION", ORDER_MESSAGES.tooLarge, { field: "lines" });
  return { deliveryFee, deliveryZone, total, discount: discounts.total, discounts: discounts.discounts };
}

/**
 * The order's tip (../tips.ts), a percentage of the subtotal after discounts (the total less the
 * delivery), or the refusal beside its field: a percentage the store does not offer, an own amount
 * it does not take, over the cap or malformed, any tip where the store offers none.
 */
export function orderTipOf(settings: TipSettings, choice: TipChoice | undefined, charges: Charges): OrderTip {
  const tip = orderTip(settings, choice ?? NO_TIP, tipBase(charges));
  if (!tip.ok) throw new AppError("VALIDATION", tip.message, { field: tip.field });
  return tip.tip;
}

/** Cash the shopper pays with must cover what they pay: the total, fee and tip included. */
export function refuseCashBelowTotal(cashAmount: number | null, toPay: number): void {
  if (cashAmount !== null && cashAmount < toPay)
    throw new AppError("VALIDATION", PAYMENT_MESSAGES.cashBelowTotal, { field: "cashAmount" });
}
