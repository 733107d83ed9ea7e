/**
 * The public addresses a store shares and the ready-made texts that go with them (pure: used by
 * the admin panel in the browser and by the server's cards, poster and sitemap).
 */
export function storeAddress(origin: string, storeId: string): string {
  return `${origin}/${storeId}`;
}

/** A product's own page: the store, opened with that product first (`/<storeId>/p/<productId>`). */
export function productPath(storeId: string, productId: string): string {
  return `/${storeId}/p/${encodeURIComponent(productId)}`;
}

export function productAddress(origin: string, storeId: string, productId: string): string {
  return `${origin}${productPath(storeId, productId)}`;
}

/**
 * Where a store's public pages live: `<origin>/<storeId>` on the platform, or the root of its
 * own domain, where a product's page is `/p/<productId>`.
 */
export type StoreHome = { origin: string; ownDomain: boolean };

export function storeHomeUrl(home: StoreHome, storeId: string): string {
  return home.ownDomain ? `${home.origin}/` : storeAddress(home.origin, storeId);
}

export function productHomeUrl(home: StoreHome, storeId: string, productId: string): string {
  return home.ownDomain
    ? `${home.origin}/p/${encodeURIComponent(productId)}`
    : productAddress(home.origin, storeId, productId);
}

/** Texts an owner pastes into a WhatsApp status or a Facebook post. */
export function shareTexts(storeName: string, address: string) {
  return {
    whatsapp: `¡Ya puedes pedir en ${storeName} desde tu celular! 🛍️ Mira lo que tenemos y haz tu pedido aquí: ${address}`,
    facebook: `📣 ${storeName} ya tiene tienda en línea. Revisa nuestros productos, haz tu pedido para recoger o a domicilio y confírmalo por WhatsApp. Sin apps ni registros: ${address}`,
  };
}

/** The poster's call to action, under the QR code. */
export const POSTER_CALL_TO_ACTION = "Escanea el código y haz tu pedido";
export const POSTER_SIZES = {
  a4: { label: "A4", points: [595.28, 841.89] },
  "media-carta": { label: "media carta", points: [396, 612] },
} as const;
export type PosterSize = keyof typeof POSTER_SIZES;

export function isPosterSize(value: unknown): value is PosterSize {
  return typeof value === "string" && Object.hasOwn(POSTER_SIZES, value);
}
