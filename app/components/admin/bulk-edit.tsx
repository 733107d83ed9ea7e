import { useState } from "react";
import { ActionMessage } from "~/components/action-message";
import { useFormAction } from "~/components/forms/use-form-action";
import { BULK_MESSAGES } from "~/domain/products/catalogue";

const FIELD = "mt-1 block w-full rounded-lg border border-stone-300 px-3 py-2 text-base";

/**
 * The Productos tab's bulk edit (docs/decisions/035): the selected products' price by a percentage
 * or an amount, their category, or on sale / off sale, in one request the server applies to all of
 * them or none.
 */
export function BulkEdit({
  selected,
  categories,
  onDone,
}: {
  selected: string[];
  categories: string[];
  onDone?: () => void;
}) {
  const [change, setChange] = useState<"price" | "category" | "availability">("price");
  const action = useFormAction("/i/admin/products/bulk", BULK_MESSAGES.failed);
  const valueError = action.result?.ok === false ? action.result.fieldErrors?.value : undefined;
  return (
    <form
      method="post"
      action="/i/admin/products/bulk"
      aria-label="Cambiar productos seleccionados"
      onSubmit={async (event) => {
        event.preventDefault();
        const outcome = await action.submit(new FormData(event.currentTarget));
        if (outcome.ok) onDone?.();
      }}
      className="space-y-3 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-300"
    >
      <p className="text-sm font-semibold" role="status">
        {selected.length === 1 ? "1 producto seleccionado" : `${selected.length} productos seleccionados`}
      </p>
      <input type="hidden" name="productIds" value={selected.join(",")} />
      <label className="block text-sm font-medium">
        Cambiar
        <select
          name="change"
          value={change}
          onChange={(event) => {
            setChange(event.target.value as typeof change);
            action.clear();
          }}
          className={FIELD}
        >
          <option value="price">Precio</option>
          {categories.length > 0 ? <option value="category">Categoría</option> : null}
          <option value="availability">Disponibilidad</option>
        </select>
      </label>
      {change === "price" ? (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <label className="block text-sm font-medium">
            Cómo
            <select name="priceKind" className={FIELD} defaultValue="percent">
              <option value="percent">Porcentaje (%)</option>
              <option value="amount">Cantidad ($)</option>
            </select>
          </label>
          <label className="block text-sm font-medium">
            Aumento (negativo para bajar)
            <input
              name="value"
              inputMode="decimal"
              required
              aria-invalid={valueError ? true : undefined}
              aria-describedby={valueError ? "bulk-value-error" : "bulk-value-hint"}
              className={FIELD}
            />
            {valueError ? (
              <span id="bulk-value-error" className="mt-1 block text-sm text-red-800">
                {valueError}
              </span>
            ) : (
              <span id="bulk-value-hint" className="mt-1 block text-xs text-stone-600">
                Se redondea a centavos; ningún precio puede quedar abajo de $0.01.
              </span>
            )}
          </label>
        </div>
      ) : null}
      {change === "category" ? (
        <label className="block text-sm font-medium">
          Categoría
          <select name="category" className={FIELD} defaultValue="">
            <option value="">Sin categoría</option>
            {categories.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {change === "availability" ? (
        <label className="block text-sm font-medium">
          Disponibilidad
          <select name="available" className={FIELD} defaultValue="true">
            <option value="true">Disponible</option>
            <option value="false">No disponible</option>
          </select>
        </label>
      ) : null}
      <ActionMessage result={action.result} onRetry={action.retry} />
      <button
        type="submit"
        disabled={action.submitting}
        className="w-full rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60 sm:w-auto"
      >
        {action.submitting ? "Aplicando…" : "Aplicar a los seleccionados"}
      </button>
    </form>
  );
}
