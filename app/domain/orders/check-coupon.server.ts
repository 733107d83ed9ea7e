/**
 * "¿Tienes un código?" in the cart: the server checks the code against the cart as the order would
 * (docs/decisions/036) and answers its rule, so the cart shows the discount and follows the
 * shopper's changes with the same pure functions; the order prices it again when it is placed.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { priceDiscounts } from "~/domain/orders/place-order/discounts";
import { priceLines, type ProductRow } from "~/domain/orders/place-order/price";
import { productsOf } from "~/domain/orders/place-order/price.server";
import { mergeLines } from "~/domain/orders/place-order/parse";
import type { OrderLineInput } from "./order-form";
import { enforce } from "~/domain/rate-limit/rate-limit.server";
import { findStore } from "~/domain/stores/store.server";
import { AppError } from "~/lib/errors";
import {
  hasPromotions,
  normalizeCode,
  PROMOTION_MESSAGES,
  type CartCode,
} from "~/domain/promotions/promotions";
import { codeRefusal, promotionsOf, readPromotions } from "~/domain/promotions/redeem.server";

/** Past `couponCheckPerAddress`: the cart's checks are not a way to guess codes. */
export const COUPON_CHECKS_TOO_MANY = "Probaste muchos códigos. Espera unos minutos e intenta de nuevo.";

export async function checkCoupon(
  db: Database,
  input: { storeId: string; code: string; phone: string; lines: OrderLineInput[]; clientIp: string },
  now = new Date(),
): Promise<{ code: CartCode; discount: number }> {
  const code = normalizeCode(input.code);
  if (code === "") throw codeRefusal(PROMOTION_MESSAGES.unknown);
  const store = await findStore(db, input.storeId, now);
  if (!store) throw new AppError("NOT_FOUND", PROMOTION_MESSAGES.unknown);
  await enforce(
    db,
    [{ name: "couponCheckPerAddress", subject: input.clientIp }],
    COUPON_CHECKS_TOO_MANY,
    now,
  );
  if (!hasPromotions(store.licence.tier)) throw codeRefusal(PROMOTION_MESSAGES.unknown);
  const phone = /^\d{10}$/.test(input.phone) ? input.phone : "";
  const lines = mergeLines(input.lines);
  const { rows } = await db.execute<{ products: ProductRow[]; promotions: unknown }>(
    sql`select ${productsOf(input.storeId, lines)} as products,
      ${promotionsOf(input.storeId, code, phone)} as promotions`,
  );
  const { products, promotions } = rows[0]!;
  const read = readPromotions(promotions);
  const priced = priceLines(lines, products);
  const discounts = priceDiscounts(
    priced,
    products,
    read,
    { couponCode: code, phone },
    { now, timeZone: store.settings.timeZone },
    // The phone may still be untyped: the order asks for it when the code needs it.
    { phoneRequired: false },
  );
  const discount = discounts.discounts.find((applied) => applied.kind === "code");
  // The order would be placed without it: the cart says so beside the field instead of "−$0.00".
  if (!discount) throw codeRefusal(PROMOTION_MESSAGES.noSaving);
  const found = read.code!;
  return {
    code: {
      id: found.id,
      code: found.code,
      kind: found.kind,
      value: found.value,
      minSubtotal: found.minSubtotal,
      oncePerPhone: found.oncePerPhone,
      productIds: found.productIds,
      categories: found.categories,
    },
    discount: discount.amount,
  };
}
