/**
 * A store's public addresses: its page and each product's, on the platform or on its own domain.
 * Pure: used by the admin panel in the browser and by the server's cards, poster, sitemap and
 * messages.
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
