import { useRevalidator } from "react-router";

/** Says the page shows what it last received, and offers to try again. */
export function StaleBanner({ stale }: { stale?: boolean }) {
  const revalidator = useRevalidator();
  if (!stale) return null;
  const busy = revalidator.state !== "idle";
  return (
    <div
      role="alert"
      className="mt-4 flex flex-wrap items-center justify-between gap-2 rounded-xl bg-amber-50 p-3 text-sm font-medium text-amber-950 ring-1 ring-amber-300"
    >
      <span>No pudimos actualizar el panel. Revisa tu conexión; lo que ves puede no estar al día.</span>
      <button
        type="button"
        disabled={busy}
        onClick={() => void revalidator.revalidate()}
        className="rounded-md bg-white px-3 py-1.5 font-semibold ring-1 ring-amber-400 hover:bg-amber-100 disabled:opacity-60"
      >
        {busy ? "Actualizando…" : "Reintentar"}
      </button>
    </div>
  );
}
