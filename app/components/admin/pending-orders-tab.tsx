import { useFormAction } from "~/components/forms/use-form-action";
import type { OwnerOrder } from "~/domain/orders/owner-orders.server";
import { OWNER_ORDER_MESSAGES, whatsappLink } from "~/domain/orders/owner-orders";
import { formatOrderDate, ORDER_STATUS_LABELS } from "~/domain/orders/order-vocabulary";
import { DeliveryTerms, OrderLines } from "~/components/order-lines";
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
  const update = useFormAction("/i/admin/orders", OWNER_ORDER_MESSAGES.failed);
  const chat = whatsappLink(order.customerPhone);
  const busy = update.submitting;

  // A completion or cancellation that fails is only logged (spec §8); the order stays pending
  // on screen with its buttons ready for another try.
  async function send(form: HTMLFormElement) {
    const result = await update.submit(new FormData(form));
    if (!result.ok) console.error("Error completing order:", order.id, result.message);
  }
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
        <OrderActionForm
          intent="complete"
          orderId={order.id}
          busy={busy}
          onSend={send}
          className="bg-green-700 text-white hover:bg-green-800"
        >
          {OWNER_ORDER_MESSAGES.complete}
        </OrderActionForm>
        <OrderActionForm
          intent="cancel"
          orderId={order.id}
          busy={busy}
          confirm={OWNER_ORDER_MESSAGES.confirmCancel}
          onSend={send}
          className="border border-red-300 text-red-800 hover:bg-red-50"
        >
          {OWNER_ORDER_MESSAGES.cancel}
        </OrderActionForm>
      </div>
    </li>
  );
}

/** One button of a pending order, as its own form (it still posts, before the page has hydrated). */
function OrderActionForm({
  intent,
  orderId,
  busy,
  confirm,
  onSend,
  className,
  children,
}: {
  intent: "complete" | "cancel";
  orderId: string;
  busy: boolean;
  confirm?: string;
  onSend: (form: HTMLFormElement) => Promise<void>;
  className: string;
  children: React.ReactNode;
}) {
  return (
    <form
      method="post"
      action="/i/admin/orders"
      className="flex-1"
      onSubmit={(event) => {
        event.preventDefault();
        if (!confirm || window.confirm(confirm)) void onSend(event.currentTarget);
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="orderId" value={orderId} />
      <button
        type="submit"
        disabled={busy}
        className={`w-full rounded-lg px-4 py-2.5 font-semibold disabled:opacity-70 ${className}`}
      >
        {children}
      </button>
    </form>
  );
}
