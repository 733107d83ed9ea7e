/**
 * The browser's side of Web Push: the service worker (scope /i/, so public pages never
 * load it), the permission, and this device's subscription, stored on the server for the signed-in
 * owner. Errors are logged and end in a status, never in an error page.
 */
import { describeDevice, type DeviceFacts } from "~/domain/push/notification-status";
import { registerPushWorker, subscribeBrowser } from "~/lib/browser-push";
import { pushSupported } from "~/lib/push-support";

const SCOPE = "/i/";
export const PUSH_ENDPOINT = "/i/admin/push";

/**
 * The panel's service worker, registered on every visit: the offline page and installing the panel
 * as an app do not wait for notifications to be turned on. A browser without service workers, or
 * one that refuses (a private window), keeps the panel as a plain page.
 */
export function registerPanelWorker() {
  if (typeof window === "undefined" || !("serviceWorker" in navigator)) return;
  registerPushWorker(SCOPE).catch(() => {});
}

async function registration() {
  return navigator.serviceWorker.getRegistration(SCOPE);
}

export async function deviceFacts(): Promise<DeviceFacts> {
  if (!pushSupported()) return { supported: false, permission: null, subscribed: false };
  const subscription = await (await registration())?.pushManager.getSubscription();
  return { supported: true, permission: Notification.permission, subscribed: Boolean(subscription) };
}

async function post(fields: Record<string, string>) {
  const response = await fetch(PUSH_ENDPOINT, {
    method: "POST",
    headers: { Accept: "application/json" },
    body: new URLSearchParams(fields),
  });
  const body = (await response.json().catch(() => null)) as { ok: boolean; message?: string } | null;
  if (!response.ok || !body?.ok) throw new Error(body?.message ?? `HTTP ${response.status}`);
  return body;
}

/** Registers the worker, asks permission, subscribes and stores the subscription on the server. */
export async function enablePush(publicKey: string): Promise<{ message?: string } | undefined> {
  const worker = await registerPushWorker(SCOPE);
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return undefined; // refused: the status says so, and nothing else happens
  const subscription = await subscribeBrowser(worker, publicKey);
  return post({ intent: "subscribe", ...subscription, device: describeDevice(navigator.userAgent) });
}

/** Deletes this device's subscription on the server, unsubscribes and unregisters the worker. */
export async function disablePush(): Promise<void> {
  const worker = await registration();
  const subscription = await worker?.pushManager.getSubscription();
  if (subscription) {
    await post({ intent: "unsubscribe", endpoint: subscription.endpoint });
    await subscription.unsubscribe();
  }
  await worker?.unregister();
}

export const removeDevice = (id: number) => post({ intent: "remove", id: String(id) });
export const sendTestPush = () => post({ intent: "test" });
