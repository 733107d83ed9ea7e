/**
 * The outcome of an action (admin or super-admin), announced to screen readers. A failure the
 * network or the server caused offers to send the same form again. A failure whose sentence a
 * field already shows next to it is only announced, not written a second time.
 */
export function ActionMessage({
  result,
  onRetry,
}: {
  result?: { ok: boolean; message?: string; retryable?: boolean; fieldErrors?: Record<string, string> };
  onRetry?: () => void;
}) {
  if (!result?.message) return null;
  if (!result.ok && !result.retryable && Object.values(result.fieldErrors ?? {}).includes(result.message)) {
    return (
      <p role="alert" className="sr-only">
        {result.message}
      </p>
    );
  }
  if (result.ok) {
    return (
      <p
        role="status"
        className="rounded-lg bg-green-50 px-3 py-2 text-sm font-medium text-green-900 ring-1 ring-green-300"
      >
        {result.message}
      </p>
    );
  }
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800 ring-1 ring-red-300"
    >
      <span>{result.message}</span>
      {result.retryable && onRetry ? (
        <button
          type="button"
          onClick={onRetry}
          className="rounded-md bg-white px-3 py-1.5 font-semibold text-red-800 ring-1 ring-red-300 hover:bg-red-100"
        >
          Reintentar
        </button>
      ) : null}
    </div>
  );
}
