/**
 * "Pausar pedidos" (issue 16): one tap stops new orders, with an optional message for shoppers
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

export function isPaused(state: PauseState, now = new Date()): boolean {
  if (!state.pausedAt) return false;
  return state.pauseUntil === null || new Date(state.pauseUntil).getTime() > now.getTime();
}
