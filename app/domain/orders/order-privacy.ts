/**
 * Where an order goes, as a device that did not place it may see it. The order number is the only
 * key to an order's page and to "Mi Pedido", and numbers get shared (a group chat, a screenshot):
 * the street address is shown only on the device that placed the order; anyone else sees the
 * delivery zone, or the postal code written in the address.
 */
import type { OrderSummary } from "./order-summary";

export const ORDER_PRIVACY_MESSAGES = {
  hiddenAddress: "La dirección completa solo se ve en el dispositivo con el que se hizo el pedido.",
  zone: (zone: string) => `Zona ${zone}`,
  postalCode: (code: string) => `C.P. ${code}`,
} as const;

/** The last five-digit number of an address: a Mexican postal code, if it holds one. */
export function postalCodeIn(address: string): string {
  return address.match(/(?<!\d)\d{5}(?!\d)/g)?.at(-1) ?? "";
}

/** The order without its street address, for a device that did not place it. */
export function withoutStreetAddress(order: OrderSummary): OrderSummary {
  if (order.deliveryType !== "delivery") return { ...order, address: "" };
  return { ...order, address: "", addressHidden: true, postalCode: postalCodeIn(order.address) };
}

/** What a device that did not place the order reads where the address would be. */
export function publicDeliveryPlace(order: { deliveryZone?: string; postalCode?: string }): string {
  if (order.deliveryZone) return ORDER_PRIVACY_MESSAGES.zone(order.deliveryZone);
  return order.postalCode ? ORDER_PRIVACY_MESSAGES.postalCode(order.postalCode) : "";
}
