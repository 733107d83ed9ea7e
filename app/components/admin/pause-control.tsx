import { useState } from "react";
import { ActionMessage } from "~/components/action-message";
import { HEADER_ACTION_CLASS } from "~/components/header-action";
import { useFormAction } from "~/components/forms/use-form-action";
import {
  KEEP_PAUSE_END,
  PAUSE_DURATIONS,
  PAUSE_MESSAGE_MAX_LENGTH,
  PAUSE_TEXTS,
} from "~/domain/stores/pause";
import { formatLocalTime } from "~/domain/stores/opening-hours";
import { SHOP_RULES_MESSAGES } from "~/domain/orders/shop-rules-form";
import { Modal } from "./modal";

export type PauseView = { paused: boolean; until: string | null; message: string };

/** "14:05": the same 24-hour clock as the store's hours (app/domain/stores/opening-hours.ts). */
const pauseEnd = (until: string) => formatLocalTime(new Date(until), "America/Mexico_City");

/**
 * "Pausar pedidos" in the admin header: one tap pauses at once, with no message and no
 * end, because an overwhelmed cook has no time for a form. While paused, the header's bar
 * (`PausedBar`) says so, resumes in one tap, and lets the owner add a message or an end.
 */
export function PauseControl({ pause }: { pause: PauseView }) {
  const action = useFormAction("/i/admin/pause", SHOP_RULES_MESSAGES.failed);
  if (pause.paused) return null;
  const failed = action.result && !action.result.ok ? action.result : null;
  return (
    <form method="post" action="/i/admin/pause" onSubmit={action.handleSubmit} className="contents">
      <input type="hidden" name="intent" value="pause" />
      <button type="submit" disabled={action.submitting} className={HEADER_ACTION_CLASS}>
        {action.submitting ? PAUSE_TEXTS.pausing : PAUSE_TEXTS.pause}
      </button>
      {failed ? (
        <p role="alert" className="basis-full text-right text-sm font-medium text-red-800">
          {failed.message}
        </p>
      ) : null}
    </form>
  );
}

/** The header's second row while orders are paused: what shoppers see, and the way back. */
export function PausedBar({ pause }: { pause: PauseView }) {
  const resume = useFormAction("/i/admin/pause", SHOP_RULES_MESSAGES.failed);
  const details = useFormAction("/i/admin/pause", SHOP_RULES_MESSAGES.failed);
  const [open, setOpen] = useState(false);
  if (!pause.paused) return null;
  const hasDetails = pause.until !== null || pause.message !== "";
  const failed = resume.result && !resume.result.ok ? resume.result : null;
  return (
    <div className="border-t border-amber-300 bg-amber-100 text-amber-950">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2">
        <p role="status" className="min-w-0 flex-1 text-sm [overflow-wrap:anywhere]">
          <strong className="font-bold">{PAUSE_TEXTS.paused}</strong>
          {pause.until ? ` hasta las ${pauseEnd(pause.until)}` : ""}
          {pause.message ? ` · «${pause.message}»` : ""}
        </p>
        {/* On a phone: the state and "Reanudar" on one line, the details on the next. */}
        <button
          type="button"
          onClick={() => {
            details.clear();
            setOpen(true);
          }}
          className="min-h-9 rounded-lg px-1 text-left text-[13px] font-semibold underline hover:bg-amber-50 max-sm:order-last max-sm:basis-full sm:text-sm"
        >
          {hasDetails ? PAUSE_TEXTS.changeDetails : PAUSE_TEXTS.addDetails}
        </button>
        <form method="post" action="/i/admin/pause" onSubmit={resume.handleSubmit}>
          <input type="hidden" name="intent" value="resume" />
          <button
            type="submit"
            disabled={resume.submitting}
            className="rounded-lg bg-amber-500 px-3 py-2 text-[13px] font-semibold text-stone-950 hover:bg-amber-400 disabled:opacity-70 sm:text-sm"
          >
            {resume.submitting ? PAUSE_TEXTS.resuming : PAUSE_TEXTS.resume}
          </button>
        </form>
        {failed ? (
          <p role="alert" className="basis-full text-sm font-medium text-red-800">
            {failed.message}
          </p>
        ) : null}
      </div>
      <Modal open={open} title={PAUSE_TEXTS.detailsTitle} onClose={() => setOpen(false)}>
        <form
          method="post"
          action="/i/admin/pause"
          onSubmit={async (event) => {
            event.preventDefault();
            const result = await details.submit(new FormData(event.currentTarget));
            if (result.ok) setOpen(false);
          }}
          className="space-y-4"
        >
          <input type="hidden" name="intent" value="pause" />
          <p className="text-sm text-stone-700">{PAUSE_TEXTS.detailsHint}</p>
          <label className="block text-sm font-medium">
            {PAUSE_TEXTS.messageLabel}
            <input
              name="message"
              maxLength={PAUSE_MESSAGE_MAX_LENGTH}
              defaultValue={pause.message}
              placeholder="Volvemos en 30 minutos"
              className="mt-1 block w-full rounded-lg border border-stone-300 px-3 py-2 text-base"
            />
          </label>
          <label className="block text-sm font-medium">
            {PAUSE_TEXTS.untilLabel}
            <select
              name="minutes"
              defaultValue={pause.until ? KEEP_PAUSE_END : ""}
              className="mt-1 block w-full rounded-lg border border-stone-300 px-3 py-2 text-base"
            >
              {pause.until ? (
                <option value={KEEP_PAUSE_END}>{PAUSE_TEXTS.keepUntil(pauseEnd(pause.until))}</option>
              ) : null}
              {PAUSE_DURATIONS.map((duration) => (
                <option key={duration.value} value={duration.value}>
                  {duration.label}
                </option>
              ))}
            </select>
          </label>
          <ActionMessage result={details.result} onRetry={details.retry} />
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
              disabled={details.submitting}
              className="flex-1 rounded-lg bg-amber-500 px-4 py-2.5 font-semibold text-stone-950 disabled:opacity-70"
            >
              {details.submitting ? "Guardando…" : "Guardar"}
            </button>
          </div>
        </form>
      </Modal>
    </div>
  );
}
