import { useState } from "react";

/** Copies a text to the clipboard; the state says how it went for two seconds. */
export function useClipboard() {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      setState("failed");
    }
    setTimeout(() => setState("idle"), 2000);
  }
  return { state, copy };
}

/** Copies a text to the clipboard and says so (politely, for screen readers too). */
export function CopyButton({ text, label = "Copiar dirección" }: { text: string; label?: string }) {
  const { state, copy: copyText } = useClipboard();
  const copy = () => copyText(text);
  return (
    <button
      type="button"
      onClick={copy}
      className="shrink-0 rounded-lg border border-brand-300 bg-white px-3 py-2 text-sm font-semibold text-brand-900 hover:bg-brand-100"
    >
      <span aria-live="polite">
        {state === "copied" ? "¡Copiada!" : state === "failed" ? "No se pudo copiar" : label}
      </span>
    </button>
  );
}
