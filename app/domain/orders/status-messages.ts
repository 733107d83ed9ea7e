/**
 * The messages an owner sends a shopper from their own WhatsApp when an order moves on:
 * ready-made Spanish texts the owner may edit, filled with the order's facts. Nothing is sent
 * automatically: the owner's phone opens wa.me with the text and the owner presses send.
 */
import { amountToPay } from "./tips";
import { formatMoney } from "~/domain/money/money";

export const TEMPLATE_KINDS = ["accepted", "ready", "on_the_way", "completed", "cancelled"] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];
export type StatusTemplates = Record<TemplateKind, string>;

export const TEMPLATE_LABELS: Record<TemplateKind, string> = {
  accepted: "Pedido aceptado",
  ready: "Listo para recoger",
  on_the_way: "En camino",
  completed: "Pedido entregado",
  cancelled: "Pedido cancelado",
};

export const DEFAULT_TEMPLATES: StatusTemplates = {
  accepted: "¡Hola {nombre}! {tienda} aceptó tu pedido {pedido}. Total {total}. Síguelo aquí: {enlace}",
  ready: "¡Hola {nombre}! Tu pedido {pedido} ya está listo para recoger en {tienda}. Total {total}. {enlace}",
  on_the_way: "¡Hola {nombre}! Tu pedido {pedido} de {tienda} ya va en camino. Total {total}. {enlace}",
  completed: "¡Gracias {nombre}! Tu pedido {pedido} de {tienda} quedó entregado. ¡Que lo disfrutes!",
  cancelled: "Hola {nombre}, lo sentimos: {tienda} canceló tu pedido {pedido}. {motivo} {enlace}",
};

export const TEMPLATE_MAX_LENGTH = 500;
/** The placeholders a template may use, as the owner sees them in Configuración. */
export const TEMPLATE_FIELDS = [
  "{nombre}",
  "{pedido}",
  "{tienda}",
  "{total}",
  "{enlace}",
  "{motivo}",
] as const;

export type TemplateValues = {
  customerName: string;
  orderNumber: string;
  storeName: string;
  total: number;
  trackingUrl: string;
  reason?: string;
};

/** The owner's templates over the defaults: an empty or missing one falls back. */
export function resolveTemplates(saved: Partial<Record<string, string>> | null | undefined): StatusTemplates {
  const result = { ...DEFAULT_TEMPLATES };
  for (const kind of Object.keys(DEFAULT_TEMPLATES) as TemplateKind[]) {
    const text = saved?.[kind]?.trim();
    if (text) result[kind] = text;
  }
  return result;
}

export function renderTemplate(template: string, values: TemplateValues): string {
  const firstName = values.customerName.trim().split(/\s+/)[0] ?? "";
  const fields: Record<string, string> = {
    nombre: firstName,
    pedido: values.orderNumber,
    tienda: values.storeName,
    total: formatMoney(values.total),
    enlace: values.trackingUrl,
    motivo: values.reason ? `Motivo: ${values.reason}.` : "",
  };
  return template
    .replace(/\{(nombre|pedido|tienda|total|enlace|motivo)\}/g, (_, key: string) => fields[key]!)
    .replace(/[ \t]{2,}/g, " ")
    .trim();
}

/** wa.me to the shopper's Mexican mobile with the text filled in; null without a 10-digit phone. */
export function customerWhatsappUrl(phone: string, text: string): string | null {
  const digits = phone.replace(/\D/g, "");
  if (digits.length !== 10) return null;
  return `https://wa.me/52${digits}?text=${encodeURIComponent(text)}`;
}

export function trackingPath(storeId: string, orderNumber: string): string {
  return `/s/${storeId}/pedido/${encodeURIComponent(orderNumber)}`;
}

/** What a status message needs beyond the order: the store's name, its texts and its address. */
export type MessageContext = {
  storeId: string;
  storeName: string;
  origin: string;
  templates: StatusTemplates;
};

/**
 * The wa.me link that tells the shopper about one change of their order, with the owner's text
 * for it; null when the order has no 10-digit phone.
 */
export function statusWhatsappUrl(
  kind: TemplateKind,
  order: {
    id: string;
    customerName: string;
    customerPhone: string;
    total: number;
    tip?: number;
    cancelReason?: string;
  },
  context: MessageContext,
): string | null {
  const text = renderTemplate(context.templates[kind], {
    customerName: order.customerName,
    orderNumber: order.id,
    storeName: context.storeName,
    // What the shopper pays: the tip included (./tips.ts).
    total: amountToPay({ total: order.total, tip: order.tip ?? 0 }),
    trackingUrl: `${context.origin}${trackingPath(context.storeId, order.id)}`,
    reason: order.cancelReason,
  });
  return customerWhatsappUrl(order.customerPhone, text);
}
