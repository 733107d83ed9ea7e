import { LogoutButton } from "~/components/logout-button";
import { AccountLink } from "~/components/super-admin/header-bar";
import type { LicenceType } from "~/domain/stores/licence-types";
import { PlanBadge } from "./plan-badge";
import { PauseControl, PausedBar, type PauseView } from "./admin/pause-control";

/**
 * The panel's header, kept at the top while the page scrolls (sticky, docs/decisions/020). Two
 * groups that share a row on a wide screen and stack on a phone, so that nothing is cut: who
 * (logo, store name, plan badge, e-mail; long words wrap) and the actions (pause, account, sign out),
 * which wrap onto another line rather than squeeze the names. While orders are paused, a bar
 * of its own below says so and holds the way back.
 */
export function AdminHeader({
  storeName,
  logoUrl,
  tier,
  trial,
  email,
  pause,
}: {
  storeName: string;
  logoUrl: string | null;
  tier: LicenceType;
  trial: boolean;
  email: string;
  /** The store's "Pausar pedidos" state; absent where there is no store. */
  pause?: PauseView | null;
}) {
  return (
    <header className="sticky top-0 z-20 border-b border-stone-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2">
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
          <div className="min-w-0">
            <p className="leading-snug font-semibold [overflow-wrap:anywhere]">{storeName}</p>
            <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-stone-600">
              <PlanBadge tier={tier} trial={trial} />
              <span className="[overflow-wrap:anywhere]">{email}</span>
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
