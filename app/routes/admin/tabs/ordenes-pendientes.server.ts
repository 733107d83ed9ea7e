import { pendingShown } from "~/domain/orders/owner-orders";
import { listPendingOrders } from "~/domain/orders/owner-orders.server";
import { resolveTemplates } from "~/domain/orders/status-messages";
import type { TabContext } from "./context";

/**
 * Órdenes pendientes: the orders to attend to (those due first, `mostrar` of them), how many wait
 * in all, and the WhatsApp texts of their steps.
 */
export async function load({ db, store, url }: TabContext) {
  const shown = pendingShown(url.searchParams.get("mostrar"));
  const { orders, numbers } = await listPendingOrders(db, store.id, shown);
  return {
    tab: "ordenes_pendientes",
    orders,
    shown,
    pendingNumbers: numbers,
    storeName: store.settings.displayName || store.id,
    templates: resolveTemplates(store.settings.statusTemplates),
  } as const;
}
