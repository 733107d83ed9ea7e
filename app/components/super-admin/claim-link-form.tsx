import { ActionMessage } from "~/components/action-message";
import { CopyButton } from "~/components/admin/copy-button";
import { useFormAction } from "~/components/forms/use-form-action";
import { formatOrderDate } from "~/domain/orders/order-vocabulary";
import { CLAIM_MESSAGES } from "~/domain/super-admin/claim";
import { SUPER_ADMIN_ACTIONS_URL } from "~/domain/super-admin/super-admin-forms";

/**
 * "Crear enlace para reclamar" for a store without an owner: a single-use link
 * valid 7 days, shown once to copy, and sent by e-mail when an address is given.
 */
export function ClaimLinkForm({ storeId, storeName }: { storeId: string; storeName: string }) {
  const create = useFormAction<{ claim?: { url: string; expiresAt: string } }>(
    SUPER_ADMIN_ACTIONS_URL,
    CLAIM_MESSAGES.linkFailed,
  );
  const claim = create.result?.ok ? create.result.claim : undefined;
  const emailError = create.result?.ok === false ? create.result.fieldErrors?.email : undefined;
  return (
    <div className="mt-3 rounded-lg bg-stone-50 p-3 ring-1 ring-stone-200">
      <form method="post" onSubmit={create.handleSubmit} className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="create-claim-link" />
        <input type="hidden" name="storeId" value={storeId} />
        <label className="min-w-0 flex-1 basis-48 text-sm font-medium text-stone-800">
          Enviar a (opcional)
          <input
            type="email"
            name="email"
            autoComplete="off"
            placeholder="correo@del-negocio.mx"
            aria-invalid={emailError ? true : undefined}
            className="mt-1 block w-full rounded-lg border border-stone-300 px-2 py-2 text-base aria-[invalid]:border-red-600"
          />
        </label>
        <button
          type="submit"
          disabled={create.submitting}
          aria-label={`Crear enlace para reclamar ${storeName}`}
          className="rounded-lg bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          {create.submitting ? "Creando…" : "Crear enlace para reclamar"}
        </button>
      </form>
      <ActionMessage
        result={
          create.result ? { ...create.result, message: emailError ?? create.result.message } : undefined
        }
        onRetry={create.retry}
      />
      {claim ? (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <input
            readOnly
            value={claim.url}
            aria-label={`Enlace para reclamar ${storeName}`}
            onFocus={(event) => event.currentTarget.select()}
            className="min-w-0 flex-1 rounded-lg border border-stone-300 bg-white px-2 py-2 font-mono text-sm"
          />
          <CopyButton text={claim.url} label="Copiar enlace" />
          <p className="w-full text-xs text-stone-600">
            Vence el {formatOrderDate(claim.expiresAt, "long")}.
          </p>
        </div>
      ) : null}
    </div>
  );
}
