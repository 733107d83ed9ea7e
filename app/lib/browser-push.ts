/**
 * Web Push in the browser, for every party that subscribes one: the owner's devices (scope /i/,
 * app/components/admin/push-client.ts) and a shopper's "Avísame cuando haya" (scope /i/avisame/,
 * app/components/storefront/restock-push.ts). Both register the one service worker, public/sw.js,
 * under a scope no public page is in, so store pages are never controlled by it.
 */

/** What the server keeps of a subscription: its endpoint and the keys only this browser holds. */
export type BrowserSubscription = { endpoint: string; p256dh: string; auth: string };

export function registerPushWorker(scope: string) {
  return navigator.serviceWorker.register("/sw.js", { scope });
}

function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const padded = (base64url + "=".repeat((4 - (base64url.length % 4)) % 4))
    .replace(/-/g, "+")
    .replace(/_/g, "/");
  const raw = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/**
 * The registration once its worker is active: a subscription needs one. Not
 * `navigator.serviceWorker.ready`, which waits for a worker controlling this page, and a store
 * page is in no worker's scope.
 */
async function activated(registration: ServiceWorkerRegistration) {
  const worker = registration.installing ?? registration.waiting;
  if (registration.active || !worker) return registration;
  await new Promise<void>((resolve, reject) => {
    worker.addEventListener("statechange", () => {
      if (worker.state === "activated") resolve();
      if (worker.state === "redundant") reject(new Error("the service worker did not install"));
    });
  });
  return registration;
}

/** This registration's subscription, made with the server's VAPID key when there is none yet. */
export async function subscribeBrowser(
  registration: ServiceWorkerRegistration,
  publicKey: string,
): Promise<BrowserSubscription> {
  const worker = await activated(registration);
  const subscription =
    (await worker.pushManager.getSubscription()) ??
    (await worker.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: applicationServerKey(publicKey),
    }));
  const { endpoint, keys } = subscription.toJSON();
  return { endpoint: endpoint ?? "", p256dh: keys?.p256dh ?? "", auth: keys?.auth ?? "" };
}
