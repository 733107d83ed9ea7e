/** What the Notificaciones tab says, kept together. */
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
  unsupportedService:
    "Este navegador usa un servicio de notificaciones que no podemos usar. Prueba con Chrome, Firefox, Edge o Safari.",
  otherAccount:
    "Este dispositivo ya recibe las notificaciones de otra cuenta. Desactívalas allá o activa las notificaciones en otro navegador.",
  /** How the device list says what happened to the last notification: never why it failed. */
  delivered: "entregada",
  notDelivered: "no se pudo entregar",
} as const;
