import { useId } from "react";

type Labelled = {
  label: string;
  /** Shown in red under the field; also marks the control invalid for assistive technology. */
  error?: string;
  hint?: string;
  /** Keeps the label for screen readers only, for forms whose design shows placeholders. */
  hideLabel?: boolean;
};

const CONTROL =
  "block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base shadow-sm aria-[invalid]:border-red-600";

/** The panel's fields, or the storefront's, whose text takes the store's own colours. */
const TONES = {
  panel: {
    label: "mb-1 block text-sm font-medium text-stone-800",
    hint: "mt-1 text-sm text-stone-600",
    error: "mt-1 text-sm font-medium text-red-700",
  },
  store: {
    label: "mb-1 block text-sm font-medium",
    hint: "mt-1 text-sm",
    error: "mt-1 rounded bg-white px-1 text-sm font-medium text-red-700",
  },
} as const;

/**
 * The label, hint and error around one form control, wired for assistive technology; every
 * field of the app — the panel's, and the storefront island's with its explicit ids — renders
 * its control through this one frame.
 */
export function FieldFrame({
  id: explicitId,
  tone = "panel",
  label,
  error,
  hint,
  hideLabel,
  className,
  control,
}: Labelled & {
  /** A stable id (the island's, which its own scripts refer to); otherwise one is made. */
  id?: string;
  tone?: keyof typeof TONES;
  className?: string;
  control: (aria: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => React.ReactNode;
}) {
  const generatedId = useId();
  const id = explicitId ?? generatedId;
  const styles = TONES[tone];
  const describedBy = [error ? `${id}-error` : null, hint && !error ? `${id}-hint` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className={className}>
      <label htmlFor={id} className={hideLabel ? "sr-only" : styles.label}>
        {label}
      </label>
      {control({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy || undefined,
      })}
      {hint && !error ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? <FieldError id={`${id}-error`} message={error} tone={tone} /> : null}
    </div>
  );
}

/** A field's error line, also for a group of controls (a fieldset of radio buttons). */
export function FieldError({
  id,
  message,
  tone = "panel",
}: {
  id: string;
  message: string;
  tone?: keyof typeof TONES;
}) {
  return (
    <p id={id} className={TONES[tone].error}>
      {message}
    </p>
  );
}

export function TextField({
  label,
  error,
  hint,
  hideLabel,
  className,
  ...input
}: React.ComponentProps<"input"> & Labelled) {
  return (
    <FieldFrame
      {...{ label, error, hint, hideLabel, className }}
      control={(aria) => (
        <input
          {...aria}
          className={`${CONTROL} placeholder:text-stone-500 focus:border-brand-600`}
          {...input}
        />
      )}
    />
  );
}

export function TextAreaField({
  label,
  error,
  hint,
  className,
  ...textarea
}: React.ComponentProps<"textarea"> & Labelled) {
  return (
    <FieldFrame
      {...{ label, error, hint, className }}
      control={(aria) => (
        <textarea
          {...aria}
          rows={3}
          className={`${CONTROL} disabled:bg-stone-100 disabled:text-stone-600`}
          {...textarea}
        />
      )}
    />
  );
}

type SelectProps = React.ComponentProps<"select"> &
  Labelled & {
    options: { value: string; label: string }[];
    placeholder?: string;
  };

export function SelectField({ label, error, hint, options, placeholder, className, ...select }: SelectProps) {
  return (
    <FieldFrame
      {...{ label, error, hint, className }}
      control={(aria) => (
        <select {...aria} className={CONTROL} {...select}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

/** Moves focus to the first invalid field after a failed submit, so the keyboard lands on what to fix. */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  const invalid = form?.querySelector<HTMLElement>("[aria-invalid='true']");
  invalid?.focus();
}
