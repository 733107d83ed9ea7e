import { ActionMessage } from "~/components/action-message";
import { SubmitButton } from "~/components/forms/submit-button";
import type { useFormAction } from "~/components/forms/use-form-action";

/**
 * One card-shaped form of the Configuración tab: a title and a sentence, the fields, the outcome
 * and the save button, posting `intent` (and any hidden values) through the panel's fetch boundary.
 */
export function PanelForm({
  id,
  title,
  description,
  action,
  intent,
  hidden = {},
  save,
  submitLabel,
  children,
}: {
  id: string;
  title: string;
  description: React.ReactNode;
  action: string;
  intent: string;
  hidden?: Record<string, string>;
  save: ReturnType<typeof useFormAction>;
  submitLabel: string;
  children: React.ReactNode;
}) {
  return (
    <form
      method="post"
      action={action}
      noValidate
      onSubmit={save.handleSubmit}
      aria-labelledby={id}
      className="space-y-4 rounded-xl bg-white p-4 ring-1 ring-stone-200"
    >
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div>
        <h3 id={id} className="text-lg font-semibold">
          {title}
        </h3>
        <p className="text-sm text-stone-700">{description}</p>
      </div>
      {children}
      <ActionMessage result={save.result} onRetry={save.retry} />
      <SubmitButton busy={save.submitting} busyLabel="Guardando…" fit>
        {submitLabel}
      </SubmitButton>
    </form>
  );
}

/** A label above its input, as the Configuración cards lay out small fields. */
export function LabelledInput({
  label,
  className = "",
  ...input
}: React.ComponentProps<"input"> & { label: string }) {
  return (
    <label className={`text-sm font-medium ${className}`}>
      {label}
      <input
        {...input}
        className="mt-1 block w-full rounded-lg border border-stone-300 px-2 py-2 text-base"
      />
    </label>
  );
}
