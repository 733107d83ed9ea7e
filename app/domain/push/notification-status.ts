/**
 * The Notificaciones tab's status of this device: what the
 * browser can do, what the owner allowed, and whether this device is subscribed. Pure, so every
 * case is unit-tested.
 */
export type NotificationStatus =
  "desconocido" | "activadas" | "desactivadas" | "bloqueadas" | "no-compatibles";
export type DeviceFacts = {
  /** Service workers, the Push API and notifications all exist here. */
  supported: boolean;
  permission: NotificationPermission | null;
  /** null while it has not been checked yet. */
  subscribed: boolean | null;
};

export function notificationStatus(device: DeviceFacts): NotificationStatus {
  if (!device.supported) return "no-compatibles";
  if (device.permission === "denied") return "bloqueadas";
  if (device.subscribed === null || device.permission === null) return "desconocido";
  return device.permission === "granted" && device.subscribed ? "activadas" : "desactivadas";
}

export const STATUS_TEXT: Record<NotificationStatus, { label: string; help: string }> = {
  desconocido: { label: "Desconocido", help: "Revisando este dispositivo…" },
  activadas: {
    label: "Activadas en este dispositivo",
    help: "Te avisaremos aquí de cada pedido nuevo, aunque el panel esté cerrado.",
  },
  desactivadas: {
    label: "Desactivadas en este dispositivo",
    help: "Actívalas para enterarte de cada pedido nuevo aunque no tengas el panel abierto.",
  },
  bloqueadas: {
    label: "Bloqueadas por el navegador",
    help: "Para permitirlas otra vez, abre la configuración del sitio (el ícono junto a la dirección) y cambia Notificaciones a «Permitir». Luego vuelve a esta pestaña.",
  },
  "no-compatibles": {
    label: "No compatibles con este navegador",
    help: "En iPhone, primero agrega Tianguis a tu pantalla de inicio (iOS 16.4 o posterior) y ábrelo desde el ícono. En Android, usa Chrome.",
  },
};

/** "Chrome en Android", "Safari en iPhone": how the device list names a browser. */
export function describeDevice(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /SamsungBrowser\//.test(userAgent)
        ? "Samsung Internet"
        : /Chrome\/|CriOS\//.test(userAgent)
          ? "Chrome"
          : /Safari\//.test(userAgent)
            ? "Safari"
            : "Navegador";
  const system = /Android/.test(userAgent)
    ? "Android"
    : /iPhone|iPad|iPod/.test(userAgent)
      ? "iPhone"
      : /Mac OS X/.test(userAgent)
        ? "Mac"
        : /Windows/.test(userAgent)
          ? "Windows"
          : /Linux/.test(userAgent)
            ? "Linux"
            : "otro sistema";
  return `${browser} en ${system}`;
}
