import { Fragment, useState } from "react";
import { Link } from "react-router";
import type { OwnerOrder } from "~/domain/orders/owner-orders.server";
import { OWNER_ORDER_MESSAGES } from "~/domain/orders/owner-orders";
import { formatOrderDate } from "~/domain/orders/order-vocabulary";
import { DeliveryTerms, OrderLines } from "~/components/order-lines";

export function OrderHistoryTab({
  orders,
  page,
  hasMore,
}: {
  orders: OwnerOrder[];
  page: number;
  hasMore: boolean;
}) {
  const [expanded, setExpanded] = useState<string | null>(null);
  const toggle = (id: string) => setExpanded((current) => (current === id ? null : id));
  return (
    <section aria-labelledby="history-title" className="space-y-4">
      <h2 id="history-title" className="text-xl font-bold">
        Órdenes completadas
      </h2>
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
                          {order.customerName}
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
                                  <dd className="font-bold text-red-800">Cancelada</dd>
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
              <Link
                to={`?tab=ordenes_completadas&page=${page - 1}`}
                className="font-semibold text-blue-800 underline"
              >
                ← Más recientes
              </Link>
            ) : (
              <span />
            )}
            {hasMore ? (
              <Link
                to={`?tab=ordenes_completadas&page=${page + 1}`}
                className="font-semibold text-blue-800 underline"
              >
                Más antiguas →
              </Link>
            ) : null}
          </nav>
        </>
      )}
    </section>
  );
}
