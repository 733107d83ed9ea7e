/** What the owner's order panels say (spec §2, §4, §8); labels and dates are in order-vocabulary.ts. */
export const OWNER_ORDER_MESSAGES = {
  noPending: "No hay órdenes pendientes.",
  noHistory: "No hay órdenes completadas.",
  historyHint: "Haz clic en una orden para ver los detalles.",
  complete: "Marcar como completada",
  cancel: "Cancelar orden",
  confirmCancel: "¿Seguro que quieres cancelar esta orden? Esta acción no se puede deshacer.",
  /** The server's answer when a completion or cancellation fails; the panel only logs it (spec §8). */
  failed: "No se pudo actualizar la orden. Intenta de nuevo.",
} as const;

export const HISTORY_PAGE_SIZE = 50;

/** The chat link for a Mexican mobile number (spec §7: wa.me/52{phone}). */
export function whatsappLink(phone: string): string | null {
  const digits = phone.replace(/\D/g, "");
  return digits.length === 10 ? `https://wa.me/52${digits}` : null;
}
