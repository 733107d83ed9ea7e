import { LogoutButton } from "~/components/logout-button";
import { AccountLink } from "~/components/super-admin/header-bar";
import type { LicenceType } from "~/domain/stores/licence-types";
import { PlanBadge } from "./plan-badge";
import { PauseControl, type PauseView } from "./admin/pause-control";

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
    <header className="fixed inset-x-0 top-0 z-20 border-b border-stone-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-5xl items-center gap-3 px-4 py-2">
        {logoUrl ? (
          <img src={logoUrl} alt="" width={40} height={40} className="h-10 w-10 rounded-full object-cover" />
        ) : (
          <span
            aria-hidden="true"
            className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800"
          >
            {storeName.slice(0, 1).toUpperCase()}
          </span>
        )}
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold">{storeName}</p>
          {/* Badge and e-mail share the second line, so a phone still shows the store's name. */}
          <p className="flex min-w-0 items-center gap-2 text-xs text-stone-600">
            <PlanBadge tier={tier} trial={trial} />
            <span className="truncate">{email}</span>
          </p>
        </div>
        {pause ? <PauseControl pause={pause} /> : null}
        <AccountLink compact />
        <LogoutButton />
      </div>
    </header>
  );
}
