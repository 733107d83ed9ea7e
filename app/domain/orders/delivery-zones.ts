/**
 * Delivery zones: a list of zones (a colonia's name, optionally its postal codes), each
 * with a fee and a minimum order; or one flat fee; and free delivery over an amount. Pure: the
 * checkout shows the fee and the server charges it.
 */
import { formatMoney, toCents } from "~/domain/money/money";

export type DeliveryZone = { id: string; name: string; postalCodes: string[]; fee: number; minimum: number };
export type DeliveryPricing = {
  /** Zones to pick from; when empty, `flatFee` applies everywhere. */
  zones: DeliveryZone[];
  flatFee: number;
  /** Delivery costs nothing for a subtotal at or above this; null for never. */
  freeOver: number | null;
};
export const NO_DELIVERY_PRICING: DeliveryPricing = { zones: [], flatFee: 0, freeOver: null };
export const MAX_ZONES = 30;

export const ZONE_MESSAGES = {
  zoneRequired: "Elige tu colonia o zona de entrega.",
  postalUnknown: "No entregamos en ese código postal. Elige una zona de la lista.",
  postalHint: "Escríbelo y elegimos tu zona por ti.",
  postalMatch: (zone: string) => `Tu código postal es de la zona ${zone}.`,
  belowMinimum: (minimum: number, zone: string) =>
    `El pedido mínimo para entrega en ${zone} es de ${formatMoney(minimum)}.`,
} as const;

export function findZone(pricing: DeliveryPricing, choice: { zoneId?: string; postalCode?: string }) {
  if (choice.zoneId) return pricing.zones.find((zone) => zone.id === choice.zoneId) ?? null;
  const code = choice.postalCode?.trim();
  if (code) return pricing.zones.find((zone) => zone.postalCodes.includes(code)) ?? null;
  return null;
}

export type DeliveryCharge =
  | { ok: true; fee: number; zone: DeliveryZone | null }
  | { ok: false; field: "deliveryZone"; message: string };

/** The fee for a delivery of `subtotal` to the chosen zone, or why it cannot be delivered. */
export function deliveryCharge(
  pricing: DeliveryPricing,
  subtotal: number,
  choice: { zoneId?: string; postalCode?: string },
): DeliveryCharge {
  let zone: DeliveryZone | null = null;
  let fee = pricing.flatFee;
  if (pricing.zones.length > 0) {
    zone = findZone(pricing, choice);
    if (!zone) {
      const message =
        choice.postalCode && !choice.zoneId ? ZONE_MESSAGES.postalUnknown : ZONE_MESSAGES.zoneRequired;
      return { ok: false, field: "deliveryZone", message };
    }
    if (toCents(subtotal) < toCents(zone.minimum))
      return {
        ok: false,
        field: "deliveryZone",
        message: ZONE_MESSAGES.belowMinimum(zone.minimum, zone.name),
      };
    fee = zone.fee;
  }
  if (pricing.freeOver !== null && toCents(subtotal) >= toCents(pricing.freeOver)) fee = 0;
  return { ok: true, fee, zone };
}

export const POSTAL_CODE_LENGTH = 5;

/** What the checkout's postal code field keeps of what is typed: digits only, at most five. */
export function normalizePostalCode(typed: string): string {
  return typed.replace(/\D/g, "").slice(0, POSTAL_CODE_LENGTH);
}
