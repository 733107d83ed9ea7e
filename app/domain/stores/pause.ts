/**
 * "Pausar pedidos": one tap stops new orders, with an optional message for shoppers
 * and an optional automatic end. Pure: the storefront, the admin header and the server share it.
 */
export type PauseState = { pausedAt: Date | string | null; pauseUntil: Date | string | null };

export const PAUSE_DURATIONS = [
  { value: "30", label: "30 minutos" },
  { value: "60", label: "1 hora" },
  { value: "120", label: "2 horas" },
  { value: "", label: "Hasta que la reanude" },
] as const;
export const PAUSE_MESSAGE_MAX_LENGTH = 120;
/** The "minutes" that keep the end already chosen while the owner changes the message. */
export const KEEP_PAUSE_END = "keep";

/** What the admin header says about the pause. */
export const PAUSE_TEXTS = {
  pause: "Pausar pedidos",
  pausing: "Pausando…",
  paused: "Pedidos en pausa",
  resume: "Reanudar",
  resuming: "Reanudando…",
  addDetails: "Agregar mensaje u hora de regreso",
  changeDetails: "Cambiar mensaje u hora de regreso",
  detailsTitle: "Mensaje y hora de regreso",
  detailsHint:
    "Tus clientes ven el mensaje en tu tienda. A la hora que elijas vuelves a recibir pedidos sin hacer nada.",
  messageLabel: "Mensaje para tus clientes (opcional)",
  untilLabel: "¿Cuándo vuelves a recibir pedidos?",
  keepUntil: (time: string) => `A las ${time}, como ya está`,
} as const;

export function isPaused(state: PauseState, now = new Date()): boolean {
  if (!state.pausedAt) return false;
  return state.pauseUntil === null || new Date(state.pauseUntil).getTime() > now.getTime();
}
