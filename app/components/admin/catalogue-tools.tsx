import { useEffect, useRef, useState } from "react";
import { ActionMessage } from "~/components/action-message";
import { useFormAction } from "~/components/forms/use-form-action";
import type { ImportSummary } from "~/domain/products/catalogue-summary";
import { ImportPreview, sinceExportRows, validRows } from "./catalogue-preview";

const IMPORT_URL = "/i/admin/products/import";
const FAILED = "No se pudo importar el archivo. Revisa tu conexión e intenta de nuevo.";

type Send = { intent: "preview" | "apply"; validOnly?: boolean };

/**
 * The Productos tab's catalogue in bulk (docs/decisions/035, 050): the export's two links, and the
 * import: pick a CSV or Excel file (and a ZIP of photos), see what would be created, changed
 * (old → new) and refused, then apply it all, or only its valid rows, and choose whether the file
 * overwrites what changed in the store after it was exported. The server checks everything again
 * when applying.
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
  const send = ({ intent, validOnly = false }: Send) => {
    if (!form.current) return;
    const body = new FormData(form.current);
    body.set("intent", intent);
    if (validOnly) body.set("validOnly", "1");
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
  const [overwrite, setOverwrite] = useState(false);
  const sinceExport = summary !== null && (overwrite || sinceExportRows(summary) > 0);
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
            send({ intent: "preview" });
          }}
          onChange={(event) => {
            // Choosing to overwrite or not shows the file again as it would then apply.
            const target = event.target as EventTarget;
            if (target instanceof HTMLInputElement && target.name === "overwrite")
              return send({ intent: "preview" });
            preview.clear();
            apply.clear();
            setOverwrite(false);
          }}
          className="space-y-3"
        >
          <p className="text-sm text-stone-700">
            Usa un archivo exportado como plantilla. Las filas con ID cambian ese producto; sin ID, el de
            mismo nombre, o se crea uno nuevo. Las fotos van en un ZIP, con el nombre de cada archivo en la
            columna «Foto». No cambies la columna «Versión»: dice si un producto cambió en tu tienda después
            de exportar el archivo.
          </p>
          <label className="block text-sm font-medium">
            Archivo CSV o Excel
            <input
              type="file"
              name="file"
              required
              accept=".csv,.txt,.xlsx,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
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
          {sinceExport ? (
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                name="overwrite"
                value="1"
                checked={overwrite}
                disabled={busy || applied}
                onChange={(event) => setOverwrite(event.target.checked)}
                className="mt-1"
              />
              <span>
                Sobrescribir con el archivo lo que cambió en la tienda después de exportarlo (precios,
                nombres, inventario…)
              </span>
            </label>
          ) : null}
          {apply.result ? <ActionMessage result={apply.result} onRetry={apply.retry} /> : null}
          {summary && !applied ? (
            <ApplyButtons summary={summary} busy={busy} applying={apply.submitting} send={send} />
          ) : null}
        </form>
      ) : null}
    </section>
  );
}

/**
 * "Aplicar" for a file without refused rows; "Aplicar N filas válidas" for one with some, said
 * plainly: the refused rows stay out.
 */
function ApplyButtons({
  summary,
  busy,
  applying,
  send,
}: {
  summary: ImportSummary;
  busy: boolean;
  applying: boolean;
  send: (what: Send) => void;
}) {
  const valid = validRows(summary);
  if (valid === 0) return null;
  const refused = summary.refused.length;
  const label =
    refused === 0 ? "Aplicar" : `Aplicar ${valid} ${valid === 1 ? "fila válida" : "filas válidas"}`;
  return (
    <div className="space-y-1">
      {refused > 0 ? (
        <p className="text-sm text-stone-700">
          {refused === 1
            ? "La fila rechazada no se aplicará; corrígela en el archivo para importarla después."
            : `Las ${refused} filas rechazadas no se aplicarán; corrígelas en el archivo para importarlas después.`}
        </p>
      ) : null}
      <button
        type="button"
        disabled={busy}
        onClick={() => send({ intent: "apply", validOnly: refused > 0 })}
        className="rounded-lg bg-green-700 px-4 py-2.5 font-semibold text-white hover:bg-green-800 disabled:opacity-60"
      >
        {applying ? "Aplicando…" : label}
      </button>
    </div>
  );
}

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <span id={id} className="mt-1 block text-sm font-normal text-red-800">
      {message}
    </span>
  ) : null;
}
