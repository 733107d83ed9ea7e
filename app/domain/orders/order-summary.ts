import type { DeliveryType, OrderStatus, ProductUnit } from "~/db/schema";

/** What a shopper may see of an order: never the customer's name or phone. */
export type OrderSummaryLine = {
  name: string;
  variation: string;
  quantity: number;
  unit: ProductUnit;
  price: number;
};
export type OrderSummary = {
  number: string;
  status: OrderStatus;
  createdAt: string;
  deliveryType: DeliveryType;
  address: string;
  comments: string;
  total: number;
  lines: OrderSummaryLine[];
};

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: "Pendiente",
  completed: "Completada",
  cancelled: "Cancelada",
};

/** Dates of orders, in the es-ES locale the spec names (§9), in Mexico's time. */
export function formatOrderDate(iso: string, timeZone = "America/Mexico_City"): string {
  return new Intl.DateTimeFormat("es-ES", { dateStyle: "long", timeStyle: "short", timeZone }).format(
    new Date(iso),
  );
}
