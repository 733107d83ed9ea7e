import { useState } from "react";
import { useFetcher } from "react-router";
import { ActionMessage } from "~/components/action-message";
import { TagInput } from "./tag-input";

export function AdvancedSettingsTab({ categories }: { categories: string[] }) {
  const fetcher = useFetcher<{ ok: boolean; message?: string }>();
  const [tags, setTags] = useState(categories);
  const saving = fetcher.state !== "idle";
  return (
    <section aria-labelledby="advanced-title" className="space-y-4">
      <h2 id="advanced-title" className="text-xl font-bold">
        Configuración avanzada
      </h2>
      <fetcher.Form
        method="post"
        action="/i/admin/advanced-settings"
        className="space-y-4 rounded-xl bg-white p-4 ring-1 ring-stone-200"
      >
        <p className="text-stone-700">
          Crea categorías para ordenar tus productos. Tus clientes podrán filtrar por ellas en tu tienda.
        </p>
        <TagInput label="Categorías de productos" name="categories" tags={tags} onChange={setTags} />
        <ActionMessage result={fetcher.state === "idle" ? fetcher.data : undefined} />
        <button
          type="submit"
          disabled={saving}
          className="w-full rounded-lg bg-blue-700 px-4 py-3 font-semibold text-white hover:bg-blue-800 disabled:opacity-70 sm:w-auto"
        >
          {saving ? "Guardando…" : "Guardar categorías"}
        </button>
      </fetcher.Form>
    </section>
  );
}
