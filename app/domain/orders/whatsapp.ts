import { lineTotal } from "./cart";
import { formatMoney } from "~/domain/money/money";
import { changeToBring, PAYMENT_LABELS } from "./payment";
import { DELIVERY_LABELS, formatOrderDate, orderLineText } from "./order-vocabulary";
import type { OrderSummary } from "./order-summary";
import { discountText } from "~/domain/promotions/promotions";

/**
 * The WhatsApp confirmation (wa.me/52{phone}): the store's number with Mexico's
 * country code and the order's text pre-filled, so the shopper only has to press send.
 */
export function whatsappOrderText(
  order: OrderSummary,
  storeName: string,
  customerName: string,
  trackingUrl?: string,
): string {
  const lines = order.lines.map((line) => `• ${orderLineText(line)}: ${formatMoney(lineTotal(line))}`);
  return [
    `¡Hola, ${storeName}! Quiero confirmar mi pedido ${order.number}.`,
    "",
    ...lines,
    "",
    ...(order.discounts ?? []).map(discountText),
    ...(order.deliveryFee > 0
      ? [`Envío${order.deliveryZone ? ` (${order.deliveryZone})` : ""}: ${formatMoney(order.deliveryFee)}`]
      : []),
    `Total: ${formatMoney(order.total)}`,
    `Entrega: ${DELIVERY_LABELS[order.deliveryType]}`,
    ...(order.scheduledFor ? [`Para: ${formatOrderDate(order.scheduledFor, "long")}`] : []),
    ...(order.deliveryType === "delivery" ? [`Dirección: ${order.address}`] : []),
    ...(order.comments ? [`Comentarios: ${order.comments}`] : []),
    ...(order.paymentMethod ? [`Pago: ${paymentText(order)}`] : []),
    `Nombre: ${customerName}`,
    ...(trackingUrl ? ["", `Sigue tu pedido: ${trackingUrl}`] : []),
  ].join("\n");
}

/** "Efectivo (pago con $500.00, cambio $52.00)", or the method's name. */
export function paymentText(order: Pick<OrderSummary, "paymentMethod" | "cashAmount" | "total">): string {
  if (!order.paymentMethod) return "";
  const label = PAYMENT_LABELS[order.paymentMethod];
  const change = changeToBring(order.total, order.cashAmount);
  if (order.paymentMethod !== "cash" || order.cashAmount === null || change === null) return label;
  return `${label} (pago con ${formatMoney(order.cashAmount)}, cambio ${formatMoney(change)})`;
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
