import { LogoutButton } from "~/components/logout-button";
import { TianguisLogo } from "~/components/brand";

export function AdminHeaderBar({ email }: { email?: string }) {
  return (
    <header className="border-b border-stone-200 bg-white">
      <div className="mx-auto flex max-w-4xl items-center gap-3 px-4 py-2">
        <a href="/" aria-label="Tianguis, inicio">
          <TianguisLogo className="h-8 w-8" />
        </a>
        <p className="min-w-0 flex-1 text-sm text-stone-700 [overflow-wrap:anywhere]">{email ?? ""}</p>
        <LogoutButton />
      </div>
    </header>
  );
}
