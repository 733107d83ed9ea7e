/**
 * The order's promotions (docs/decisions/036), priced from what the database read: the offers
 * running at the order's time, and the typed code checked against the cart. Pure.
 */
import { AppError } from "~/lib/errors";
import {
  orderDiscounts,
  PROMOTION_MESSAGES,
  type AppliedDiscount,
  type DiscountLine,
} from "~/domain/promotions/promotions";
import type { PromotionsRead } from "~/domain/promotions/redeem.server";
import type { PricedLine, ProductRow } from "./price";

export type OrderDiscounts = { discounts: AppliedDiscount[]; total: number };

/** The lines as the promotions see them: each with its product's category. */
export function discountLines(lines: PricedLine[], products: ProductRow[]): DiscountLine[] {
  const byId = new Map(products.map((product) => [product.id, product]));
  return lines.map((line) => ({
    productId: line.productId,
    category: byId.get(line.productId)?.category ?? "",
    unit: line.unit,
    price: line.price,
    quantity: line.quantity,
  }));
}

/**
 * The discounts the order gets, or the code's refusal beside its field: unknown, not for this
 * phone (asked for, or already used with it), or refused by its rules (applyCode). A code that
 * takes nothing from this order (its lines already free from an offer) is no refusal: the order is
 * placed without it, as the cart showed it, and it spends no use.
 */
export function priceDiscounts(
  lines: PricedLine[],
  products: ProductRow[],
  promotions: PromotionsRead,
  typed: { couponCode: string; phone: string },
  store: { now: Date; timeZone: string },
  { phoneRequired = true }: { phoneRequired?: boolean } = {},
): OrderDiscounts {
  const { code } = promotions;
  const refuse = (message: string) => new AppError("VALIDATION", message, { field: "couponCode" });
  if (typed.couponCode !== "" && !code) throw refuse(PROMOTION_MESSAGES.unknown);
  if (code?.oncePerPhone && typed.phone === "" && phoneRequired) throw refuse(PROMOTION_MESSAGES.phoneNeeded);
  if (code?.phoneUsed) throw refuse(PROMOTION_MESSAGES.usedByPhone);
  const priced = orderDiscounts(
    discountLines(lines, products),
    promotions.offers,
    code,
    store.now,
    store.timeZone,
  );
  if (priced.code && !priced.code.ok && priced.code.reason !== "noSaving") throw refuse(priced.code.message);
  return { discounts: priced.discounts, total: priced.total };
}
