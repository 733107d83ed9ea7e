import { ActionMessage } from "~/components/action-message";
import { useFormAction } from "~/components/forms/use-form-action";
import type { SuperAdminResult } from "~/domain/super-admin/super-admin-actions.server";
import { SUPER_ADMIN_ACTIONS_URL, SUPER_ADMIN_MESSAGES } from "~/domain/super-admin/super-admin-forms";

export function RotateFeaturedPanel({ documentResult }: { documentResult?: SuperAdminResult }) {
  const rotate = useFormAction(SUPER_ADMIN_ACTIONS_URL, SUPER_ADMIN_MESSAGES.rotateFailed);
  return (
    <section
      aria-labelledby="destacados"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200"
    >
      <h2 id="destacados" className="text-lg font-bold">
        Productos destacados
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        Se eligen hasta 12 productos disponibles con imagen, como máximo 2 por tienda. También se rotan solos
        una vez al día.
      </p>
      <form method="post" className="mt-3" onSubmit={rotate.handleSubmit}>
        <input type="hidden" name="intent" value="rotate-featured" />
        <button
          type="submit"
          disabled={rotate.submitting}
          className="rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          {rotate.submitting ? "Rotando…" : "Rotar productos destacados"}
        </button>
      </form>
      <ActionMessage
        result={rotate.submitting ? undefined : (rotate.result ?? documentResult)}
        onRetry={rotate.retry}
      />
    </section>
  );
}
