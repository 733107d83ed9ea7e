/**
 * Whether this browser can receive Web Push: a light check that pages may load up front, apart
 * from the code that registers the service worker (app/lib/browser-push.ts), which a public page
 * loads only when the shopper asks for it.
 */
export function pushSupported(): boolean {
  return (
    typeof window !== "undefined" &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window
  );
}
