/** What the Notificaciones tab says (spec §2, §4 "Notifications"), kept together. */
export const PUSH_MESSAGES = {
  enabled: "Notificaciones activadas en este dispositivo.",
  disabled: "Notificaciones desactivadas en este dispositivo.",
  removed: "Dispositivo eliminado.",
  testSent: (devices: number) =>
    devices === 1
      ? "Enviamos una notificación de prueba a 1 dispositivo."
      : `Enviamos una notificación de prueba a ${devices} dispositivos.`,
  noDevices: "Todavía no hay dispositivos con notificaciones activadas.",
  failed: "No se pudieron actualizar las notificaciones. Intenta de nuevo.",
  invalid: "Este navegador envió una suscripción que no pudimos leer.",
} as const;
