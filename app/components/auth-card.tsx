import { Wordmark } from "~/components/brand";

/** The centred card of the pages around signing in: login, a forgotten password, a claim link. */
export function AuthCard({
  title,
  wide = false,
  children,
}: {
  title: string;
  /** Room for a longer form (sign-up, a claim). */
  wide?: boolean;
  children: React.ReactNode;
}) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 py-10">
      <div className={`w-full ${wide ? "max-w-md" : "max-w-sm"}`}>
        <div className="mb-8 flex justify-center">
          <Wordmark />
        </div>
        <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
          <h1 className="mb-6 text-center text-2xl font-bold">{title}</h1>
          {children}
        </div>
      </div>
    </main>
  );
}

/** A form's outcome under it: a failure in red (announced), or a success in green. */
export function FormNotice({ ok, children }: { ok: boolean; children: React.ReactNode }) {
  return ok ? (
    <p
      role="status"
      className="rounded-lg bg-green-50 px-3 py-2 text-sm font-medium text-green-900 ring-1 ring-green-300"
    >
      {children}
    </p>
  ) : (
    <p role="alert" className="text-sm font-medium text-red-700">
      {children}
    </p>
  );
}
