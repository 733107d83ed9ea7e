import type { LicenceType } from "~/domain/stores/licence-types";
import { hasCustomCategories } from "./licence";

/** The admin panel's tabs, in the order the tab bar shows them. */
export const ADMIN_TABS = [
  { id: "resumen", label: "Resumen" },
  { id: "configuracion", label: "Configuración" },
  { id: "productos", label: "Productos" },
  { id: "ordenes_pendientes", label: "Órdenes pendientes" },
  { id: "ordenes_completadas", label: "Órdenes completadas" },
  { id: "configuracion_avanzada", label: "Configuración avanzada" },
  { id: "notificaciones", label: "Notificaciones" },
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number]["id"];
export const DEFAULT_ADMIN_TAB: AdminTab = "productos";

export function visibleTabs(tier: LicenceType) {
  return ADMIN_TABS.filter((tab) => tab.id !== "configuracion_avanzada" || hasCustomCategories(tier));
}

/** `?tab=` → a tab this store can see; without one (or with one it cannot see), productos. */
export function resolveAdminTab(requested: string | null, tier: LicenceType): AdminTab {
  return visibleTabs(tier).find((tab) => tab.id === requested)?.id ?? DEFAULT_ADMIN_TAB;
}
