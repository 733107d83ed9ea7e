import { useFetcher } from "react-router";
import type { action, SuperAdminResult } from "~/routes/super-admin";
import { ActionMessage } from "~/components/action-message";

export function RotateFeaturedPanel({ documentResult }: { documentResult?: SuperAdminResult }) {
  const fetcher = useFetcher<typeof action>({ key: "rotate-featured" });
  const busy = fetcher.state !== "idle";
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
      <fetcher.Form method="post" className="mt-3">
        <button
          type="submit"
          name="intent"
          value="rotate-featured"
          disabled={busy}
          className="rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          {busy ? "Rotando…" : "Rotar productos destacados"}
        </button>
      </fetcher.Form>
      <ActionMessage result={busy ? undefined : (fetcher.data ?? documentResult)} />
    </section>
  );
}
