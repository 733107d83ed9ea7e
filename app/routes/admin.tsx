import { useEffect, useState } from "react";
import { Link } from "react-router";
import { AdminHeader } from "~/components/admin-header";
import { AdminTabPanel } from "~/components/admin/admin-tab-panel";
import { AdminTabsNav } from "~/components/admin/admin-tabs-nav";
import { CopyButton } from "~/components/admin/copy-button";
import { OrderAlarm } from "~/components/admin/order-alarm";
import { PlanPanel } from "~/components/admin/plan-panel";
import { lastGoodData } from "~/components/forms/last-good-data";
import { StaleBanner } from "~/components/forms/stale-banner";
import { useLiveOrders } from "~/components/admin/use-live-orders";
import { requireStoreOwner } from "~/domain/auth/guards.server";
import { SUPERADMIN_ROLE } from "~/domain/auth/roles";
import { parseHistoryFilter } from "~/domain/orders/owner-orders";
import { isPaused } from "~/domain/stores/pause";
import { latestOrderChangeId } from "~/domain/orders/order-events.server";
import { listUnseenOrderIds } from "~/domain/orders/owner-orders.server";
import { mediaUrl, thumbnailKey } from "~/domain/images/image-urls";
import { loadAdminTab, planSummary } from "~/domain/stores/admin-panel.server";
import { needsOrderCheck, resolveAdminTab, visibleTabs } from "~/domain/stores/admin-tabs";
import { parseDashboardPeriod } from "~/domain/stores/dashboard";
import { storeHasOrders } from "~/domain/stores/dashboard.server";
import { loadDomainPanel } from "~/domain/domains/custom-domains.server";
import { storeHomeUrl } from "~/domain/share/share-links";
import { DomainFailingBanner } from "~/components/admin/custom-domain-panel";
import type { Route } from "./+types/admin";

/** The installable app (issue 10): its manifest and home-screen icon, on the panel and its login only. */
export const links: Route.LinksFunction = () => [
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

export const meta: Route.MetaFunction = () => [{ title: "Panel de Administración · Tianguis" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, store } = await requireStoreOwner(request, context, { allowNoStore: true });
  // A super-admin without a store of their own is sent on to their panel instead of a dead end.
  if (!store) return { email: user.email, superAdmin: user.role === SUPERADMIN_ROLE, store: null };
  const { db, env } = context.services;
  const url = new URL(request.url);
  const requestedTab = url.searchParams.get("tab");
  const tab = resolveAdminTab(
    requestedTab,
    store.licence.tier,
    needsOrderCheck(requestedTab, store.licence.tier) && (await storeHasOrders(db, store.id)),
  );
  const page = Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  // The stream's starting point is read before the panel's data, so nothing falls in between.
  const liveCursor = await latestOrderChangeId(db, store.id);
  const [panel, unseenOrders, domainPanel] = await Promise.all([
    loadAdminTab(
      db,
      store,
      tab,
      page,
      parseHistoryFilter(url.searchParams),
      parseDashboardPeriod(url.searchParams.get("periodo")),
    ),
    listUnseenOrderIds(db, store.id),
    loadDomainPanel(
      db,
      { id: store.id, tier: store.licence.tier },
      { resolver: context.services.resolver, publicOrigin: env.publicOrigin },
      { withRecords: tab === "configuracion" },
    ),
  ]);
  // Once its own domain serves it, that is the address the owner shares (issue 18).
  const ownDomain = domainPanel.domain?.active ? domainPanel.domain.address : null;
  return {
    email: user.email,
    superAdmin: user.role === SUPERADMIN_ROLE,
    store: {
      id: store.id,
      displayName: store.settings.displayName || "Tienda",
      address: ownDomain
        ? storeHomeUrl({ origin: ownDomain, ownDomain: true }, store.id)
        : storeHomeUrl({ origin: env.publicOrigin, ownDomain: false }, store.id),
      domain: domainPanel,
      logoUrl: store.settings.logoKey ? mediaUrl(thumbnailKey(store.settings.logoKey, 200)) : null,
      plan: planSummary(store),
      pause: {
        paused: isPaused(store.settings),
        until: store.settings.pauseUntil?.toISOString() ?? null,
        message: store.settings.pauseMessage,
      },
      contactEmail: env.CONTACT_EMAIL,
      tab,
      panel,
      live: { cursor: liveCursor, unseenOrders },
    },
  };
}

const adminData = lastGoodData<Awaited<ReturnType<typeof loader>>>();

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return adminData.load(serverLoader);
}

export default function Admin({ loaderData }: Route.ComponentProps) {
  const { email, store } = loaderData;
  const stale = "stale" in loaderData ? loaderData.stale : false;
  useEffect(() => adminData.remember(loaderData), [loaderData]);
  const { connection } = useLiveOrders(store ? store.live.cursor : null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <>
      <AdminHeader
        storeName={store?.displayName ?? "Tienda"}
        logoUrl={store?.logoUrl ?? null}
        tier={store?.plan.tier ?? "starter"}
        trial={store?.plan.trial ?? false}
        email={email}
        pause={store?.pause ?? null}
      />
      <main className="mx-auto max-w-5xl px-4 pt-4 pb-10" data-hydrated={hydrated || undefined}>
        <h1 className="text-2xl font-bold">Panel de Administración</h1>
        <StaleBanner stale={stale} />
        <div role="status" className="mt-4 rounded-xl bg-brand-50 p-4 text-brand-900 ring-1 ring-brand-200">
          {store ? (
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="min-w-0">
                Tu tienda está en{" "}
                <a href={store.address} className="font-semibold break-all underline">
                  {store.address}
                </a>
              </p>
              <CopyButton text={store.address} />
            </div>
          ) : loaderData.superAdmin ? (
            <p>
              Tu cuenta de super administración no tiene una tienda propia.{" "}
              <Link to="/i/super-admin" className="font-semibold underline">
                Ir al panel de Super administración
              </Link>
            </p>
          ) : (
            <p>Selecciona una tienda primero.</p>
          )}
        </div>
        {store ? (
          <>
            <OrderAlarm unseen={store.live.unseenOrders.length} />
            <DomainFailingBanner panel={store.domain} />
            <PlanPanel {...store.plan} contactEmail={store.contactEmail} />
            <AdminTabsNav tabs={visibleTabs(store.plan.tier)} current={store.tab} />
            <div className="mt-6">
              <AdminTabPanel panel={store.panel} connection={connection} store={store} />
            </div>
          </>
        ) : null}
      </main>
    </>
  );
}
