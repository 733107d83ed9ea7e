import { DeliveryTerms, OrderLines } from "~/components/order-lines";
import type { OrderSummary } from "~/domain/orders/order-summary";
import { trackingPath } from "~/domain/orders/status-messages";
import { paymentText } from "~/domain/orders/whatsapp";
import { formatOrderDate } from "~/domain/orders/order-vocabulary";

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
        {order.scheduledFor ? (
          <>
            <dt className="font-semibold">Para</dt>
            <dd>{formatOrderDate(order.scheduledFor, "long")}</dd>
          </>
        ) : null}
        {order.paymentMethod ? (
          <>
            <dt className="font-semibold">Pago</dt>
            <dd>
              {paymentText(order)}
              {order.paid ? " · Pagado" : ""}
            </dd>
          </>
        ) : null}
      </dl>
    </div>
  );
}

/** The order's own page, where the shopper follows it without messaging the store. */
export function TrackingLink({ storeId, number }: { storeId: string; number: string }) {
  return (
    <a
      href={trackingPath(storeId, number)}
      className="block rounded-lg bg-white px-4 py-3 text-center font-semibold text-stone-900 underline ring-1 ring-stone-500"
    >
      Sigue tu pedido
    </a>
  );
}
