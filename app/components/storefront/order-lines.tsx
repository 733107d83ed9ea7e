import { DeliveryTerms, OrderLines } from "~/components/order-lines";
import type { OrderSummary } from "~/domain/orders/order-summary";

/** An order's products, total and delivery, as the shopper sees them (never name or phone). */
export function OrderDetails({ order }: { order: OrderSummary }) {
  return (
    <div className="space-y-3">
      <OrderLines order={order} />
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <DeliveryTerms order={order} termClassName="font-semibold" />
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
