/**
 * The steps of an order between "Pendiente" and its end. The three statuses stay as they are:
 * an order with a step is still pending. Steps go forward only and are all optional:
 * Aceptado, then "Listo para recoger" (pickup) or "En camino" (delivery). Pure: the owner's panel,
 * the tracking page and the server share it.
 */
import type { DeliveryType, OrderStatus } from "./order-vocabulary";

export const ORDER_STEPS = ["accepted", "ready", "on_the_way"] as const;
export type OrderStep = (typeof ORDER_STEPS)[number];

export const STEP_LABELS: Record<OrderStep, string> = {
  accepted: "Aceptado",
  ready: "Listo para recoger",
  on_the_way: "En camino",
};

/** Everything that can happen to an order, as its timeline shows it. */
export const ORDER_EVENT_KINDS = [
  "placed",
  ...ORDER_STEPS,
  "completed",
  "cancelled",
  "transfer_reported",
  "paid",
  "refunded",
] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];

export const EVENT_LABELS: Record<OrderEventKind, string> = {
  placed: "Pedido recibido",
  accepted: "Aceptado",
  ready: "Listo para recoger",
  on_the_way: "En camino",
  completed: "Completada",
  cancelled: "Cancelada",
  transfer_reported: "Transferencia avisada",
  paid: "Pagado",
  refunded: "Reembolsado",
};

export function isOrderStep(value: unknown): value is OrderStep {
  return typeof value === "string" && (ORDER_STEPS as readonly string[]).includes(value);
}

/** The last step for this kind of delivery: ready for pickup, or on the way to the door. */
export function finalStep(deliveryType: DeliveryType): OrderStep {
  return deliveryType === "pickup" ? "ready" : "on_the_way";
}

/** The steps the owner may mark next, in order: forward only, none once the order has ended. */
export function nextSteps(order: {
  status: OrderStatus;
  step: OrderStep | null;
  deliveryType: DeliveryType;
}): OrderStep[] {
  if (order.status !== "pending") return [];
  const last = finalStep(order.deliveryType);
  if (order.step === null) return ["accepted", last];
  if (order.step === "accepted") return [last];
  return [];
}

export function canMarkStep(
  order: { status: OrderStatus; step: OrderStep | null; deliveryType: DeliveryType },
  step: OrderStep,
): boolean {
  return nextSteps(order).includes(step);
}

export const CANCEL_REASON_MAX_LENGTH = 200;
