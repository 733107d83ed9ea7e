import { parseDashboardPeriod } from "~/domain/stores/dashboard";
import { loadDashboard } from "~/domain/stores/dashboard.server";
import type { TabContext } from "./context";

/** Resumen: the period's figures (`?periodo=hoy|7dias|30dias`). */
export async function load({ recentReads, store, url }: TabContext) {
  const period = parseDashboardPeriod(url.searchParams.get("periodo"));
  // Aggregates over the period's orders and views: on the read replica once it has replayed what the
  // primary had when the owner asked (docs/decisions/047).
  const figures = await recentReads((db) => loadDashboard(db, store.id, period));
  return { tab: "resumen", figures } as const;
}
