import { OrderInvoicePanel } from "./order-invoice-panel";
import { Fragment, useState } from "react";
import { Form, Link } from "react-router";
import type { OwnerOrder } from "~/domain/orders/owner-orders.server";
import { OWNER_ORDER_MESSAGES, type HistoryFilter } from "~/domain/orders/owner-orders";
import { EVENT_LABELS } from "~/domain/orders/order-steps";
import { paymentText } from "~/domain/orders/whatsapp";
import { customerLabel, formatOrderDate } from "~/domain/orders/order-vocabulary";
import { DeliveryTerms, OrderLines } from "~/components/order-lines";
import { statusWhatsappUrl, type MessageContext } from "~/domain/orders/status-messages";
import { LabelledInput } from "./panel-form";
import { WhatsappStatusLink } from "./whatsapp-status-link";
import { DoneByTerm } from "./done-by-line";

export function OrderHistoryTab({
  orders,
  page,
  hasMore,
  filter,
  messages,
}: {
  orders: OwnerOrder[];
  page: number;
  hasMore: boolean;
  filter: HistoryFilter;
  messages: MessageContext;
}) {
  const [expanded, setExpanded] = useState<string | null>(null);
  const toggle = (id: string) => setExpanded((current) => (current === id ? null : id));
  return (
    <section aria-labelledby="history-title" className="space-y-4">
      <h2 id="history-title" className="text-xl font-bold">
        Órdenes completadas
      </h2>
      <HistoryFilterForm filter={filter} />
      {orders.length === 0 ? (
        <p className="rounded-xl bg-white p-6 text-center text-stone-700 ring-1 ring-stone-200">
          {OWNER_ORDER_MESSAGES.noHistory}
        </p>
      ) : (
        <>
          <p className="text-sm text-stone-700">{OWNER_ORDER_MESSAGES.historyHint}</p>
          {/* A table with its four columns (ID, Nombre, the two times) on a wide screen; on a phone
              each order is a card (the same rows and cells, laid out as blocks) so nothing scrolls
              sideways. The explicit roles keep the table's meaning when the phone layout changes its
              display. */}
          <div className="overflow-x-auto rounded-xl bg-white ring-1 ring-stone-200">
            <table role="table" className="w-full text-left text-sm max-sm:block">
              <thead role="rowgroup" className="bg-stone-100 text-stone-800 max-sm:sr-only">
                <tr role="row">
                  <th role="columnheader" scope="col" className="px-3 py-2">
                    ID
                  </th>
                  <th role="columnheader" scope="col" className="px-3 py-2">
                    Nombre
                  </th>
                  <th role="columnheader" scope="col" className="px-3 py-2">
                    Hora del pedido
                  </th>
                  <th role="columnheader" scope="col" className="px-3 py-2">
                    Hora de completado
                  </th>
                </tr>
              </thead>
              <tbody role="rowgroup" className="max-sm:block">
                {orders.map((order) => (
                  <Fragment key={order.id}>
                    <OrderSummaryRow
                      order={order}
                      open={expanded === order.id}
                      onToggle={() => toggle(order.id)}
                    />
                    {expanded === order.id ? <OrderDetailsRow order={order} messages={messages} /> : null}
                  </Fragment>
                ))}
              </tbody>
            </table>
          </div>
          <HistoryPager filter={filter} page={page} hasMore={hasMore} />
        </>
      )}
    </section>
  );
}

/** Status and dates to narrow the history to; a plain GET form, so it works before hydration. */
function HistoryFilterForm({ filter }: { filter: HistoryFilter }) {
  return (
    <Form
      method="get"
      aria-label="Filtrar el historial"
      className="flex flex-wrap items-end gap-3 rounded-xl bg-white p-3 ring-1 ring-stone-200"
    >
      <input type="hidden" name="tab" value="ordenes_completadas" />
      <label className="text-sm font-medium">
        Estado
        <select
          name="estado"
          defaultValue={filter.status === "all" ? "" : filter.status}
          className="mt-1 block rounded-lg border border-stone-300 px-3 py-2 text-base"
        >
          <option value="">Todas</option>
          <option value="completed">Completadas</option>
          <option value="cancelled">Canceladas</option>
        </select>
      </label>
      <LabelledInput label="Desde" type="date" name="desde" defaultValue={filter.from ?? ""} />
      <LabelledInput label="Hasta" type="date" name="hasta" defaultValue={filter.to ?? ""} />
      <button type="submit" className="rounded-lg bg-stone-900 px-4 py-2.5 font-semibold text-white">
        Filtrar
      </button>
    </Form>
  );
}

