import type { OwnerOrder } from "~/domain/orders/owner-orders.server";
import { formatMoney } from "~/domain/orders/money";
import { DELIVERY_TYPE_LABELS } from "~/domain/orders/owner-orders";

/** The delivery type and, for a delivery, the address: terms of an order's <dl>. */
export function DeliveryTerms({ order }: { order: Pick<OwnerOrder, "deliveryType" | "address"> }) {
  return (
    <>
      <dt className="text-stone-600">Entrega</dt>
      <dd>{DELIVERY_TYPE_LABELS[order.deliveryType]}</dd>
      {order.deliveryType === "delivery" ? (
        <>
          <dt className="text-stone-600">Dirección</dt>
          <dd className="break-words">{order.address || "—"}</dd>
        </>
      ) : null}
    </>
  );
}

/** An order's product lines and total. */
export function OrderLines({ order }: { order: Pick<OwnerOrder, "lines" | "total"> }) {
  return (
    <div>
      <ul className="divide-y divide-stone-200 text-sm">
        {order.lines.map((line) => (
          <li key={line.position} className="flex justify-between gap-3 py-1.5">
            <span>
              {line.quantity} {line.unit} × {line.name}
              {line.variation ? <span className="text-stone-600"> ({line.variation})</span> : null}
            </span>
            <span className="shrink-0">{formatMoney(line.price * line.quantity)}</span>
          </li>
        ))}
      </ul>
      <p className="mt-2 flex justify-between border-t border-stone-300 pt-2 font-bold">
        <span>Total</span>
        <span>{formatMoney(order.total)}</span>
      </p>
    </div>
  );
}
