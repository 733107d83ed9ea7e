/**
 * The words of an order (spec §3, §4, §9), once for the schema, the owner's panels and the
 * storefront. Pure: the browser bundles it without Drizzle.
 */
import type { ProductUnit } from "~/domain/products/product-units";
import { formatQuantity } from "~/domain/products/quantity";
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
 * Dates of orders in the es-ES locale the spec names (§9), in Mexico's time: short in the owner's
 * lists, long where a shopper reads one order.
 */
export function formatOrderDate(
  value: Date | string | null,
  dateStyle: "short" | "long" = "short",
  timeZone = "America/Mexico_City",
): string {
  if (!value) return "—";
  return new Intl.DateTimeFormat("es-ES", { dateStyle, timeStyle: "short", timeZone }).format(
    new Date(value),
  );
}

/** The name shown for an order whose shopper's data was erased (issue 15: a request, or a closed store). */
export function customerLabel(customerName: string): string {
  return customerName || "Datos del cliente borrados";
}

type LineWords = { name: string; variation: string; quantity: number; unit: string };

/**
 * An order line as people write it: "2 × Concha" for pieces, "0.75 kg de Queso Oaxaca" for what
 * is weighed or measured, and the chosen option after a dash, so an option that has parentheses
 * of its own ("Grande (15 personas)") never ends up inside another pair.
 */
export function orderLineParts(line: LineWords): { product: string; option: string } {
  const unit = line.unit as ProductUnit;
  const product =
    unit === "pieza"
      ? `${line.quantity} × ${line.name}`
      : `${formatQuantity(line.quantity, unit)} de ${line.name}`;
  return { product, option: line.variation ? ` — ${line.variation}` : "" };
}

export function orderLineText(line: LineWords): string {
  const { product, option } = orderLineParts(line);
  return product + option;
}
