import { lineRoom, lineTotal } from "~/domain/orders/cart";
import { formatMoney } from "~/domain/money/money";
import { formatChoices } from "~/domain/products/choices";
import { quantityRule } from "~/domain/products/quantity";
import { QuantityStepper } from "../quantity-stepper";
import { discountAmountText, discountLabel, type AppliedDiscount } from "~/domain/promotions/promotions";
import type { CartItem } from "./use-order-form";

/** "Tu carrito": each line with its quantity stepper and subtotal, then the delivery fee and total. */
export function CartLines({
  items,
  onIncrement,
  onDecrement,
  onQuantity,
  validity,
  deliveryFee,
  discounts,
  coupon,
  tip = null,
  total,
}: {
  items: CartItem[];
  onIncrement: (index: number) => void;
  onDecrement: (index: number) => void;
  onQuantity: (index: number, quantity: number) => void;
  /** Where a line's stepper reports whether the typed quantity is one the product is sold in. */
  validity: (key: string) => (valid: boolean) => void;
  /** The delivery line's amount as shown, or null when the cart shows no delivery line. */
  deliveryFee: string | null;
  /** The offers' and the code's discounts, each its own line (docs/decisions/036). */
  discounts: AppliedDiscount[];
  /** "¿Tienes un código?", for a store that takes codes. */
  coupon: React.ReactNode;
  /** Propina's line as shown ("Propina (15 %)", "$15.00"), or null without a tip. */
  tip?: { label: string; amount: string } | null;
  /** What the shopper pays: "Total", or "Total a pagar" with the tip. */
  total: string;
}) {
  return (
    <section
      aria-labelledby="sf-cart-title"
      className="rounded-xl bg-[var(--store-panel)] p-4 text-[var(--store-on-panel)]"
    >
      <h2 id="sf-cart-title" className="mb-3 text-xl font-bold">
        Tu carrito
      </h2>
      {items.length === 0 ? (
        <p>Tu carrito está vacío. Agrega productos desde la pestaña Productos.</p>
      ) : (
        <>
          <ul className="divide-y divide-stone-300">
            {items.map(({ line, product, price, chosen }, index) => {
              const choices = formatChoices(chosen);
              const described = [line.variation, choices].filter((part) => part !== "").join(" · ");
              const label = product.name + (described ? ` (${described})` : "");
              const key = `${line.productId}:${line.variation}:${(line.choices ?? []).join(",")}`;
              return (
                <li key={key} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
                  <div className="min-w-0 flex-1 basis-40">
                    <p className="font-semibold">{product.name}</p>
                    {line.variation ? <p className="text-sm">Opción: {line.variation}</p> : null}
                    {choices ? (
                      <p className="text-sm" data-testid="cart-line-choices">
                        {choices}
                      </p>
                    ) : null}
                    <p className="text-sm">
                      {formatMoney(price)} / {product.unit}
                    </p>
                  </div>
                  <QuantityStepper
                    id={`sf-quantity-${index}`}
                    rule={quantityRule(product)}
                    quantity={line.quantity}
                    room={lineRoom(
                      items.map((item) => item.line),
                      index,
                      product,
                    )}
                    label={label}
                    onIncrement={() => onIncrement(index)}
                    onDecrement={() => onDecrement(index)}
                    onQuantity={(quantity) => onQuantity(index, quantity)}
                    onValidity={validity(key)}
                  />
                  <p className="ml-auto w-24 text-right font-semibold" aria-label={`Subtotal de ${label}`}>
                    {formatMoney(lineTotal({ price, quantity: line.quantity }))}
                  </p>
                </li>
              );
            })}
          </ul>
          {coupon}
          {discounts.map((discount) => (
            <p key={discount.id} className="mt-3 flex justify-between gap-3" data-testid="cart-discount">
              <span className="min-w-0 break-words">{discountLabel(discount)}</span>
              <span className="shrink-0 font-semibold">{discountAmountText(discount.amount)}</span>
            </p>
          ))}
          {deliveryFee !== null ? (
            <p className="mt-3 flex justify-between border-t border-stone-300 pt-3">
              <span>Envío</span>
              <span data-testid="delivery-fee">{deliveryFee}</span>
            </p>
          ) : null}
          {tip ? (
            <p className="mt-3 flex justify-between border-t border-stone-300 pt-3">
              <span>{tip.label}</span>
              <span data-testid="cart-tip">{tip.amount}</span>
            </p>
          ) : null}
          <p className="mt-3 flex justify-between border-t border-stone-400 pt-3 text-lg font-bold">
            <span>{tip ? "Total a pagar" : "Total"}</span>
            <span data-testid="cart-total">{total}</span>
          </p>
        </>
      )}
    </section>
  );
}
