import type { Executor } from "~/db/client.server";
import { countAvailableProducts, listStoreProducts } from "~/domain/products/admin-products.server";
import type { HistoryFilter } from "~/domain/orders/owner-orders";
import { listOrderHistory, listPendingOrders } from "~/domain/orders/owner-orders.server";
import { resolveTemplates } from "~/domain/orders/status-messages";
import type { AdminTab } from "./admin-tabs";
import { DEFAULT_DASHBOARD_PERIOD, type DashboardPeriod } from "./dashboard";
import { loadDashboard } from "./dashboard.server";
import { availableProductLimit, hasCustomCategories } from "./licence";
import { canStartTrial, trialText } from "./plan";
import { listCities, type StoreWithSettings } from "./store.server";
import { wantsNewOrderEmails } from "~/domain/mail/new-order-mail.server";

/** What the plan panel shows: the resolved tier, the trial state and its sentence. */
export function planSummary(store: StoreWithSettings, now = new Date()) {
  return {
    tier: store.licence.tier,
    trial: store.licence.trial,
    trialText: store.licence.trial ? trialText(store.licence, now) : null,
    canStartTrial: canStartTrial(store, now),
    hadTrial: store.trialExpiration !== null,
  };
}

/** The data of the one tab on screen; other tabs load nothing. */
export async function loadAdminTab(
  db: Executor,
  store: StoreWithSettings,
  tab: AdminTab,
  page: number,
  filter: HistoryFilter = { status: "all", from: null, to: null },
  period: DashboardPeriod = DEFAULT_DASHBOARD_PERIOD,
) {
  switch (tab) {
    case "resumen":
      return { tab, figures: await loadDashboard(db, store.id, period) } as const;
    case "configuracion":
      return {
        tab,
        settings: store.settings,
        cityId: store.cityId,
        cities: (await listCities(db)).map((city) => ({
          value: city.id,
          label: `${city.name}, ${city.state}`,
        })),
      } as const;
    case "productos": {
      const [products, enabled] = await Promise.all([
        listStoreProducts(db, store.id),
        countAvailableProducts(db, store.id),
      ]);
      return {
        tab,
        products,
        enabled,
        limit: availableProductLimit(store.licence.tier),
        categories: hasCustomCategories(store.licence.tier) ? store.settings.customCategories : [],
      } as const;
    }
    case "ordenes_pendientes":
      return {
        tab,
        orders: await listPendingOrders(db, store.id),
        storeName: store.settings.displayName || store.id,
        templates: resolveTemplates(store.settings.statusTemplates),
      } as const;
    case "ordenes_completadas":
      return {
        tab,
        page,
        filter,
        ...(await listOrderHistory(db, store.id, page, filter)),
        storeName: store.settings.displayName || store.id,
        templates: resolveTemplates(store.settings.statusTemplates),
      } as const;
    case "configuracion_avanzada":
      return { tab, categories: store.settings.customCategories } as const;
    case "notificaciones":
      return { tab, emailNewOrders: await wantsNewOrderEmails(db, store.id) } as const;
  }
}

export type AdminTabData = Awaited<ReturnType<typeof loadAdminTab>>;
