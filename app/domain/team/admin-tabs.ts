import type { LicenceType } from "~/domain/stores/licence-types";
import { can, type Capability, type StoreRole } from "./team-roles";
import { hasCustomCategories } from "~/domain/stores/licence";
import { hasPromotions } from "~/domain/promotions/promotions";

/**
 * The admin panel's tabs, in the order the tab bar shows them, each with the capability that
 * opens it (docs/decisions/033). Configuración opens with "hours": an encargado sees its opening
 * hours only; the rest of it is the owner's.
 */
export const ADMIN_TABS = [
  { id: "resumen", label: "Resumen", needs: "dashboard" },
  { id: "configuracion", label: "Configuración", needs: "hours" },
  { id: "productos", label: "Productos", needs: "products" },
  { id: "promociones", label: "Promociones", needs: "products" },
  { id: "ordenes_pendientes", label: "Órdenes pendientes", needs: "orders" },
  { id: "ordenes_completadas", label: "Órdenes completadas", needs: "orders" },
  { id: "configuracion_avanzada", label: "Configuración avanzada", needs: "categories" },
  { id: "equipo", label: "Equipo", needs: "members" },
  { id: "notificaciones", label: "Notificaciones", needs: "alarm" },
] as const satisfies readonly { id: string; label: string; needs: Capability }[];
export type AdminTab = (typeof ADMIN_TABS)[number]["id"];
export const DEFAULT_ADMIN_TAB: AdminTab = "productos";

/** The tabs this store's plan and this person's role open. */
export function visibleTabs(tier: LicenceType, role: StoreRole = "owner") {
  return ADMIN_TABS.filter(
    (tab) =>
      can(role, tab.needs) &&
      (tab.id !== "configuracion_avanzada" || hasCustomCategories(tier)) &&
      (tab.id !== "promociones" || hasPromotions(tier)),
  ).map(({ id, label }) => ({ id, label }));
}

/**
 * `?tab=` → a tab this store can see; without one (or with one its plan does not show), productos,
 * or the role's first tab. A tab the role may not open gives null: the caller refuses it.
 */
export function resolveAdminTab(
  requested: string | null,
  tier: LicenceType,
  role: StoreRole = "owner",
): AdminTab | null {
  const known = ADMIN_TABS.find((tab) => tab.id === requested);
  if (known && !can(role, known.needs)) return null;
  const tabs = visibleTabs(tier, role);
  return (
    tabs.find((tab) => tab.id === requested)?.id ??
    tabs.find((tab) => tab.id === DEFAULT_ADMIN_TAB)?.id ??
    tabs[0]!.id
  );
}
