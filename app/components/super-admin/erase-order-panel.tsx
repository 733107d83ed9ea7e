import { useEffect, useRef, useState } from "react";
import { ActionMessage } from "~/components/action-message";
import { TextField } from "~/components/field";
import { useFormAction } from "~/components/forms/use-form-action";
import { formatOrderDate } from "~/domain/orders/order-vocabulary";
import type { SuperAdminResult } from "~/domain/super-admin/super-admin-actions.server";
import { CLOSE_STORE_MESSAGES } from "~/domain/stores/close-store";
import { SUPER_ADMIN_ACTIONS_URL } from "~/domain/super-admin/super-admin-forms";

type ErasePreview = NonNullable<Extract<SuperAdminResult, { ok: true }>["erasePreview"]>;

/**
 * A shopper's request to cancel their data (LFPDPPP), by the number of their order. The first
 * send only shows what would be erased; the super-admin confirms it in a second one.
 */
export function EraseOrderPanel({ documentResult }: { documentResult?: SuperAdminResult }) {
  const erase = useFormAction<{ erasePreview?: ErasePreview }>(
    SUPER_ADMIN_ACTIONS_URL,
    CLOSE_STORE_MESSAGES.eraseFailed,
  );
  const [cancelled, setCancelled] = useState<object>();
  const sent = erase.submitting ? undefined : (erase.result ?? documentResult);
  const result = sent === cancelled ? undefined : sent;
  const preview = result?.ok ? result.erasePreview : undefined;
  const error = result?.ok === false ? result.fieldErrors?.orderNumber : undefined;
  const confirming = erase.pending?.get("confirmed") === "1";
  return (
    <section
      aria-labelledby="borrar-datos"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200"
    >
      <h2 id="borrar-datos" className="text-lg font-bold">
        Borrar los datos de un cliente
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        Cuando un comprador pide que borremos sus datos: el nombre, el teléfono y la dirección de su pedido se
        borran; el pedido y su total quedan para la tienda.
      </p>
      <form method="post" onSubmit={erase.handleSubmit} noValidate className="mt-3 space-y-3">
        <input type="hidden" name="intent" value="erase-order" />
        <TextField
          label="Número de pedido"
          name="orderNumber"
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={40}
          placeholder="K7QM-3XRT-9HNPW"
          error={error}
        />
        <button
          type="submit"
          disabled={erase.submitting}
          className="rounded-lg bg-stone-800 px-4 py-2.5 font-semibold text-white hover:bg-stone-900 disabled:opacity-60"
        >
          {erase.submitting
            ? confirming
              ? "Borrando…"
              : "Buscando el pedido…"
            : "Borrar los datos del cliente"}
        </button>
        {preview ? null : <ActionMessage result={result} onRetry={erase.retry} />}
      </form>
      {preview ? (
        <ErasePreviewBox
          preview={preview}
          message={result?.message ?? ""}
          onConfirm={erase.handleSubmit}
          onCancel={() => setCancelled(sent)}
        />
      ) : null}
    </section>
  );
}

/** What will be blanked, order by order, with the button that does it and a way back. */
function ErasePreviewBox({
  preview,
  message,
  onConfirm,
  onCancel,
}: {
  preview: ErasePreview;
  message: string;
  onConfirm: (event: React.FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [preview]);
  const pending = preview.orders.filter((order) => !order.erasedAt);
  return (
    <div
      role="region"
      aria-labelledby="confirmar-borrado"
      className="mt-4 rounded-xl bg-red-50 p-4 ring-1 ring-red-300"
    >
      <h3 id="confirmar-borrado" ref={heading} tabIndex={-1} className="font-bold text-red-900 outline-none">
        {pending.length > 0 ? "¿Borrar estos datos?" : CLOSE_STORE_MESSAGES.alreadyErased}
      </h3>
      {pending.length > 0 ? <p className="mt-1 text-sm text-red-900">{message}</p> : null}
      <ul className="mt-3 space-y-3">
        {preview.orders.map((order) => (
          <li key={order.storeId} className="rounded-lg bg-white p-3 text-sm ring-1 ring-red-200">
            <p className="font-semibold break-words">
              Pedido {preview.orderNumber} · {order.storeName} (/{order.storeId})
            </p>
            <p className="text-stone-600">Hecho el {formatOrderDate(order.placedAt)}</p>
            {order.erasedAt ? (
              <p className="mt-1 text-stone-700">
                {CLOSE_STORE_MESSAGES.alreadyErased} ({formatOrderDate(order.erasedAt)})
              </p>
            ) : (
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                <dt className="text-stone-600">Nombre</dt>
                <dd className="break-words">{order.customerName || "—"}</dd>
                <dt className="text-stone-600">Teléfono</dt>
                <dd>{order.customerPhone || "—"}</dd>
                <dt className="text-stone-600">Dirección</dt>
                <dd className="break-words">{order.address || "—"}</dd>
                {order.hasNotes ? (
                  <>
                    <dt className="text-stone-600">Notas</dt>
                    <dd>Comentarios, referencia de pago y motivo de cancelación del pedido</dd>
                  </>
                ) : null}
              </dl>
            )}
          </li>
        ))}
      </ul>
      {pending.length > 0 ? (
        <p className="mt-3 text-sm text-stone-700">Quedan el pedido, sus productos y su total.</p>
      ) : null}
      <div className="mt-3 flex flex-wrap items-center gap-3">
        {pending.length > 0 ? (
          <form method="post" onSubmit={onConfirm}>
            <input type="hidden" name="intent" value="erase-order" />
            <input type="hidden" name="orderNumber" value={preview.orderNumber} />
            <input type="hidden" name="confirmed" value="1" />
            <button
              type="submit"
              className="rounded-lg bg-red-700 px-4 py-2.5 font-semibold text-white hover:bg-red-800"
            >
              Sí, borrar los datos
            </button>
          </form>
        ) : null}
        <a
          href="/i/super-admin"
          onClick={(event) => {
            event.preventDefault();
            onCancel();
          }}
          className="rounded-lg px-4 py-2.5 font-semibold text-stone-800 ring-1 ring-stone-300 hover:bg-stone-100"
        >
          {pending.length > 0 ? "Cancelar" : "Cerrar"}
        </a>
      </div>
    </div>
  );
}
