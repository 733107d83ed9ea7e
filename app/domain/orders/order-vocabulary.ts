/**
 * The words of an order, once for the schema, the owner's panels and the
 * storefront. Pure: the browser bundles it without Drizzle.
 */
import { choiceLines, formatChoices, type ChosenGroup } from "~/domain/products/choices";
import type { ProductUnit } from "~/domain/products/product-units";
import { formatQuantity } from "~/domain/products/quantity";
import { addDays, dateKey, formatLocalTime, localParts } from "~/domain/stores/opening-hours";
export const ORDER_STATUSES = ["pending", "completed", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const DELIVERY_TYPES = ["pickup", "delivery"] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: "Pendiente",
  completed: "Completada",
  cancelled: "Cancelada",
};

export const DELIVERY_LABELS: Record<DeliveryType, string> = {
  pickup: "Recoger en tienda",
  delivery: "Entrega a domicilio",
};

/**
 * The house's one way of writing an instant (an order's, a session's, a line of Actividad): the es-ES
 * locale (the product's fixed choice) on the 24-hour clock ("24/11/26, 0:40", never "12:40 a.m."), in
 * Mexico's time: short in the owner's lists, medium where a date is read beside a sentence, long where
 * a shopper reads one order.
 */
export function formatOrderDate(
  value: Date | string | null,
  dateStyle: "short" | "medium" | "long" = "short",
  timeZone = "America/Mexico_City",
): string {
  if (!value) return "—";
  const key = `${dateStyle} ${timeZone}`;
  let formatter = orderDateFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("es-ES", { dateStyle, timeStyle: "short", timeZone });
    orderDateFormatters.set(key, formatter);
  }
  return formatter.format(new Date(value));
}

/** One formatter per style and zone: making one costs far more than formatting (a panel formats hundreds). */
const orderDateFormatters = new Map<string, Intl.DateTimeFormat>();

const SHORT_WEEKDAYS = ["dom", "lun", "mar", "mié", "jue", "vie", "sáb"];
const SHORT_MONTHS = ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sep", "oct", "nov", "dic"];

/**
 * When a scheduled order is due, as the pending list marks it: "hoy 14:00", "mañana 9:30", or the
 * short date beyond ("sáb 28 nov 14:00"), seen from `now` in the panel's zone.
 */
export function scheduledLabel(value: Date | string, now: Date, timeZone = "America/Mexico_City"): string {
  const at = new Date(value);
  const parts = localParts(at, timeZone);
  const day = dateKey(parts);
  const today = dateKey(localParts(now, timeZone));
  const time = formatLocalTime(at, timeZone);
  if (day === today) return `hoy ${time}`;
  if (day === addDays(today, 1)) return `mañana ${time}`;
  const weekday = SHORT_WEEKDAYS[new Date(`${day}T12:00:00Z`).getUTCDay()];
  return `${weekday} ${parts.day} ${SHORT_MONTHS[parts.month - 1]} ${time}`;
}

/** The name shown for an order whose shopper's data was erased (a request, or a closed store). */
export function customerLabel(customerName: string): string {
  return customerName || "Datos del cliente borrados";
}

type LineWords = {
  name: string;
  variation: string;
  quantity: number;
  unit: string;
  choices?: readonly ChosenGroup[] | null;
};

/**
 * An order line as people write it: "2 × Concha" for pieces, "0.75 kg de Queso Oaxaca" for what
 * is weighed or measured, and the chosen option and choices after a dash ("— Tamaño: Grande ·
 * Extras: Queso"), so an option that has parentheses of its own ("Grande (15 personas)") never
 * ends up inside another pair.
 */
export function orderLineParts(line: LineWords): { product: string; option: string } {
  const unit = line.unit as ProductUnit;
  const product =
    unit === "pieza"
      ? `${line.quantity} × ${line.name}`
      : `${formatQuantity(line.quantity, unit)} de ${line.name}`;
  const option = [line.variation, formatChoices(line.choices)].filter((part) => part !== "").join(" · ");
  return { product, option: option ? ` — ${option}` : "" };
}

/** The line's option and each of its choices, one to a line (the kitchen ticket). */
export function orderLineOptions(line: Pick<LineWords, "variation" | "choices">): string[] {
  return [line.variation, ...choiceLines(line.choices)].filter((part) => part !== "");
}

export function orderLineText(line: LineWords): string {
  const { product, option } = orderLineParts(line);
  return product + option;
}
