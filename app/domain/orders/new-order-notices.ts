/**
 * What a new order says to its store: the push to each device (one `tag` per order, so a retried
 * push replaces itself) and the e-mail for an owner who asked for one per order, in Spanish. Pure:
 * the order's side effects queue them (place-order/side-effects.server.ts,
 * new-order-mail.server.ts); the channels deliver them (app/domain/push, app/domain/mail).
 */
import { composeMail } from "~/domain/mail/mail-text";
import { formatMoney } from "~/domain/money/money";
import { formatChoices, type ChosenGroup } from "~/domain/products/choices";
import type { ProductUnit } from "~/domain/products/product-units";
import { formatQuantity } from "~/domain/products/quantity";
import { discountText, type AppliedDiscount } from "~/domain/promotions/promotions";
import { PENDING_ORDERS_URL, type PushMessage } from "~/domain/push/push-text";
import type { DeliveryType } from "./order-vocabulary";
import { amountToPay, tipLabel } from "./tips";

/**
 * The order's total and, when the shopper left one, its tip apart ("$245.50 + propina $24.55"):
 * the tip is never part of `total` (./tips.ts), and an owner reads both at a glance.
 */
function totalAndTip(order: { total: number; tip?: number }) {
  const tip = order.tip ?? 0;
  return tip > 0 ? `${formatMoney(order.total)} + propina ${formatMoney(tip)}` : formatMoney(order.total);
}

export function newOrderPush(order: {
  number: string;
  customerName: string;
  total: number;
  tip?: number;
  deliveryType: DeliveryType;
}): PushMessage {
  const firstName = order.customerName.trim().split(/\s+/)[0] ?? "";
  const delivery = order.deliveryType === "pickup" ? "Para recoger" : "A domicilio";
  return {
    title: "Nuevo pedido",
    body: `Nuevo pedido · ${firstName} · ${totalAndTip(order)} · ${delivery}`,
    tag: `pedido-${order.number}`,
    url: PENDING_ORDERS_URL,
  };
}

export const NEW_ORDER_EMAIL_MESSAGES = {
  label: "Avisarme por correo de cada pedido nuevo",
  hint: (email: string) =>
    `Además de las notificaciones, te enviaremos un correo a ${email} con cada pedido.`,
  on: (email: string) => `Listo: te avisaremos de cada pedido nuevo en ${email}.`,
  off: "Ya no te enviaremos un correo por cada pedido.",
  failed: "No se pudo guardar el aviso por correo. Intenta de nuevo.",
} as const;

export type NewOrderFacts = {
  storeName: string;
  number: string;
  customerName: string;
  total: number;
  deliveryType: DeliveryType;
  /** Each line with its choices, if any ("— Tamaño: Grande · Extras: Queso"). */
  lines: { name: string; quantity: number; unit: ProductUnit; choices?: ChosenGroup[] }[];
  /** Its offers' and code's discounts, each its own line (docs/decisions/036). */
  discounts?: Pick<AppliedDiscount, "kind" | "name" | "amount">[];
  /** Propina (./tips.ts), apart from `total`. */
  tip?: number;
  tipPercent?: number | null;
};

export function newOrderMail(to: string, order: NewOrderFacts, panelUrl: string) {
  const firstName = order.customerName.trim().split(/\s+/)[0] ?? "";
  const delivery = order.deliveryType === "pickup" ? "Para recoger" : "A domicilio";
  const lines = order.lines
    .map((line) => {
      const choices = formatChoices(line.choices);
      return `• ${formatQuantity(line.quantity, line.unit)} · ${line.name}${choices ? ` — ${choices}` : ""}`;
    })
    .join("\n");
  const discounts = (order.discounts ?? []).map((discount) => `• ${discountText(discount)}`).join("\n");
  return composeMail({
    to,
    fromName: order.storeName,
    subject: `Nuevo pedido ${order.number} · ${totalAndTip(order)}`,
    paragraphs: [
      `Tienes un pedido nuevo en ${order.storeName}.`,
      `Pedido ${order.number} · ${firstName} · ${formatMoney(order.total)} · ${delivery}`,
      lines,
      ...(discounts ? [discounts] : []),
      ...((order.tip ?? 0) > 0
        ? [
            `${tipLabel(order.tipPercent ?? null)}: ${formatMoney(order.tip!)} · Total a pagar: ${formatMoney(amountToPay({ total: order.total, tip: order.tip! }))}`,
          ]
        : []),
    ],
    action: { label: "Ver el pedido en tu panel", url: panelUrl },
    after: [
      "Recibes este correo porque activaste «Avisarme por correo de cada pedido nuevo». Puedes apagarlo en la pestaña Notificaciones de tu panel.",
    ],
  });
}
