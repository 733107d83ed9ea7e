/** The outcome of a super-admin action, announced to assistive technology. */
export function ResultMessage({ result }: { result?: { ok: boolean; message: string } }) {
  if (!result) return null;
  return result.ok ? (
    <p role="status" className="mt-3 rounded-lg bg-green-50 p-3 text-sm font-medium text-green-900 ring-1 ring-green-200">
      {result.message}
    </p>
  ) : (
    <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800 ring-1 ring-red-200">
      {result.message}
    </p>
  );
}
