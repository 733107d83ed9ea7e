import type { TabContext } from "./context";

/** Configuración avanzada: the store's own product categories. */
export async function load({ store }: TabContext) {
  return { tab: "configuracion_avanzada", categories: store.settings.customCategories } as const;
}
