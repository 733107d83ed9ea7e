import { useEffect, useRef, useState } from "react";
import { ActionMessage } from "~/components/action-message";
import { HEADER_ACTION_CLASS } from "~/components/header-action";
import { useFormAction } from "~/components/forms/use-form-action";
import { PAUSE_DURATIONS, PAUSE_MESSAGE_MAX_LENGTH } from "~/domain/stores/pause";
import { SHOP_RULES_MESSAGES } from "~/domain/stores/shop-rules-form";

export type PauseView = { paused: boolean; until: string | null; message: string };

const timeFormat = new Intl.DateTimeFormat("es-MX", {
  hour: "numeric",
  minute: "2-digit",
  timeZone: "America/Mexico_City",
});

/**
 * "Pausar pedidos" in the admin header (issue 16): one tap opens the choice of an optional
 * message and an end; while paused the header says so and one tap resumes.
 */
export function PauseControl({ pause }: { pause: PauseView }) {
  const action = useFormAction("/i/admin/pause", SHOP_RULES_MESSAGES.failed);
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const element = dialog.current;
    if (open && element && !element.open) element.showModal();
    if (!open && element?.open) element.close();
  }, [open]);

  if (pause.paused) {
    return (
      <form method="post" action="/i/admin/pause" onSubmit={action.handleSubmit}>
        <input type="hidden" name="intent" value="resume" />
        <button
          type="submit"
          disabled={action.submitting}
          className="rounded-lg bg-amber-500 px-2.5 py-2 text-[13px] font-semibold text-stone-950 hover:bg-amber-400 sm:px-3 sm:text-sm"
        >
          {pause.until ? `En pausa hasta las ${timeFormat.format(new Date(pause.until))} · ` : "En pausa · "}
          Reanudar
        </button>
      </form>
    );
  }
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={HEADER_ACTION_CLASS}>
        Pausar pedidos
      </button>
      <dialog
        ref={dialog}
        onClose={() => setOpen(false)}
        aria-labelledby="pause-title"
        className="m-auto w-[min(92vw,26rem)] rounded-xl p-0"
      >
        <form
          method="post"
          action="/i/admin/pause"
          onSubmit={async (event) => {
            event.preventDefault();
            const result = await action.submit(new FormData(event.currentTarget));
            if (result.ok) setOpen(false);
          }}
          className="space-y-4 p-5"
        >
          <input type="hidden" name="intent" value="pause" />
          <h2 id="pause-title" className="text-lg font-bold">
            Pausar pedidos
          </h2>
          <p className="text-sm text-stone-700">Tu tienda sigue visible, pero no recibe pedidos nuevos.</p>
          <label className="block text-sm font-medium">
            Mensaje para tus clientes (opcional)
            <input
              name="message"
              maxLength={PAUSE_MESSAGE_MAX_LENGTH}
              placeholder="Volvemos en 30 minutos"
              className="mt-1 block w-full rounded-lg border border-stone-300 px-3 py-2 text-base"
            />
          </label>
          <label className="block text-sm font-medium">
            ¿Por cuánto tiempo?
            <select
              name="minutes"
              defaultValue="30"
              className="mt-1 block w-full rounded-lg border border-stone-300 px-3 py-2 text-base"
            >
              {PAUSE_DURATIONS.map((duration) => (
                <option key={duration.value} value={duration.value}>
                  {duration.label}
                </option>
              ))}
            </select>
          </label>
          <ActionMessage result={action.result} onRetry={action.retry} />
          <div className="flex gap-2">
            <button
              type="button"
              onClick={() => setOpen(false)}
              className="flex-1 rounded-lg border border-stone-300 px-4 py-2.5 font-semibold"
            >
              Cancelar
            </button>
            <button
              type="submit"
              disabled={action.submitting}
              className="flex-1 rounded-lg bg-amber-500 px-4 py-2.5 font-semibold text-stone-950 disabled:opacity-70"
            >
              {action.submitting ? "Pausando…" : "Pausar"}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
