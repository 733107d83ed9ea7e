import { listPendingOrders } from "~/domain/orders/owner-orders.server";
import { resolveTemplates } from "~/domain/orders/status-messages";
import type { TabContext } from "./context";

/** Órdenes pendientes: the orders to attend to, and the WhatsApp texts of their steps. */
export async function load({ db, store }: TabContext) {
  return {
    tab: "ordenes_pendientes",
    orders: await listPendingOrders(db, store.id),
    storeName: store.settings.displayName || store.id,
    templates: resolveTemplates(store.settings.statusTemplates),
  } as const;
}
