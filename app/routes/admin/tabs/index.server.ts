import type { AdminTab } from "~/domain/team/admin-tabs";
import type { TabContext } from "./context";
import * as configuracion from "./configuracion.server";
import * as configuracionAvanzada from "./configuracion-avanzada.server";
import * as equipo from "./equipo.server";
import * as notificaciones from "./notificaciones.server";
import * as ordenesCompletadas from "./ordenes-completadas.server";
import * as ordenesPendientes from "./ordenes-pendientes.server";
import * as productos from "./productos.server";
import * as promociones from "./promociones.server";
import * as resumen from "./resumen.server";

/** Each tab's own loader: opening a tab runs its queries and no other tab's. */
const TAB_LOADERS = {
  resumen: resumen.load,
  configuracion: configuracion.load,
  productos: productos.load,
  promociones: promociones.load,
  ordenes_pendientes: ordenesPendientes.load,
  ordenes_completadas: ordenesCompletadas.load,
  configuracion_avanzada: configuracionAvanzada.load,
  notificaciones: notificaciones.load,
  equipo: equipo.load,
} satisfies Record<AdminTab, (context: TabContext) => Promise<{ tab: AdminTab }>>;

export type AdminTabData = Awaited<ReturnType<(typeof TAB_LOADERS)[AdminTab]>>;

export function loadAdminTab(tab: AdminTab, context: TabContext): Promise<AdminTabData> {
  return TAB_LOADERS[tab](context);
}
