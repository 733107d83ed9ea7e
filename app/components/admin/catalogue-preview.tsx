import { formatMoney } from "~/domain/money/money";
import type { ImportSummary, ShownChange, ShownConflict } from "~/domain/products/catalogue-summary";

/** Rows the apply would write: the new products and the changed ones. */
export const validRows = (summary: ImportSummary) => summary.creates.length + summary.updates.length;

/** Rows about a product that changed in the store after the file was exported. */
export const sinceExportRows = (summary: ImportSummary) =>
  summary.kept.length +
  summary.refused.filter((row) => row.conflicts).length +
  summary.updates.filter((row) => row.overwritten).length;

type Line = { row: number; name: string; what: string; detail?: string; list?: string[]; refused?: true };

const changeLine = ({ field, before, after }: ShownChange) => `${field}: ${before} → ${after}`;
const conflictLine = ({ field, store, file }: ShownConflict) =>
  `${field}: en tu tienda ${store}; en el archivo ${file}`;
const keptLine = ({ field, store, file }: ShownConflict) =>
  `${field}: se queda ${store} (el archivo dice ${file})`;

function lines(summary: ImportSummary): Line[] {
  return [
    ...summary.creates.map((row) => ({
      row: row.row,
      name: row.name,
      what: "Se crea",
      detail: formatMoney(row.price),
    })),
    ...summary.updates.map((row) => ({
      row: row.row,
      name: row.name,
      what: row.overwritten ? "Cambia (sobrescribe lo que cambió después de exportar)" : "Cambia",
      list: row.changes.map(changeLine),
    })),
    ...summary.kept.map((row) => ({
      row: row.row,
      name: row.name,
      what: "Cambió en tu tienda después de exportar el archivo; se queda como está en tu tienda",
      list: row.fields.map(keptLine),
    })),
    ...summary.refused.map((row) => ({
      row: row.row,
      name: row.name,
      what: "Rechazada",
      detail: row.reason,
      list: row.conflicts?.map(conflictLine),
      refused: true as const,
    })),
  ].sort((a, b) => a.row - b.row);
}

/**
 * The file as it would apply: one line per row that creates, changes (each value old → new),
 * keeps the store's newer values or is refused (with its reason), in the file's order.
 */
export function ImportPreview({ summary }: { summary: ImportSummary }) {
  const rows = lines(summary);
  return (
    <div className="space-y-2" aria-live="polite">
      <p className="text-sm font-medium" role="status">
        {summary.creates.length} nuevos · {summary.updates.length} con cambios · {summary.unchanged} sin
        cambios · {summary.refused.length} rechazados
      </p>
      {rows.length === 0 ? (
        <p className="text-sm text-stone-700">El archivo no cambia nada.</p>
      ) : (
        <div className="max-h-96 overflow-auto rounded-lg ring-1 ring-stone-200">
          <table className="w-full table-fixed text-left text-sm">
            <caption className="sr-only">Vista previa de la importación</caption>
            <colgroup>
              <col className="w-12" />
              <col className="w-1/3" />
              <col />
            </colgroup>
            <thead className="bg-stone-100">
              <tr>
                <th scope="col" className="px-2 py-1">
                  Fila
                </th>
                <th scope="col" className="px-2 py-1">
                  Producto
                </th>
                <th scope="col" className="px-2 py-1">
                  Resultado
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={`${row.row}-${row.what}`} className="border-t border-stone-200 align-top">
                  <td className="px-2 py-1">{row.row}</td>
                  <td className="px-2 py-1 break-words">{row.name}</td>
                  <td className={`px-2 py-1 break-words ${row.refused ? "text-red-800" : ""}`}>
                    <span className="font-semibold">{row.what}</span>
                    {row.detail ? `: ${row.detail}` : ""}
                    {row.list && row.list.length > 0 ? (
                      <ul className="mt-1 space-y-0.5">
                        {row.list.map((line) => (
                          <li key={line}>{line}</li>
                        ))}
                      </ul>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
