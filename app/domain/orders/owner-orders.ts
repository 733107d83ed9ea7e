import type { DeliveryType, OrderStatus } from "~/db/schema";

/** What the owner's order panels show (spec §2, §4): labels and formats, pure. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: "Pendiente",
  completed: "Completada",
  cancelled: "Cancelada",
};

export const DELIVERY_TYPE_LABELS: Record<DeliveryType, string> = {
  pickup: "Recoger en tienda",
  delivery: "Entrega a domicilio",
};

export const OWNER_ORDER_MESSAGES = {
  noPending: "No hay órdenes pendientes.",
  noHistory: "No hay órdenes completadas.",
  historyHint: "Haz clic en una orden para ver los detalles.",
  complete: "Marcar como completada",
  cancel: "Cancelar orden",
  confirmCancel: "¿Seguro que quieres cancelar esta orden? Esta acción no se puede deshacer.",
} as const;

export const HISTORY_PAGE_SIZE = 50;

/** The chat link for a Mexican mobile number (spec §7: wa.me/52{phone}). */
export function whatsappLink(phone: string): string | null {
  const digits = phone.replace(/\D/g, "");
  return digits.length === 10 ? `https://wa.me/52${digits}` : null;
}

/** Dates in the es-ES locale (spec §9), in Mexico's time zone unless told otherwise. */
export function formatOrderDate(value: Date | string | null, timeZone = "America/Mexico_City"): string {
  if (!value) return "—";
  return new Intl.DateTimeFormat("es-ES", { dateStyle: "short", timeStyle: "short", timeZone }).format(
    new Date(value),
  );
}