/** One order's row: its ID (the button that opens its details), the customer and the two times. */
function OrderSummaryRow({
  order,
  open,
  onToggle,
}: {
  order: OwnerOrder;
  open: boolean;
  onToggle: () => void;
}) {
  return (
    <tr
      role="row"
      onClick={onToggle}
      className="cursor-pointer border-t border-stone-200 hover:bg-stone-50 max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-3 max-sm:gap-y-1 max-sm:px-3 max-sm:py-3 max-sm:first:border-t-0"
    >
      <td role="cell" className="px-3 py-2 max-sm:col-span-2 max-sm:p-0">
        {/* The button carries the keyboard and screen-reader behaviour; the row is a bigger target. */}
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`order-details-${order.id}`}
          onClick={(event) => {
            event.stopPropagation();
            onToggle();
          }}
          className="font-mono font-semibold whitespace-nowrap text-brand-800 underline"
        >
          {order.id}
        </button>
      </td>
      <td role="cell" className="px-3 py-2 max-sm:col-span-2 max-sm:p-0">
        {customerLabel(order.customerName)}
        {order.status === "cancelled" ? (
          <span className="ml-2 rounded-full bg-red-100 px-2 py-0.5 text-xs font-bold whitespace-nowrap text-red-800">
            Cancelada
          </span>
        ) : null}
      </td>
      <td role="cell" className="px-3 py-2 max-sm:p-0">
        <PhoneLabel>Hora del pedido</PhoneLabel>
        {formatOrderDate(order.createdAt)}
      </td>
      <td role="cell" className="px-3 py-2 max-sm:p-0">
        <PhoneLabel>Hora de completado</PhoneLabel>
        {formatOrderDate(order.completedAt)}
      </td>
    </tr>
  );
}

/** The opened order: phone, delivery, how it ended, payment, its lines and the message to send. */
function OrderDetailsRow({ order, messages }: { order: OwnerOrder; messages: MessageContext }) {
  return (
    <tr role="row" id={`order-details-${order.id}`} className="bg-stone-50 max-sm:block">
      <td role="cell" colSpan={4} className="px-3 py-3 max-sm:block">
        <dl className="mb-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="text-stone-600">Teléfono</dt>
          <dd>{order.customerPhone || "—"}</dd>
          <DeliveryTerms order={order} />
          {order.status === "cancelled" ? (
            <>
              <dt className="text-stone-600">Estado</dt>
              <dd className="font-bold text-red-800">
                Cancelada{order.cancelReason ? ` · ${order.cancelReason}` : ""}
              </dd>
            </>
          ) : null}
          <DoneByTerm doneBy={order.doneBy} />
          {order.step ? (
            <>
              <dt className="text-stone-600">Último paso</dt>
              <dd>{EVENT_LABELS[order.step]}</dd>
            </>
          ) : null}
          {order.paymentMethod ? (
            <>
              <dt className="text-stone-600">Pago</dt>
              <dd>
                {paymentText({ ...order, paid: order.paidAt !== null, refunded: order.refundedAt !== null })}{" "}
                · {order.refundedAt ? "Reembolsado" : order.paidAt ? "Pagado" : "Sin marcar como pagado"}
              </dd>
            </>
          ) : null}
        </dl>
        <OrderLines order={order} />
        {order.invoice ? (
          <div className="my-3">
            <OrderInvoicePanel orderId={order.id} invoice={order.invoice} />
          </div>
        ) : null}
        <ClosedOrderMessage order={order} messages={messages} />
      </td>
    </tr>
  );
}

/** Newer and older pages of the history, keeping the filter. */
function HistoryPager({ filter, page, hasMore }: { filter: HistoryFilter; page: number; hasMore: boolean }) {
  const query = new URLSearchParams({
    tab: "ordenes_completadas",
    ...(filter.status !== "all" ? { estado: filter.status } : {}),
    ...(filter.from ? { desde: filter.from } : {}),
    ...(filter.to ? { hasta: filter.to } : {}),
  });
  const pageLink = (to: number) => `?${query.toString()}&page=${to}`;
  return (
    <nav aria-label="Páginas del historial" className="flex justify-between">
      {page > 1 ? (
        <Link to={pageLink(page - 1)} className="font-semibold text-brand-800 underline">
          ← Más recientes
        </Link>
      ) : (
        <span />
      )}
      {hasMore ? (
        <Link to={pageLink(page + 1)} className="font-semibold text-brand-800 underline">
          Más antiguas →
        </Link>
      ) : null}
    </nav>
  );
}

/** The WhatsApp message for how the order ended ("Completada" or "Cancelada", with its reason). */
function ClosedOrderMessage({ order, messages }: { order: OwnerOrder; messages: MessageContext }) {
  const kind = order.status === "cancelled" ? "cancelled" : "completed";
  const href = statusWhatsappUrl(kind, order, messages);
  if (!href) return null;
  return (
    <p className="mt-3 flex flex-wrap items-center gap-2">
      <span className="text-stone-700">Avisar por WhatsApp:</span>
      <WhatsappStatusLink kind={kind} href={href} />
    </p>
  );
}

/** A column's name above its value, for the phone's card layout (the table header says it on wide screens). */
function PhoneLabel({ children }: { children: string }) {
  return (
    <span aria-hidden="true" className="block text-xs text-stone-600 sm:hidden">
      {children}
    </span>
  );
}
