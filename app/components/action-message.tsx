/** The outcome of an action (admin or super-admin), announced to screen readers. */
export function ActionMessage({ result }: { result?: { ok: boolean; message?: string } }) {
  if (!result?.message) return null;
  return result.ok ? (
    <p
      role="status"
      className="rounded-lg bg-green-50 px-3 py-2 text-sm font-medium text-green-900 ring-1 ring-green-300"
    >
      {result.message}
    </p>
  ) : (
    <p
      role="alert"
      className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800 ring-1 ring-red-300"
    >
      {result.message}
    </p>
  );
}
