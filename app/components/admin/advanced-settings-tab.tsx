import { useState } from "react";
import { ActionMessage } from "~/components/action-message";
import { useFormAction } from "~/components/forms/use-form-action";
import { CATEGORY_TAG_MESSAGES } from "~/domain/stores/category-tags";
import { TagInput } from "./tag-input";
import { SubmitButton } from "~/components/forms/submit-button";

export function AdvancedSettingsTab({ categories }: { categories: string[] }) {
  const save = useFormAction("/i/admin/advanced-settings", CATEGORY_TAG_MESSAGES.failed);
  const [tags, setTags] = useState(categories);
  const saving = save.submitting;
  return (
    <section aria-labelledby="advanced-title" className="space-y-4">
      <h2 id="advanced-title" className="text-xl font-bold">
        Configuración avanzada
      </h2>
      <form
        method="post"
        action="/i/admin/advanced-settings"
        onSubmit={save.handleSubmit}
        className="space-y-4 rounded-xl bg-white p-4 ring-1 ring-stone-200"
      >
        <p className="text-stone-700">
          Crea categorías para ordenar tus productos. Tus clientes podrán filtrar por ellas en tu tienda.
        </p>
        <TagInput label="Categorías de productos" name="categories" tags={tags} onChange={setTags} />
        <ActionMessage result={save.result} onRetry={save.retry} />
        <SubmitButton busy={saving} busyLabel="Guardando…" fit>
          Guardar categorías
        </SubmitButton>
      </form>
    </section>
  );
}
