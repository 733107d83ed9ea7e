import { parseDashboardPeriod } from "~/domain/stores/dashboard";
import { loadDashboard } from "~/domain/stores/dashboard.server";
import type { TabContext } from "./context";

/** Resumen: the period's figures (`?periodo=hoy|7dias|30dias`). */
export async function load({ db, store, url }: TabContext) {
  const period = parseDashboardPeriod(url.searchParams.get("periodo"));
  return { tab: "resumen", figures: await loadDashboard(db, store.id, period) } as const;
}
