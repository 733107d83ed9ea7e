import { HEADER_ACTION_CLASS } from "~/components/header-action";
import { Link } from "react-router";
import { LogoutButton } from "~/components/logout-button";
import { TianguisLogo } from "~/components/brand";

/** The header of the super-admin panel and of the Cuenta area: the account, a way to it, and sign-out. */
export function AdminHeaderBar({ email, current }: { email?: string; current?: "cuenta" }) {
  return (
    <header className="border-b border-stone-200 bg-white">
      <div className="mx-auto flex max-w-4xl flex-wrap items-center justify-end gap-x-3 gap-y-1.5 px-4 py-2">
        <div className="flex min-w-0 flex-1 basis-48 items-center gap-3">
          <a href="/" aria-label="Tianguis, inicio">
            <TianguisLogo className="h-8 w-8" />
          </a>
          {/* One line, beside the actions while it fits and above them on a narrow phone; a very long
              address is cut with "…" and whole in its tooltip. */}
          <p title={email} className="line-clamp-1 min-w-0 flex-1 text-sm break-all text-stone-700">
            {email ?? ""}
          </p>
        </div>
        <div className="flex items-center gap-2">
          {email ? <AccountLink current={current === "cuenta"} /> : null}
          <LogoutButton />
        </div>
      </div>
    </header>
  );
}

/**
 * "Cuenta": the signed-in user's own account, from every panel's header. `compact`
 * shows only its icon below the small breakpoint, where the store panel's header is full.
 */
export function AccountLink({ current = false, compact = false }: { current?: boolean; compact?: boolean }) {
  return (
    <Link
      to="/i/cuenta"
      aria-current={current ? "page" : undefined}
      className={`${HEADER_ACTION_CLASS} flex shrink-0 items-center gap-1.5 aria-[current=page]:bg-stone-100`}
    >
      <svg
        viewBox="0 0 24 24"
        aria-hidden="true"
        className="h-5 w-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <circle cx="12" cy="8" r="4" />
        <path d="M4 21c0-4 3.6-7 8-7s8 3 8 7" strokeLinecap="round" />
      </svg>
      <span className={compact ? "sr-only sm:not-sr-only" : undefined}>Cuenta</span>
    </Link>
  );
}
