import { lineTotal } from "./cart";
import { formatMoney } from "./money";
import { DELIVERY_LABELS } from "./order-vocabulary";
import type { OrderSummary } from "./order-summary";

/**
 * The WhatsApp confirmation (spec §7: wa.me/52{phone}): the store's number with Mexico's
 * country code and the order's text pre-filled, so the shopper only has to press send.
 */
export function whatsappOrderText(order: OrderSummary, storeName: string, customerName: string): string {
  const lines = order.lines.map((line) => {
    const option = line.variation ? ` (${line.variation})` : "";
    return `• ${line.quantity} ${line.unit} × ${line.name}${option}: ${formatMoney(lineTotal(line))}`;
  });
  return [
    `¡Hola, ${storeName}! Quiero confirmar mi pedido ${order.number}.`,
    "",
    ...lines,
    "",
    `Total: ${formatMoney(order.total)}`,
    `Entrega: ${DELIVERY_LABELS[order.deliveryType]}`,
    ...(order.deliveryType === "delivery" ? [`Dirección: ${order.address}`] : []),
    ...(order.comments ? [`Comentarios: ${order.comments}`] : []),
    `Nombre: ${customerName}`,
  ].join("\n");
}

export function whatsappOrderUrl(storePhone: string, text: string): string {
  return `https://wa.me/52${storePhone}?text=${encodeURIComponent(text)}`;
}

/** The store can be asked over WhatsApp only with a full 10-digit phone. */
export function canConfirmOverWhatsapp(settings: {
  requireWhatsappConfirmation: boolean;
  phone: string;
}): boolean {
  return settings.requireWhatsappConfirmation && /^\d{10}$/.test(settings.phone);
}
