import { useState } from "react";
import { formatMoney } from "~/domain/money/money";
import { ORDER_NUMBER_MAX_LENGTH } from "~/domain/orders/order-form";
import { formatOrderDate, ORDER_STATUS_LABELS } from "~/domain/orders/order-vocabulary";
import type { OrderSummary } from "~/domain/orders/order-summary";
import type { DeviceOrder } from "./device-storage";
import { OrderDetails, TrackingLink } from "./order-lines";
import { STEP_LABELS } from "~/domain/orders/order-steps";
import { postLookup } from "./storefront-api";

/** "Mi Pedido": find an order by its number; orders placed on this device are one tap away. */
export function OrderLookup({ storeId, deviceOrders }: { storeId: string; deviceOrders: DeviceOrder[] }) {
  const [number, setNumber] = useState("");
  const [state, setState] = useState<
    | { kind: "idle" }
    | { kind: "loading" }
    | { kind: "found"; order: OrderSummary }
    | { kind: "error"; message: string }
  >({ kind: "idle" });

  async function lookup(value: string) {
    if (value.trim() === "") return;
    setState({ kind: "loading" });
    const result = await postLookup(storeId, value);
    setState(result.ok ? { kind: "found", order: result.order } : { kind: "error", message: result.message });
  }

  return (
    <div className="space-y-4">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void lookup(number);
        }}
        className="rounded-xl bg-[var(--store-panel)] p-4 text-[var(--store-on-panel)]"
      >
        <h2 className="mb-3 text-xl font-bold">Consulta tu pedido</h2>
        <label htmlFor="sf-lookup" className="mb-1 block text-sm font-medium">
          Número de pedido
        </label>
        <div className="flex gap-2">
          <input
            id="sf-lookup"
            value={number}
            maxLength={ORDER_NUMBER_MAX_LENGTH}
            onChange={(event) => setNumber(event.currentTarget.value)}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            placeholder="K7QM-3XRT-9HNPW"
            className="block w-full min-w-0 rounded-lg border border-stone-400 bg-white px-3 py-2.5 font-mono text-base text-stone-900 uppercase placeholder:text-stone-600"
          />
          <button
            type="submit"
            disabled={number.trim() === "" || state.kind === "loading"}
            className="shrink-0 rounded-lg bg-[var(--store-primary)] px-4 py-2.5 font-semibold text-[var(--store-on-primary)] disabled:cursor-not-allowed disabled:opacity-60"
          >
            Buscar
          </button>
        </div>
      </form>

      {deviceOrders.length > 0 ? (
        <section
          aria-labelledby="sf-device-orders"
          className="rounded-xl bg-[var(--store-panel)] p-4 text-[var(--store-on-panel)]"
        >
          <h2 id="sf-device-orders" className="mb-2 text-lg font-bold">
            Pedidos hechos desde este dispositivo
          </h2>
          <ul className="space-y-2">
            {deviceOrders.map((order) => (
              <li key={order.number}>
                <button
                  type="button"
                  onClick={() => {
                    setNumber(order.number);
                    void lookup(order.number);
                  }}
                  className="flex w-full justify-between gap-3 rounded-lg border border-stone-400 bg-white px-3 py-2 text-left text-stone-900"
                >
                  <span className="font-mono font-semibold">{order.number}</span>
                  <span>{formatMoney(order.total)}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <div aria-live="polite">
        {state.kind === "loading" ? <p>Buscando…</p> : null}
        {state.kind === "error" ? (
          <p role="alert" className="rounded-lg bg-red-50 p-3 font-medium text-red-800">
            {state.message}
          </p>
        ) : null}
        {state.kind === "found" ? (
          <section
            aria-labelledby="sf-found-title"
            className="space-y-3 rounded-xl bg-[var(--store-panel)] p-4 text-[var(--store-on-panel)]"
          >
            <h2 id="sf-found-title" className="font-mono text-xl font-bold">
              Pedido {state.order.number}
            </h2>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
              <dt className="font-semibold">Estado</dt>
              <dd>
                {state.order.status === "pending" && state.order.step
                  ? STEP_LABELS[state.order.step]
                  : ORDER_STATUS_LABELS[state.order.status]}
              </dd>
              {state.order.status === "cancelled" && state.order.cancelReason ? (
                <>
                  <dt className="font-semibold">Motivo</dt>
                  <dd className="break-words">{state.order.cancelReason}</dd>
                </>
              ) : null}
              <dt className="font-semibold">Fecha</dt>
              <dd>{formatOrderDate(state.order.createdAt, "long")}</dd>
            </dl>
            <OrderDetails order={state.order} />
            <TrackingLink storeId={storeId} number={state.order.number} />
          </section>
        ) : null}
      </div>
    </div>
  );
}
