import { parseHistoryFilter } from "~/domain/orders/owner-orders";
import { listOrderHistory } from "~/domain/orders/owner-orders.server";
import { resolveTemplates } from "~/domain/orders/status-messages";
import type { TabContext } from "./context";

/** Órdenes completadas: one page of the history (`?page=`), filtered by status and dates. */
export async function load({ db, store, url }: TabContext) {
  const page = Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  const filter = parseHistoryFilter(url.searchParams);
  return {
    tab: "ordenes_completadas",
    page,
    filter,
    ...(await listOrderHistory(db, store.id, page, filter)),
    storeName: store.settings.displayName || store.id,
    templates: resolveTemplates(store.settings.statusTemplates),
  } as const;
}
