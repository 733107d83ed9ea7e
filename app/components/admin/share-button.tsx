import { useClipboard } from "./copy-button";

/**
 * "Compartir": the phone's share sheet where there is one (Web Share API), a copy of the link
 * elsewhere; either way the owner is told what happened.
 */
export function ShareButton({
  url,
  title,
  text,
  label,
}: {
  url: string;
  title: string;
  text: string;
  label: string;
}) {
  const { state, copy } = useClipboard();
  async function share() {
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, text, url });
        return;
      } catch (error) {
        // The owner closed the share sheet: nothing to say.
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    await copy(url);
  }
  return (
    <button
      type="button"
      onClick={share}
      aria-label={state === "idle" ? label : undefined}
      className="flex-1 rounded-lg border border-stone-300 px-3 py-2 text-sm font-medium hover:bg-stone-100"
    >
      <span aria-live="polite">
        {state === "copied" ? "¡Enlace copiado!" : state === "failed" ? "No se pudo copiar" : "Compartir"}
      </span>
    </button>
  );
}
