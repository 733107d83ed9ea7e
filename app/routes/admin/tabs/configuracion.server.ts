import { listCities } from "~/domain/stores/store.server";
import type { TabContext } from "./context";

/** Configuración: the store's settings and the cities it may be in. */
export async function load({ db, store }: TabContext) {
  const cities = (await listCities(db)).map((city) => ({
    value: city.id,
    label: `${city.name}, ${city.state}`,
  }));
  return { tab: "configuracion", settings: store.settings, cityId: store.cityId, cities } as const;
}
