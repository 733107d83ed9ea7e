import { lazy, memo, Suspense } from "react";
import type { DomainPanel } from "~/domain/domains/custom-domains.server";
import type { AdminTabData } from "~/routes/admin/tabs/index.server";
import type { DashboardFigures } from "~/domain/stores/dashboard";
import { CustomDomainPanel } from "./custom-domain-panel";
import { AdvancedSettingsTab } from "./advanced-settings-tab";
import { NotificationsTab } from "./notifications-tab";
import { OrderHistoryTab } from "./order-history-tab";
import { PendingOrdersTab } from "./pending-orders-tab";
import { ProductsTab } from "./products-tab";
import { PromotionsTab } from "./promotions/promotions-tab";
import { SettingsTab } from "./settings-tab";
import { TeamTab } from "./team-tab";
import { ShareKitPanel } from "./share-kit-panel";
import { MercadoPagoPanel } from "./mercadopago-panel";
import { OrderSettingsPanel } from "./order-settings-panel";
import { ShopRulesPanel } from "./shop-rules-panel";
import type { LiveConnection } from "./use-live-orders";
import { can, type StoreRole } from "~/domain/team/team-roles";
import type { MessageContext, StatusTemplates } from "~/domain/orders/status-messages";

/** The Resumen tab and its charts load only when it is opened: the other tabs stay as light as before. */
const DashboardTab = lazy(() => import("./resumen/dashboard-tab"));

/**
 * The Resumen tab as the server rendered it stays on screen until its code arrives. Memoised: the
 * panel updates itself as soon as it hydrates (its marker, the live connection), and an update that
 * reached this boundary before its code had loaded would make React drop the server's figures and
 * show "Cargando resumen…" until it did.
 */
const ResumenTab = memo(function ResumenTab({ figures }: { figures: DashboardFigures }) {
  return (
    <Suspense fallback={<p className="py-10 text-center text-stone-700">Cargando resumen…</p>}>
      <DashboardTab figures={figures} />
    </Suspense>
  );
});

/** The one tab on screen, with the data its loader fetched. */
export function AdminTabPanel({
  panel,
  connection,
  store,
}: {
  panel: AdminTabData;
  connection: LiveConnection;
  /** The store's public address and name, for what the owner shares; its own domain's state. */
  store: {
    id: string;
    address: string;
    displayName: string;
    domain: DomainPanel;
    plan: { canStartTrial: boolean };
    role: StoreRole;
  };
}) {
  switch (panel.tab) {
    case "resumen":
      return <ResumenTab figures={panel.figures} />;
    case "configuracion":
      // An encargado keeps the opening hours and zones; the store's page, payments and domain are the owner's.
      if (!can(store.role, "settings")) return <ShopRulesPanel settings={panel.settings} />;
      return (
        <>
          <SettingsTab settings={panel.settings} cityId={panel.cityId} cities={panel.cities} />
          <div className="mt-6 space-y-6">
            <ShopRulesPanel settings={panel.settings} />
            <OrderSettingsPanel settings={panel.settings} />
            <MercadoPagoPanel cardPayments={panel.cardPayments} />
            <CustomDomainPanel panel={store.domain} canStartTrial={store.plan.canStartTrial} />
            <ShareKitPanel storeName={store.displayName} address={store.address} />
          </div>
        </>
      );
    case "productos":
      return (
        <ProductsTab
          products={panel.products}
          enabled={panel.enabled}
          limit={panel.limit}
          categories={panel.categories}
          stock={panel.stock}
          waiting={panel.waiting}
          store={store}
        />
      );
    case "ordenes_pendientes":
      return (
        <PendingOrdersTab
          orders={panel.orders}
          shown={panel.shown}
          pendingNumbers={panel.pendingNumbers}
          connection={connection}
          messages={messageContext(store, panel)}
        />
      );
    case "ordenes_completadas":
      return (
        <OrderHistoryTab
          orders={panel.orders}
          page={panel.page}
          hasMore={panel.hasMore}
          filter={panel.filter}
          messages={messageContext(store, panel)}
        />
      );
    case "promociones":
      return <PromotionsTab panel={panel} />;
    case "configuracion_avanzada":
      return <AdvancedSettingsTab categories={panel.categories} />;
    case "notificaciones":
      return <NotificationsTab emailNewOrders={panel.emailNewOrders} />;
    case "equipo":
      return (
        <TeamTab
          people={panel.people}
          invitations={panel.invitations}
          activity={panel.activity}
          limit={panel.limit}
          tier={panel.tier}
        />
      );
  }
}

/** What the orders' WhatsApp buttons need: the store's name and texts, and where its pages live. */
function messageContext(
  store: { id: string; address: string },
  panel: { storeName: string; templates: StatusTemplates },
): MessageContext {
  return {
    storeId: store.id,
    storeName: panel.storeName,
    origin: new URL(store.address).origin,
    templates: panel.templates,
  };
}
