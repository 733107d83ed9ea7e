import { lineTotal } from "~/domain/orders/cart";
import { formatMoney } from "~/domain/orders/money";
import { DELIVERY_LABELS } from "~/domain/orders/order-form";
import type { OrderSummary } from "~/domain/orders/order-summary";

/** An order's products, total and delivery, as the shopper sees them (never name or phone). */
export function OrderLines({ order }: { order: OrderSummary }) {
  return (
    <div className="space-y-3">
      <ul className="divide-y divide-stone-300">
        {order.lines.map((line, index) => (
          <li key={index} className="flex justify-between gap-3 py-2">
            <span>
              {line.quantity} {line.unit} × {line.name}
              {line.variation ? ` (${line.variation})` : ""}
            </span>
            <span className="font-semibold">{formatMoney(lineTotal(line))}</span>
          </li>
        ))}
      </ul>
      <p className="flex justify-between border-t border-stone-400 pt-2 text-lg font-bold">
        <span>Total</span>
        <span>{formatMoney(order.total)}</span>
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-semibold">Entrega</dt>
        <dd>{DELIVERY_LABELS[order.deliveryType]}</dd>
        {order.deliveryType === "delivery" ? (
          <>
            <dt className="font-semibold">Dirección</dt>
            <dd className="break-words">{order.address}</dd>
          </>
        ) : null}
        {order.comments ? (
          <>
            <dt className="font-semibold">Comentarios</dt>
            <dd className="break-words">{order.comments}</dd>
          </>
        ) : null}
      </dl>
    </div>
  );
}
