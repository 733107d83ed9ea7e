import { lineTotal } from "./cart";
import { formatMoney } from "~/domain/money/money";
import { changeToBring, PAYMENT_LABELS, PAYMENT_STATE_LABELS, paymentState } from "./payment";
import { DELIVERY_LABELS, formatOrderDate, orderLineText } from "./order-vocabulary";
import type { OrderSummary } from "./order-summary";
import { discountText } from "~/domain/promotions/promotions";
import { amountToPay, tipBase, tipLabel } from "./tips";

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
    ...(order.tip > 0 ? [`Subtotal: ${formatMoney(tipBase(order))}`] : []),
    ...(order.deliveryFee > 0
      ? [`Envío${order.deliveryZone ? ` (${order.deliveryZone})` : ""}: ${formatMoney(order.deliveryFee)}`]
      : []),
    ...totalLines(order),
    `Entrega: ${DELIVERY_LABELS[order.deliveryType]}`,
    ...(order.scheduledFor ? [`Para: ${formatOrderDate(order.scheduledFor, "long")}`] : []),
    ...(order.deliveryType === "delivery" ? [`Dirección: ${order.address}`] : []),
    ...(order.comments ? [`Comentarios: ${order.comments}`] : []),
    ...(order.paymentMethod ? [`Pago: ${paymentText(order)}`] : []),
    `Nombre: ${customerName}`,
    ...(trackingUrl ? ["", `Sigue tu pedido: ${trackingUrl}`] : []),
  ].join("\n");
}

/**
 * "Total: $448.00" for an order without a tip, as before tips existed; with one, the tip's line
 * and "Total a pagar", the total with the tip (app/domain/orders/tips.ts).
 */
export function totalLines(order: Pick<OrderSummary, "total" | "tip" | "tipPercent">): string[] {
  if (!(order.tip > 0)) return [`Total: ${formatMoney(order.total)}`];
  return [
    `${tipLabel(order.tipPercent)}: ${formatMoney(order.tip)}`,
    `Total a pagar: ${formatMoney(amountToPay(order))}`,
  ];
}

/**
 * "Efectivo (pago con $500.00, cambio $52.00)", or the method's name; the change counts the tip. A
 * card paid online says where its payment stands: "Tarjeta o Mercado Pago · Esperando pago".
 */
export function paymentText(
  order: Pick<OrderSummary, "paymentMethod" | "cashAmount" | "total"> & {
    tip?: number;
    paid?: boolean;
    refunded?: boolean;
  },
): string {
  if (!order.paymentMethod) return "";
  const label = PAYMENT_LABELS[order.paymentMethod];
  if (order.paymentMethod === "mercadopago") {
    const state = paymentState({
      paymentMethod: order.paymentMethod,
      paid: Boolean(order.paid),
      refunded: order.refunded,
    });
    // "Pagado" is said by whoever shows `paid` beside the method.
    return state === "waiting" || state === "refunded" ? `${label} · ${PAYMENT_STATE_LABELS[state]}` : label;
  }
  const change = changeToBring(amountToPay({ total: order.total, tip: order.tip ?? 0 }), order.cashAmount);
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
