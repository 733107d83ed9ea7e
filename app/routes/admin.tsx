import { useEffect, useState } from "react";
import { Link } from "react-router";
import { AdminHeader } from "~/components/admin-header";
import { registerPanelWorker } from "~/components/admin/push-client";
import { AdminTabPanel } from "~/components/admin/admin-tab-panel";
import { AdminTabsNav } from "~/components/admin/admin-tabs-nav";
import { PanelStrip } from "~/components/admin/panel-strip";
import { lastGoodData } from "~/components/forms/last-good-data";
import { StaleBanner } from "~/components/forms/stale-banner";
import { useLiveOrders } from "~/components/admin/use-live-orders";
import { refuseNotFound } from "~/domain/auth/guards.server";
import { requireAccess } from "~/lib/entry-access.server";
import { can } from "~/domain/team/team-roles";
import { SUPERADMIN_ROLE } from "~/domain/auth/roles";
import { isPaused } from "~/domain/stores/pause";
import { DEFAULT_STORE_NAME } from "~/domain/stores/settings-form";
import { latestOrderChangeId } from "~/domain/orders/order-events.server";
import { listUnseenOrderIds } from "~/domain/orders/owner-orders.server";
import { mediaUrl, thumbnailKey } from "~/domain/images/image-urls";
import { planSummary } from "~/domain/stores/admin-panel.server";
import { resolveAdminTab, visibleTabs } from "~/domain/team/admin-tabs";
import { loadDomainPanel } from "~/domain/domains/custom-domains.server";
import { storeHomeUrl } from "~/domain/stores/store-links";
import { DomainFailingBanner } from "~/components/admin/custom-domain-panel";
import { recentReads } from "~/lib/public-reads.server";
import type { Route } from "./+types/admin";
import { loadAdminTab } from "./admin/tabs/index.server";

/** The installable app: its manifest and home-screen icon, on the panel and its login only. */
export const links: Route.LinksFunction = () => [
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

export const meta: Route.MetaFunction = () => [{ title: "Panel de Administración · Tianguis" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, store, role } = await requireAccess(request, context, "admin");
  // A super-admin without a store of their own is sent on to their panel instead of a dead end.
  if (!store) return { email: user.email, superAdmin: user.role === SUPERADMIN_ROLE, store: null };
  const { db, env } = context.services;
  const url = new URL(request.url);
  const requestedTab = url.searchParams.get("tab");
  const tab = resolveAdminTab(requestedTab, store.licence.tier, role);
  // A tab this role may not open is refused, as another store's data is.
  if (!tab) refuseNotFound(request);
  // The stream's starting point is read before the panel's data, so nothing falls in between.
  const liveCursor = await latestOrderChangeId(db, store.id);
  const [panel, unseenOrders, domainPanel] = await Promise.all([
    // The tab on screen runs its own queries (./admin/tabs/) and no other tab's.
    loadAdminTab(tab, {
      db,
      store,
      role,
      url,
      recentReads: (read) => recentReads(context, read),
      canLinkByOAuth: context.services.payments.oauth !== null,
    }),
    listUnseenOrderIds(db, store.id),
    loadDomainPanel(
      db,
      { id: store.id, tier: store.licence.tier },
      { resolver: context.services.resolver, publicOrigin: env.publicOrigin },
      { withRecords: tab === "configuracion" },
    ),
  ]);
  // Once its own domain serves it, that is the address the owner shares.
  const ownDomain = domainPanel.domain?.active ? domainPanel.domain.address : null;
  return {
    email: user.email,
    superAdmin: user.role === SUPERADMIN_ROLE,
    store: {
      id: store.id,
      role,
      displayName: store.settings.displayName || DEFAULT_STORE_NAME,
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
  useEffect(registerPanelWorker, []);
  return (
    <>
      {store ? (
        <AdminHeader
          storeName={store.displayName}
          logoUrl={store.logoUrl}
          plan={store.plan}
          email={email}
          pause={can(store.role, "pause") ? store.pause : null}
        />
      ) : (
        // No store, no plan or pause to show; the name is the spec's default.
        <AdminHeader email={email} />
      )}
      <main className="mx-auto max-w-6xl px-4 pt-3 pb-10 sm:pt-4" data-hydrated={hydrated || undefined}>
        <h1 className="text-lg font-bold sm:text-2xl">Panel de Administración</h1>
        <StaleBanner stale={stale} />
        {store ? (
          <PanelStrip
            address={store.address}
            unseen={store.live.unseenOrders.length}
            plan={can(store.role, "plan") ? store.plan : null}
            contactEmail={store.contactEmail}
          />
        ) : (
          <div role="status" className="mt-4 rounded-xl bg-brand-50 p-4 text-brand-900 ring-1 ring-brand-200">
            <p>
              Selecciona una tienda primero.
              {loaderData.superAdmin ? (
                <>
                  {" "}
                  Tu cuenta de super administración no tiene una tienda propia.{" "}
                  <Link to="/i/super-admin" className="font-semibold underline">
                    Ir al panel de Super administración
                  </Link>
                </>
              ) : null}
            </p>
          </div>
        )}
        {store ? (
          <>
            <DomainFailingBanner panel={store.domain} />
            <AdminTabsNav tabs={visibleTabs(store.plan.tier, store.role)} current={store.tab} />
            <div className="mt-4 sm:mt-6">
              <AdminTabPanel panel={store.panel} connection={connection} store={store} />
            </div>
          </>
        ) : null}
      </main>
    </>
  );
}
