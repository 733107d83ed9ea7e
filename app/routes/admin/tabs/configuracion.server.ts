import { hasCardPayments } from "~/domain/orders/payment";
import { readLinkedAccount } from "~/domain/payments/payments.server";
import { listCities } from "~/domain/stores/store.server";
import type { TabContext } from "./context";

/** Configuración: the store's settings, the cities it may be in, and its Mercado Pago account. */
export async function load({ db, store, canLinkByOAuth = false }: TabContext) {
  const [cities, account] = await Promise.all([listCities(db), readLinkedAccount(db, store.id)]);
  return {
    tab: "configuracion",
    settings: store.settings,
    cityId: store.cityId,
    cities: cities.map((city) => ({ value: city.id, label: `${city.name}, ${city.state}` })),
    // Only the account's nickname: its token and secret are never sent back (docs/decisions/052).
    cardPayments: {
      allowed: hasCardPayments(store.licence.tier),
      nickname: account?.nickname ?? null,
      oauth: canLinkByOAuth,
    },
  } as const;
}
