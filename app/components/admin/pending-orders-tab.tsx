import { useFetcher } from "react-router";
import type { OwnerOrder } from "~/domain/orders/owner-orders.server";
import {
  formatOrderDate,
  ORDER_STATUS_LABELS,
  OWNER_ORDER_MESSAGES,
  whatsappLink,
} from "~/domain/orders/owner-orders";
import { DeliveryTerms, OrderLines } from "./order-lines";
import type { LiveConnection } from "./use-live-orders";

const CONNECTION_TEXT: Record<LiveConnection, string> = {
  connecting: "Conectando…",
  open: "En vivo",
  closed: "Sin conexión: recarga la página",
};

export function PendingOrdersTab({
  orders,
  connection,
}: {
  orders: OwnerOrder[];
  connection: LiveConnection;
}) {
  return (
    <section aria-labelledby="pending-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="pending-title" className="text-xl font-bold">
          Órdenes pendientes
        </h2>
        <p role="status" className="flex items-center gap-2 text-sm font-medium text-stone-800">
          <span
            aria-hidden="true"
            className={`h-2.5 w-2.5 rounded-full ${connection === "open" ? "bg-green-600" : "bg-amber-500"}`}
          />
          {CONNECTION_TEXT[connection]}
        </p>
      </div>
      <p className="text-sm text-stone-700">Las órdenes nuevas aparecen aquí sin recargar la página.</p>
      {orders.length === 0 ? (
        <p className="rounded-xl bg-white p-6 text-center text-stone-700 ring-1 ring-stone-200">
          {OWNER_ORDER_MESSAGES.noPending}
        </p>
      ) : (
        <ul aria-label="Órdenes pendientes" className="space-y-3">
          {orders.map((order) => (
            <PendingOrder key={order.id} order={order} />
          ))}
        </ul>
      )}
    </section>
  );
}

function PendingOrder({ order }: { order: OwnerOrder }) {
  const fetcher = useFetcher();
  const chat = whatsappLink(order.customerPhone);
  const busy = fetcher.state !== "idle";
  return (
    <li aria-label={`Orden ${order.id}`} className="space-y-3 rounded-xl bg-white p-4 ring-1 ring-stone-200">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-mono font-bold">{order.id}</p>
        <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-bold text-amber-900">
          {ORDER_STATUS_LABELS[order.status]}
        </span>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-stone-600">Cliente</dt>
        <dd className="font-medium">{order.customerName}</dd>
        <dt className="text-stone-600">Teléfono</dt>
        <dd>
          {order.customerPhone ? (
            chat ? (
              <a href={chat} target="_blank" rel="noreferrer" className="font-medium text-blue-800 underline">
                {order.customerPhone}
              </a>
            ) : (
              order.customerPhone
            )
          ) : (
            "—"
          )}
        </dd>
        <dt className="text-stone-600">Hora</dt>
        <dd>{formatOrderDate(order.createdAt)}</dd>
        <DeliveryTerms order={order} />
        {order.comments ? (
          <>
            <dt className="text-stone-600">Comentarios</dt>
            <dd className="break-words">{order.comments}</dd>
          </>
        ) : null}
      </dl>
      <OrderLines order={order} />
      <div className="flex flex-col gap-2 sm:flex-row">
        <fetcher.Form method="post" action="/i/admin/orders" className="flex-1">
          <input type="hidden" name="orderId" value={order.id} />
          <button
            type="submit"
            name="intent"
            value="complete"
            disabled={busy}
            className="w-full rounded-lg bg-green-700 px-4 py-2.5 font-semibold text-white hover:bg-green-800 disabled:opacity-70"
          >
            {OWNER_ORDER_MESSAGES.complete}
          </button>
        </fetcher.Form>
        <fetcher.Form
          method="post"
          action="/i/admin/orders"
          className="flex-1"
          onSubmit={(event) => {
            if (!window.confirm(OWNER_ORDER_MESSAGES.confirmCancel)) event.preventDefault();
          }}
        >
          <input type="hidden" name="orderId" value={order.id} />
          <button
            type="submit"
            name="intent"
            value="cancel"
            disabled={busy}
            className="w-full rounded-lg border border-red-300 px-4 py-2.5 font-semibold text-red-800 hover:bg-red-50 disabled:opacity-70"
          >
            {OWNER_ORDER_MESSAGES.cancel}
          </button>
        </fetcher.Form>
      </div>
    </li>
  );
}
