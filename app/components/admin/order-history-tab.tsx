import { Fragment, useState } from "react";
import { Form, Link } from "react-router";
import type { OwnerOrder } from "~/domain/orders/owner-orders.server";
import { OWNER_ORDER_MESSAGES, type HistoryFilter } from "~/domain/orders/owner-orders";
import { EVENT_LABELS } from "~/domain/orders/order-steps";
import { paymentText } from "~/domain/orders/whatsapp";
import { customerLabel, formatOrderDate } from "~/domain/orders/order-vocabulary";
import { DeliveryTerms, OrderLines } from "~/components/order-lines";
import { LabelledInput } from "./panel-form";

export function OrderHistoryTab({
  orders,
  page,
  hasMore,
  filter,
}: {
  orders: OwnerOrder[];
  page: number;
  hasMore: boolean;
  filter: HistoryFilter;
}) {
  const [expanded, setExpanded] = useState<string | null>(null);
  const toggle = (id: string) => setExpanded((current) => (current === id ? null : id));
  const query = new URLSearchParams({
    tab: "ordenes_completadas",
    ...(filter.status !== "all" ? { estado: filter.status } : {}),
    ...(filter.from ? { desde: filter.from } : {}),
    ...(filter.to ? { hasta: filter.to } : {}),
  });
  const pageLink = (to: number) => `?${query.toString()}&page=${to}`;
  return (
    <section aria-labelledby="history-title" className="space-y-4">
      <h2 id="history-title" className="text-xl font-bold">
        Órdenes completadas
      </h2>
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
      {orders.length === 0 ? (
        <p className="rounded-xl bg-white p-6 text-center text-stone-700 ring-1 ring-stone-200">
          {OWNER_ORDER_MESSAGES.noHistory}
        </p>
      ) : (
        <>
          <p className="text-sm text-stone-700">{OWNER_ORDER_MESSAGES.historyHint}</p>
          <div className="overflow-x-auto rounded-xl bg-white ring-1 ring-stone-200">
            <table className="w-full text-left text-sm">
              <thead className="bg-stone-100 text-stone-800">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    ID
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Nombre
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Hora del pedido
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Hora de completado
                  </th>
                </tr>
              </thead>
              <tbody>
                {orders.map((order) => {
                  const open = expanded === order.id;
                  return (
                    <Fragment key={order.id}>
                      <tr
                        onClick={() => toggle(order.id)}
                        className="cursor-pointer border-t border-stone-200 hover:bg-stone-50"
                      >
                        <td className="px-3 py-2 font-mono">
                          {/* The button carries the keyboard and screen-reader behaviour; the row is a bigger target. */}
                          <button
                            type="button"
                            aria-expanded={open}
                            aria-controls={`order-details-${order.id}`}
                            onClick={(event) => {
                              event.stopPropagation();
                              toggle(order.id);
                            }}
                            className="font-mono font-semibold text-blue-800 underline"
                          >
                            {order.id}
                          </button>
                        </td>
                        <td className="px-3 py-2">
                          {customerLabel(order.customerName)}
                          {order.status === "cancelled" ? (
                            <span className="ml-2 rounded-full bg-red-100 px-2 py-0.5 text-xs font-bold text-red-800">
                              Cancelada
                            </span>
                          ) : null}
                        </td>
                        <td className="px-3 py-2">{formatOrderDate(order.createdAt)}</td>
                        <td className="px-3 py-2">{formatOrderDate(order.completedAt)}</td>
                      </tr>
                      {open ? (
                        <tr id={`order-details-${order.id}`} className="bg-stone-50">
                          <td colSpan={4} className="px-3 py-3">
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
                                    {paymentText(order)} ·{" "}
                                    {order.paidAt ? "Pagado" : "Sin marcar como pagado"}
                                  </dd>
                                </>
                              ) : null}
                            </dl>
                            <OrderLines order={order} />
                          </td>
                        </tr>
                      ) : null}
                    </Fragment>
                  );
                })}
              </tbody>
            </table>
          </div>
          <nav aria-label="Páginas del historial" className="flex justify-between">
            {page > 1 ? (
              <Link to={pageLink(page - 1)} className="font-semibold text-blue-800 underline">
                ← Más recientes
              </Link>
            ) : (
              <span />
            )}
            {hasMore ? (
              <Link to={pageLink(page + 1)} className="font-semibold text-blue-800 underline">
                Más antiguas →
              </Link>
            ) : null}
          </nav>
        </>
      )}
    </section>
  );
}
