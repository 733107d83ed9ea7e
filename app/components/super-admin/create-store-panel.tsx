import { useRef, useState } from "react";
import { focusFirstInvalid, SelectField, TextField } from "~/components/field";
import { fieldErrors } from "~/lib/form-result";
import { deriveStoreId } from "~/domain/stores/store-id";
import {
  CreateStoreFormSchema,
  SUPER_ADMIN_ACTIONS_URL,
  SUPER_ADMIN_MESSAGES,
} from "~/domain/super-admin/super-admin-forms";
import type { SuperAdminResult } from "~/domain/super-admin/super-admin-actions.server";
import { ActionMessage } from "~/components/action-message";
import { useFormAction } from "~/components/forms/use-form-action";

type Option = { value: string; label: string };

/** The operator creates a store with no owner (createUserlessStore), with the sign-up's id rules. */
export function CreateStorePanel({
  categories,
  cities,
  documentResult,
}: {
  categories: Option[];
  cities: Option[];
  documentResult?: SuperAdminResult;
}) {
  const create = useFormAction<{ storeId?: string }>(
    SUPER_ADMIN_ACTIONS_URL,
    SUPER_ADMIN_MESSAGES.createFailed,
  );
  const formRef = useRef<HTMLFormElement>(null);
  const [storeId, setStoreId] = useState("");
  const [storeIdEdited, setStoreIdEdited] = useState(false);
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const busy = create.submitting;
  const serverResult = busy ? undefined : (create.result ?? documentResult);
  const errors = clientErrors ?? (serverResult?.ok === false ? serverResult.fieldErrors : undefined) ?? {};
  const result = clientErrors ? { ok: false, message: SUPER_ADMIN_MESSAGES.createFailed } : serverResult;
  const createdId = serverResult?.ok ? serverResult.storeId : undefined;

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formData = new FormData(event.currentTarget);
    const parsed = CreateStoreFormSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) {
      setClientErrors(fieldErrors(parsed.error) as Record<string, string>);
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    setClientErrors(null);
    const answer = await create.submit(formData);
    if (!answer.ok && answer.fieldErrors) requestAnimationFrame(() => focusFirstInvalid(formRef.current));
  }

  return (
    <section
      aria-labelledby="crear-tienda"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200"
    >
      <h2 id="crear-tienda" className="text-lg font-bold">
        Crear una tienda sin usuario
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        La tienda queda en el plan Emprendedor, lista para que su dueño la reclame.
      </p>
      <form
        method="post"
        noValidate
        ref={formRef}
        onSubmit={submit}
        className="mt-4 grid gap-4 sm:grid-cols-2"
      >
        <input type="hidden" name="intent" value="create-store" />
        <TextField
          label="Nombre de la tienda"
          name="displayName"
          error={errors.displayName}
          onChange={(event) => {
            if (!storeIdEdited) setStoreId(deriveStoreId(event.currentTarget.value));
          }}
        />
        <TextField
          label="Identificador de la tienda"
          name="storeId"
          value={storeId}
          maxLength={20}
          autoCapitalize="none"
          spellCheck={false}
          error={errors.storeId}
          onChange={(event) => {
            setStoreIdEdited(true);
            setStoreId(event.currentTarget.value);
          }}
        />
        <SelectField
          label="Categoría"
          name="storeCategory"
          options={categories}
          error={errors.storeCategory}
        />
        <SelectField
          label="Ciudad"
          name="cityId"
          options={cities}
          defaultValue="aguascalientes"
          error={errors.cityId}
        />
        <div className="sm:col-span-2">
          <button
            type="submit"
            disabled={busy}
            className="rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
          >
            {busy ? "Creando…" : "Crear tienda"}
          </button>
          <ActionMessage result={result} onRetry={create.retry} />
          {createdId ? (
            <a href={`/${createdId}`} className="mt-2 inline-block font-semibold text-brand-800 underline">
              Abrir /{createdId}
            </a>
          ) : null}
        </div>
      </form>
    </section>
  );
}
