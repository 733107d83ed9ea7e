import { LogoutButton } from "~/components/logout-button";
import { AccountLink } from "~/components/super-admin/header-bar";
import type { LicenceType } from "~/domain/stores/licence-types";
import { PlanBadge } from "./plan-badge";
import { DEFAULT_STORE_NAME } from "~/domain/stores/settings-form";
import { PauseControl, PausedBar, type PauseView } from "./admin/pause-control";

/**
 * The panel's header, kept at the top while the page scrolls (sticky, docs/decisions/020). Two
 * groups that share a row on a wide screen and stack on a phone, so that nothing is cut: who
 * (logo, store name, plan badge, e-mail) and the actions (pause, account, sign out), which wrap
 * onto another line rather than squeeze the names. A long store name wraps; a long e-mail keeps
 * to one line, cut with "…", whole in its tooltip. An account without a store (the super-admin,
 * a member whose store closed) sees the spec's default name, "Tienda", without a plan or pause.
 * While orders are paused, a bar of its own below says so and holds the way back.
 */
export function AdminHeader({
  storeName = DEFAULT_STORE_NAME,
  logoUrl = null,
  plan = null,
  email,
  pause,
}: {
  storeName?: string;
  logoUrl?: string | null;
  /** The plan's badge; absent where there is no store. */
  plan?: { tier: LicenceType; trial: boolean } | null;
  email: string;
  /** The store's "Pausar pedidos" state; absent where there is no store. */
  pause?: PauseView | null;
}) {
  return (
    <header className="sticky top-0 z-20 border-b border-stone-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-1.5 px-4 py-1.5 sm:py-2">
        <div className="flex min-w-0 flex-1 basis-60 items-center gap-3">
          {logoUrl ? (
            <img
              src={logoUrl}
              alt=""
              width={40}
              height={40}
              className="h-10 w-10 shrink-0 rounded-full object-cover"
            />
          ) : (
            <span
              aria-hidden="true"
              className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800"
            >
              {storeName.slice(0, 1).toUpperCase()}
            </span>
          )}
          <div className="min-w-0 flex-1">
            {/* The badge follows the name on its line while it fits, so the e-mail has a line of its own. */}
            <p className="leading-snug">
              <span className="font-semibold [overflow-wrap:anywhere]">{storeName}</span>
              {plan ? (
                <>
                  {" "}
                  <span className="inline-block align-text-bottom">
                    <PlanBadge tier={plan.tier} trial={plan.trial} compact />
                  </span>
                </>
              ) : null}
            </p>
            <p title={email} className="line-clamp-1 text-xs break-all text-stone-600">
              {email}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap items-center justify-end gap-2 max-sm:w-full">
          {pause ? <PauseControl pause={pause} /> : null}
          <AccountLink compact />
          <LogoutButton />
        </div>
      </div>
      {pause ? <PausedBar pause={pause} /> : null}
    </header>
  );
}
