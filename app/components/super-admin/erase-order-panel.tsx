import { ActionMessage } from "~/components/action-message";
import { TextField } from "~/components/field";
import { useFormAction } from "~/components/forms/use-form-action";
import type { SuperAdminResult } from "~/domain/super-admin/super-admin-actions.server";
import { CLOSE_STORE_MESSAGES } from "~/domain/stores/close-store";
import { SUPER_ADMIN_ACTIONS_URL } from "~/domain/super-admin/super-admin-forms";

/** A shopper's request to cancel their data (LFPDPPP), by the number of their order. */
export function EraseOrderPanel({ documentResult }: { documentResult?: SuperAdminResult }) {
  const erase = useFormAction(SUPER_ADMIN_ACTIONS_URL, CLOSE_STORE_MESSAGES.eraseFailed);
  const result = erase.submitting ? undefined : (erase.result ?? documentResult);
  const error = result?.ok === false ? result.fieldErrors?.orderNumber : undefined;
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
          {erase.submitting ? "Borrando…" : "Borrar los datos del cliente"}
        </button>
        <ActionMessage result={result} onRetry={erase.retry} />
      </form>
    </section>
  );
}
