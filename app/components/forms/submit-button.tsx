/**
 * A form's main button: disabled and relabelled while its request is on the way, so a second
 * tap never sends the form twice. Full width on a phone.
 */
export function SubmitButton({
  busy,
  busyLabel,
  children,
  fit = false,
}: {
  busy: boolean;
  busyLabel: string;
  children: React.ReactNode;
  /** As wide as its label from the small breakpoint up, instead of the whole row. */
  fit?: boolean;
}) {
  return (
    <button
      type="submit"
      disabled={busy}
      className={`w-full rounded-lg bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-70 ${fit ? "sm:w-auto" : ""}`}
    >
      {busy ? busyLabel : children}
    </button>
  );
}
