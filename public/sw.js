// Tianguis's service worker, registered by the admin panel with scope /i/ and by a shopper's
// "Avísame cuando haya" with scope /i/avisame/, so public pages never load it. It shows an order's
// push (bringing the panel forward when tapped) or a shopper's "Ya hay…" (opening the product's
// page in the store), and serves a small Spanish page for the panel when there is no network.
const OFFLINE_URL = "/offline.html";
const CACHE = "tianguis-admin-v1";
const PENDING_URL = "/i/admin?tab=ordenes_pendientes";

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([OFFLINE_URL, "/icons/icon-192.png"]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("push", (event) => {
  let message = {
    title: "Tianguis",
    body: "Tienes novedades en tu tienda.",
    tag: "tianguis",
    url: PENDING_URL,
  };
  try {
    message = { ...message, ...event.data.json() };
  } catch {
    // A push without a readable payload still tells the owner to look.
  }
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      // One tag per order: a retried push replaces its notification instead of adding one.
      tag: message.tag,
      renotify: true,
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      lang: "es-MX",
      data: { url: message.url },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || PENDING_URL, self.location.origin);
  const forPanel = target.origin === self.location.origin && target.pathname.startsWith("/i/admin");
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const panel = windows.find((client) => new URL(client.url).pathname.startsWith("/i/admin"));
      if (forPanel && panel) {
        return panel.focus().then((focused) => focused.navigate(target.href).catch(() => focused));
      }
      // A shopper's product page: its own window, never the panel's.
      return self.clients.openWindow(target.href);
    }),
  );
});

// Only page loads of the panel: anything else goes to the network untouched.
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.mode !== "navigate" || !new URL(request.url).pathname.startsWith("/i/admin")) return;
  event.respondWith(fetch(request).catch(() => caches.match(OFFLINE_URL)));
});
