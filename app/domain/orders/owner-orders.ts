/** What the owner's order panels say; labels and dates are in order-vocabulary.ts. */
export const OWNER_ORDER_MESSAGES = {
  noPending: "No hay órdenes pendientes.",
  noHistory: "No hay órdenes completadas.",
  historyHint: "Haz clic en una orden para ver los detalles.",
  complete: "Marcar como completada",
  cancel: "Cancelar orden",
  cancelling: "Cancelando…",
  /** Closes the cancel dialog and leaves the order as it was. */
  keepOrder: "No cancelar",
  /** Acknowledges a new order: the panel's alarm stops ringing for it, as the button says. */
  seen: "Visto · apagar alarma",
  confirmCancel: "¿Seguro que quieres cancelar esta orden? Esta acción no se puede deshacer.",
  /** The server's answer when a completion or cancellation fails; the panel only logs it. */
  failed: "No se pudo actualizar la orden. Intenta de nuevo.",
  markPaid: "Marcar pagado",
  cancelReason: "Motivo de la cancelación (opcional; el cliente lo verá)",
} as const;

export const HISTORY_PAGE_SIZE = 50;

/**
 * The pending tab shows the orders due first, this many more at each "Ver más": a store that
 * fell far behind (a busy Saturday, a phone left in a drawer) still reaches every order.
 */
export const PENDING_PAGE_SIZE = 100;

/** How many pending orders the tab shows for its `mostrar` parameter: whole pages, at least one. */
export function pendingShown(parameter: string | null): number {
  const asked = Number(parameter);
  if (!Number.isInteger(asked) || asked < PENDING_PAGE_SIZE) return PENDING_PAGE_SIZE;
  return Math.min(Math.ceil(asked / PENDING_PAGE_SIZE), 1_000) * PENDING_PAGE_SIZE;
}

/** The line under a pending list that does not show every order, and its button. */
export const PENDING_MORE = {
  shown: (shown: number, total: number) =>
    `Se muestran ${shown} de ${total} órdenes pendientes: las que toca entregar primero.`,
  more: (count: number) => `Ver ${count} más`,
  count: (total: number) => (total === 1 ? "1 pendiente" : `${total} pendientes`),
};

/** The history's filter: one status or both, and a range of days (YYYY-MM-DD). */
export type HistoryFilter = {
  status: "all" | "completed" | "cancelled";
  from: string | null;
  to: string | null;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function parseHistoryFilter(params: URLSearchParams): HistoryFilter {
  const status = params.get("estado");
  const day = (value: string | null) =>
    value && DAY.test(value) && !Number.isNaN(Date.parse(value)) ? value : null;
  return {
    status: status === "completed" || status === "cancelled" ? status : "all",
    from: day(params.get("desde")),
    to: day(params.get("hasta")),
  };
}

/** The chat link for a Mexican mobile number: wa.me/52{phone}. */
export function whatsappLink(phone: string): string | null {
  const digits = phone.replace(/\D/g, "");
  return digits.length === 10 ? `https://wa.me/52${digits}` : null;
}
