import type { ChosenGroup } from "~/domain/products/choices";
import { lineTotal } from "~/domain/orders/cart";
import { discountAmountText, discountLabel, type AppliedDiscount } from "~/domain/promotions/promotions";
import { formatMoney } from "~/domain/money/money";
import { amountToPay, tipBase, tipLabel } from "~/domain/orders/tips";
import { ORDER_PRIVACY_MESSAGES, publicDeliveryPlace } from "~/domain/orders/order-privacy";
import {
  DELIVERY_LABELS,
  orderLineOptions,
  orderLineParts,
  type DeliveryType,
} from "~/domain/orders/order-vocabulary";

type Line = {
  name: string;
  variation: string;
  /** Shown after the option by the shared formatter (orderLineParts). */
  choices?: ChosenGroup[];
  quantity: number;
  unit: string;
  price: number;
};

/**
 * An order's product lines, its discounts (docs/decisions/036), delivery and total, as the owner's panels and the shopper's confirmation show
 * them: one component, one rounding (each line to the centavo, as the server totals it). On the
 * kitchen ticket (`optionsOnLines`) a line's option and choices are each a line of their own, large
 * and black, read at arm's length; elsewhere they follow the product on one quieter line.
 */
export function OrderLines({
  order,
  optionsOnLines = false,
}: {
  optionsOnLines?: boolean;
  order: {
    lines: Line[];
    total: number;
    deliveryFee?: number;
    deliveryZone?: string;
    discounts?: Pick<AppliedDiscount, "kind" | "name" | "amount">[];
    /** Propina (app/domain/orders/tips.ts): apart from `total`; with one, "Total a pagar" includes it. */
    tip?: number;
    tipPercent?: number | null;
  };
}) {
  const tip = order.tip ?? 0;
  return (
    <div>
      <ul className="divide-y divide-stone-300">
        {order.lines.map((line, index) => {
          const { product, option } = orderLineParts(line);
          const options = optionsOnLines ? orderLineOptions(line) : [];
          return (
            <li key={index} className="flex justify-between gap-3 py-1.5">
              {optionsOnLines ? (
                <div className="min-w-0 break-words">
                  <p>{product}</p>
                  {options.length > 0 ? (
                    <ul className="mt-0.5 text-sm leading-tight font-bold text-black" data-line-options>
                      {options.map((text, at) => (
                        <li key={at}>{text}</li>
                      ))}
                    </ul>
                  ) : null}
                </div>
              ) : (
                <span className="min-w-0 break-words">
                  {product}
                  {option ? <span className="opacity-80">{option}</span> : null}
                </span>
              )}
              <span className="shrink-0 font-semibold">{formatMoney(lineTotal(line))}</span>
            </li>
          );
        })}
      </ul>
      {(order.discounts ?? []).map((discount, index) => (
        <p
          key={index}
          className="flex justify-between gap-3 border-t border-stone-300 py-1.5"
          data-testid="order-discount"
        >
          <span className="min-w-0 break-words">{discountLabel(discount)}</span>
          <span className="shrink-0 font-semibold">{discountAmountText(discount.amount)}</span>
        </p>
      ))}
      {tip > 0 ? (
        // With a tip, what its percentage is of: the products less their discounts.
        <p
          className="flex justify-between gap-3 border-t border-stone-300 py-1.5"
          data-testid="order-subtotal"
        >
          <span>Subtotal</span>
          <span className="font-semibold">{formatMoney(tipBase(order))}</span>
        </p>
      ) : null}
      {order.deliveryFee ? (
        <p className="flex justify-between gap-3 border-t border-stone-300 py-1.5">
          <span>Envío{order.deliveryZone ? ` (${order.deliveryZone})` : ""}</span>
          <span className="font-semibold">{formatMoney(order.deliveryFee)}</span>
        </p>
      ) : null}
      {tip > 0 ? (
        <p className="flex justify-between gap-3 border-t border-stone-300 py-1.5" data-testid="order-tip">
          <span>{tipLabel(order.tipPercent ?? null)}</span>
          <span className="font-semibold">{formatMoney(tip)}</span>
        </p>
      ) : null}
      <p className="mt-2 flex justify-between border-t border-stone-400 pt-2 text-lg font-bold">
        <span>{tip > 0 ? "Total a pagar" : "Total"}</span>
        <span>{formatMoney(amountToPay({ total: order.total, tip }))}</span>
      </p>
    </div>
  );
}

/**
 * The delivery type and, for a delivery, the address: terms of an order's <dl>. A device that did
 * not place the order gets the zone or postal code instead (app/domain/orders/order-privacy.ts).
 */
export function DeliveryTerms({
  order,
  termClassName = "text-stone-600",
}: {
  order: {
    deliveryType: DeliveryType;
    address: string;
    addressHidden?: boolean;
    deliveryZone?: string;
    postalCode?: string;
  };
  termClassName?: string;
}) {
  return (
    <>
      <dt className={termClassName}>Entrega</dt>
      <dd>{DELIVERY_LABELS[order.deliveryType]}</dd>
      {order.deliveryType === "delivery" ? (
        <>
          <dt className={termClassName}>Dirección</dt>
          {order.addressHidden ? (
            <dd className="break-words" data-testid="hidden-address">
              {publicDeliveryPlace(order) || "—"}
              <span className="block text-xs opacity-80">{ORDER_PRIVACY_MESSAGES.hiddenAddress}</span>
            </dd>
          ) : (
            <dd className="break-words">{order.address || "—"}</dd>
          )}
        </>
      ) : null}
    </>
  );
}
