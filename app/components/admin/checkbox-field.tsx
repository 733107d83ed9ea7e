import { useId } from "react";

type Props = Omit<React.InputHTMLAttributes<HTMLInputElement>, "type"> & { label: string; hint?: string };

export function CheckboxField({ label, hint, className, ...input }: Props) {
  const id = useId();
  return (
    <div className={className}>
      <div className="flex items-center gap-3">
        <input
          id={id}
          type="checkbox"
          aria-describedby={hint ? `${id}-hint` : undefined}
          className="h-5 w-5 rounded border-stone-400 accent-brand-700 disabled:opacity-50"
          {...input}
        />
        <label htmlFor={id} className="text-base font-medium text-stone-800">
          {label}
        </label>
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 ml-8 text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
