import { useEffect, useRef, useState } from "react";
import { ActionMessage } from "~/components/action-message";
import { useFormAction } from "~/components/forms/use-form-action";
import { formatMoney } from "~/domain/money/money";
import { FIELD_LABELS, type ImportSummary } from "~/domain/products/catalogue";

const IMPORT_URL = "/i/admin/products/import";
const FAILED = "No se pudo importar el archivo. Revisa tu conexión e intenta de nuevo.";

/**
 * The Productos tab's catalogue in bulk (docs/decisions/035): the export's two links, and the
 * import: pick a CSV or Excel file (and a ZIP of photos), see what would be created, changed and
 * refused, then "Aplicar". The server checks everything again when applying.
 */
export function CatalogueTools() {
  const form = useRef<HTMLFormElement>(null);
  const preview = useFormAction<{ preview: ImportSummary }>(IMPORT_URL, FAILED, { revalidate: false });
  const apply = useFormAction<{ preview: ImportSummary }>(IMPORT_URL, FAILED);
  const [open, setOpen] = useState(false);
  const shown =
    (apply.result && "preview" in apply.result ? apply.result : null) ??
    (preview.result && "preview" in preview.result ? preview.result : null);
  const summary = shown && "preview" in shown ? (shown.preview as ImportSummary) : null;
  const applied = apply.result?.ok === true;
  const canApply =
    summary !== null &&
    !applied &&
    summary.refused.length === 0 &&
    summary.creates.length + summary.updates.length > 0;
  const send = (intent: "preview" | "apply") => {
    if (!form.current) return;
    const body = new FormData(form.current);
    body.set("intent", intent);
    if (intent === "preview") apply.clear();
    void (intent === "preview" ? preview : apply).submit(body);
  };
  const busy = preview.submitting || apply.submitting;
  // A refused file or ZIP is said beside its own input (and focused), not only under the button.
  const failed = [apply.result, preview.result].find((result) => result?.ok === false);
  const fieldErrors = failed && !failed.ok ? (failed.fieldErrors ?? {}) : {};
  const invalid = ["file", "photos"].find((name) => fieldErrors[name]);
  useEffect(() => {
    if (invalid && failed) form.current?.querySelector<HTMLInputElement>(`input[name="${invalid}"]`)?.focus();
  }, [invalid, failed]);
  return (
    <section
      aria-labelledby="catalogue-title"
      className="space-y-3 rounded-xl bg-white p-4 ring-1 ring-stone-200"
    >
      <h3 id="catalogue-title" className="font-semibold">
        Catálogo en Excel
      </h3>
      <div className="flex flex-wrap gap-2">
        <a
          href="/i/admin/productos.csv"
          download
          className="rounded-lg border border-stone-300 px-3 py-2 text-sm font-medium hover:bg-stone-100"
        >
          Exportar CSV
        </a>
        <a
          href="/i/admin/productos.xlsx"
          download
          className="rounded-lg border border-stone-300 px-3 py-2 text-sm font-medium hover:bg-stone-100"
        >
          Exportar Excel
        </a>
        <button
          type="button"
          aria-expanded={open}
          aria-controls="catalogue-import"
          onClick={() => setOpen((value) => !value)}
          className="rounded-lg border border-stone-300 px-3 py-2 text-sm font-medium hover:bg-stone-100"
        >
          Importar
        </button>
      </div>
      {open ? (
        <form
          id="catalogue-import"
          ref={form}
          method="post"
          action={IMPORT_URL}
          encType="multipart/form-data"
          onSubmit={(event) => {
            event.preventDefault();
            send("preview");
          }}
          onChange={() => {
            preview.clear();
            apply.clear();
          }}
          className="space-y-3"
        >
          <p className="text-sm text-stone-700">
            Usa un archivo exportado como plantilla. Las filas con ID cambian ese producto; sin ID, el de
            mismo nombre, o se crea uno nuevo. Las fotos van en un ZIP, con el nombre de cada archivo en la
            columna «Foto».
          </p>
          <label className="block text-sm font-medium">
            Archivo CSV o Excel
            <input
              type="file"
              name="file"
              required
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              aria-invalid={fieldErrors.file ? true : undefined}
              aria-describedby={fieldErrors.file ? "catalogue-file-error" : undefined}
              className="mt-1 block w-full text-sm"
            />
            <FieldError id="catalogue-file-error" message={fieldErrors.file} />
          </label>
          <label className="block text-sm font-medium">
            Fotos en ZIP (opcional)
            <input
              type="file"
              name="photos"
              accept=".zip,application/zip"
              className="mt-1 block w-full text-sm"
            />
          </label>
          <button
            type="submit"
            disabled={busy}
            className="rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
          >
            {preview.submitting ? "Revisando…" : "Revisar archivo"}
          </button>
          {preview.result && !preview.result.ok ? (
            <ActionMessage result={preview.result} onRetry={preview.retry} />
          ) : null}
          {summary ? <ImportPreview summary={summary} /> : null}
          {apply.result ? <ActionMessage result={apply.result} onRetry={apply.retry} /> : null}
          {canApply ? (
            <button
              type="button"
              disabled={busy}
              onClick={() => send("apply")}
              className="rounded-lg bg-green-700 px-4 py-2.5 font-semibold text-white hover:bg-green-800 disabled:opacity-60"
            >
              {apply.submitting ? "Aplicando…" : "Aplicar"}
            </button>
          ) : null}
        </form>
      ) : null}
    </section>
  );
}

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <span id={id} className="mt-1 block text-sm font-normal text-red-800">
      {message}
    </span>
  ) : null;
}

function ImportPreview({ summary }: { summary: ImportSummary }) {
  const rows = [
    ...summary.creates.map((row) => ({
      row: row.row,
      name: row.name,
      what: "Se crea",
      detail: formatMoney(row.price),
    })),
    ...summary.updates.map((row) => ({
      row: row.row,
      name: row.name,
      what: "Cambia",
      detail: row.fields.map((field) => FIELD_LABELS[field] ?? field).join(", "),
    })),
    ...summary.refused.map((row) => ({
      row: row.row,
      name: row.name,
      what: "Rechazada",
      detail: row.reason,
    })),
  ].sort((a, b) => a.row - b.row);
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
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Vista previa de la importación</caption>
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
                  <td className={`px-2 py-1 break-words ${row.what === "Rechazada" ? "text-red-800" : ""}`}>
                    <span className="font-semibold">{row.what}</span>
                    {row.detail ? `: ${row.detail}` : ""}
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
