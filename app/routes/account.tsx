import { useEffect, useState } from "react";
import { Link } from "react-router";
import { EmailPanel, PasswordPanel, SessionsPanel, YourDataPanel } from "~/components/account/account-panels";
import { lastGoodData } from "~/components/forms/last-good-data";
import { StaleBanner } from "~/components/forms/stale-banner";
import { AdminHeaderBar } from "~/components/super-admin/header-bar";
import { listSessions } from "~/domain/auth/account.server";
import { requireAccess } from "~/lib/entry-access.server";
import { SUPERADMIN_ROLE } from "~/domain/auth/roles";
import { findOwnedStoreId, findStore } from "~/domain/stores/store.server";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = () => [{ title: "Tu cuenta · Tianguis" }];

/**
 * /i/cuenta: every signed-in user's own account — e-mail, password, open
 * sessions — and, for an owner, "Tus datos": the export and "Cerrar mi tienda".
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, sessionId } = await requireAccess(request, context, "account");
  const { db } = context.services;
  const storeId = await findOwnedStoreId(db, user.id);
  const [sessions, store] = await Promise.all([
    listSessions(db, user.id, sessionId),
    storeId ? findStore(db, storeId) : null,
  ]);
  return {
    email: user.email,
    superAdmin: user.role === SUPERADMIN_ROLE,
    sessions,
    store: store ? { id: store.id, displayName: store.settings.displayName || store.id } : null,
  };
}

const accountData = lastGoodData<Awaited<ReturnType<typeof loader>>>();

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return accountData.load(serverLoader);
}

export default function Account({ loaderData }: Route.ComponentProps) {
  useEffect(() => accountData.remember(loaderData), [loaderData]);
  // Marks the page once React has hydrated it, for tests and tools that must wait for it.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const { email, superAdmin, sessions, store } = loaderData;
  return (
    <>
      <AdminHeaderBar email={email} current="cuenta" />
      <main className="mx-auto max-w-4xl px-4 pt-6 pb-12" data-hydrated={hydrated || undefined}>
        <nav aria-label="Paneles" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {store ? (
            <Link to="/i/admin" className="font-semibold text-brand-800 underline">
              ← Panel de {store.displayName}
            </Link>
          ) : null}
          {superAdmin ? (
            <Link to="/i/super-admin" className="font-semibold text-brand-800 underline">
              Super administración
            </Link>
          ) : null}
        </nav>
        <h1 className="mt-3 text-2xl font-bold">Tu cuenta</h1>
        <StaleBanner stale={"stale" in loaderData ? loaderData.stale : false} />
        <div className="mt-6 space-y-6">
          <EmailPanel email={email} />
          <PasswordPanel />
          <SessionsPanel sessions={sessions} />
          {store ? <YourDataPanel store={store} /> : null}
        </div>
      </main>
    </>
  );
}
