/**
 * What a push says: small and in Spanish, one `tag` per subject so a retried push replaces itself
 * instead of showing twice. Pure: the server builds it and the service worker shows it. A new
 * order's is the order's own to word (app/domain/orders/new-order-notices.ts).
 */
export const PENDING_ORDERS_URL = "/i/admin?tab=ordenes_pendientes";

export type PushMessage = { title: string; body: string; tag: string; url: string };

export function testPush(): PushMessage {
  return {
    title: "Notificación de prueba",
    body: "Así te avisaremos de cada pedido nuevo.",
    tag: `prueba-${Date.now()}`,
    url: PENDING_ORDERS_URL,
  };
}

/**
 * "Avísame cuando haya" by push (docs/decisions/030): the one notification a shopper asked for,
 * opening the product's page in the store. `url` is absolute: the platform's address at the time of
 * the request, whichever site the worker that shows it belongs to.
 */
export function restockPush(facts: {
  storeId: string;
  productId: string;
  storeName: string;
  productName: string;
  url: string;
}): PushMessage {
  return {
    title: `Ya hay ${facts.productName}`,
    body: `En ${facts.storeName}. Te avisamos una sola vez: toca para verlo.`,
    tag: `avisame-${facts.storeId}-${facts.productId}`,
    url: facts.url,
  };
}
