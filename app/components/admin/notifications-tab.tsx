import { useCallback, useEffect, useState } from "react";
import { formatOrderDate } from "~/domain/orders/order-vocabulary";
import { PUSH_MESSAGES } from "~/domain/push/push-messages";
import { notificationStatus, STATUS_TEXT, type NotificationStatus } from "~/domain/push/notification-status";
import {
  deviceFacts,
  disablePush,
  enablePush,
  PUSH_ENDPOINT,
  removeDevice,
  sendTestPush,
} from "./push-client";
import { NewOrderEmailCard } from "./new-order-email-card";

type Device = {
  id: number;
  device: string;
  endpoint: string;
  createdAt: string;
  lastNotification: { delivered: boolean; at: string } | null;
};
type Settings = { publicKey: string; devices: Device[] };

/**
 * Notificaciones: how to install the app, this device's status in words,
 * Activar / Desactivar, the owner's devices with "Quitar", and a test notification to all of them.
 */
export function NotificationsTab({ emailNewOrders }: { emailNewOrders: boolean | null }) {
  const [status, setStatus] = useState<NotificationStatus>("desconocido");
  const [settings, setSettings] = useState<Settings | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const refresh = useCallback(async () => {
    setStatus(notificationStatus(await deviceFacts()));
    const response = await fetch(PUSH_ENDPOINT, { headers: { Accept: "application/json" } });
    if (response.ok) setSettings((await response.json()) as Settings);
  }, []);

  useEffect(() => {
    refresh().catch((error) => console.error("Notifications status failed:", error));
  }, [refresh]);

  async function run(action: () => Promise<unknown>, success?: string) {
    setBusy(true);
    setMessage(null);
    try {
      const result = (await action()) as { message?: string } | undefined;
      const text = result?.message ?? success;
      if (text) setMessage({ ok: true, text });
    } catch (error) {
      // Notification errors are only logged, never an error page; the owner sees the status and may retry.
      console.error("Notifications error:", error);
      setMessage({ ok: false, text: PUSH_MESSAGES.failed });
    } finally {
      setBusy(false);
      await refresh().catch(() => {});
    }
  }

  const text = STATUS_TEXT[status];
  return (
    <section aria-labelledby="notifications-title" className="space-y-4">
      <h2 id="notifications-title" className="text-xl font-bold">
        Notificaciones
      </h2>
      <div className="space-y-3 rounded-xl bg-white p-4 ring-1 ring-stone-200">
        <p>
          <span className="text-sm text-stone-600">Estado en este dispositivo: </span>
          <strong data-testid="notifications-status" data-status={status}>
            {text.label}
          </strong>
        </p>
        <p className="text-sm text-stone-700">{text.help}</p>
        <div className="flex flex-wrap gap-2">
          {status === "activadas" ? (
            <button
              type="button"
              disabled={busy}
              onClick={() => run(disablePush, PUSH_MESSAGES.disabled)}
              className="rounded-lg border border-stone-300 px-4 py-2.5 font-semibold hover:bg-stone-100 disabled:opacity-70"
            >
              Desactivar
            </button>
          ) : status === "desactivadas" || status === "desconocido" ? (
            <button
              type="button"
              disabled={busy || !settings}
              onClick={() => settings && run(() => enablePush(settings.publicKey))}
              className="rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
            >
              {busy ? "Activando…" : "Activar notificaciones"}
            </button>
          ) : null}
          {settings && settings.devices.length > 0 ? (
            <button
              type="button"
              disabled={busy}
              onClick={() => run(sendTestPush)}
              className="rounded-lg border border-stone-300 px-4 py-2.5 font-semibold hover:bg-stone-100 disabled:opacity-70"
            >
              Enviar notificación de prueba
            </button>
          ) : null}
        </div>
        <p
          aria-live="polite"
          className={message?.ok === false ? "text-sm text-red-800" : "text-sm text-green-800"}
        >
          {message?.text ?? ""}
        </p>
      </div>

      {emailNewOrders === null ? null : <NewOrderEmailCard enabled={emailNewOrders} />}

      <div className="rounded-xl bg-white p-4 ring-1 ring-stone-200">
        <h3 className="font-semibold">Tus dispositivos</h3>
        {settings === null ? (
          <p className="mt-2 text-sm text-stone-600">Cargando dispositivos…</p>
        ) : settings.devices.length === 0 ? (
          <p className="mt-2 text-sm text-stone-600">{PUSH_MESSAGES.noDevices}</p>
        ) : (
          <ul aria-label="Dispositivos con notificaciones" className="mt-2 divide-y divide-stone-200">
            {settings.devices.map((device) => (
              <li key={device.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <span className="block font-medium">{device.device || "Navegador"}</span>
                  <span className="block text-xs text-stone-600">
                    Agregado {formatOrderDate(device.createdAt)} · Última notificación:{" "}
                    {device.lastNotification
                      ? `${device.lastNotification.delivered ? PUSH_MESSAGES.delivered : PUSH_MESSAGES.notDelivered} (${formatOrderDate(device.lastNotification.at)})`
                      : "ninguna todavía"}
                  </span>
                </span>
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => run(() => removeDevice(device.id))}
                  aria-label={`Quitar ${device.device || "dispositivo"}`}
                  className="rounded-lg border border-stone-300 px-3 py-1.5 text-sm font-medium hover:bg-stone-100"
                >
                  Quitar
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <div className="rounded-xl bg-white p-4 ring-1 ring-stone-200">
          <h3 className="font-semibold">iPhone (iOS 16.4 o posterior)</h3>
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-stone-800">
            <li>Abre el panel en Safari.</li>
            <li>Toca el botón Compartir.</li>
            <li>Elige «Agregar a pantalla de inicio».</li>
            <li>Abre Tianguis desde el ícono, entra a Notificaciones y toca «Activar notificaciones».</li>
          </ol>
        </div>
        <div className="rounded-xl bg-white p-4 ring-1 ring-stone-200">
          <h3 className="font-semibold">Android</h3>
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-stone-800">
            <li>Abre el panel en Chrome.</li>
            <li>Toca el menú ⋮ y elige «Instalar aplicación».</li>
            <li>Abre Tianguis desde el ícono.</li>
            <li>Toca «Activar notificaciones» y permite las notificaciones.</li>
          </ol>
        </div>
      </div>
    </section>
  );
}
