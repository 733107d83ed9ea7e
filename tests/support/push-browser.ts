import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { chromium, type CDPSession, type Page } from "playwright-core";
import { expect } from "vitest";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./chromium";
import type { startPushEndpoint } from "./push-endpoint";

/**
 * A phone-sized Chromium page with the Push API, for the owners' notifications and the shoppers'
 * "Avísame" by push. The full browser, not the headless shell the other browser tests drive (the
 * shell has no Push API), and not in incognito, where Chromium has none either: a profile on disk,
 * as an installed app has.
 *
 * Chromium subscribes through Google's push service (FCM), which this machine cannot reach: the
 * page stands in for that one outside service (PushManager.subscribe and getSubscription answer
 * with an FCM endpoint and the keys of a subscription to the local push service of
 * tests/support/push-endpoint.ts). Everything of ours runs for real; a test hands a push to our
 * worker through the DevTools protocol (ServiceWorker.deliverPushMessage), as a push service
 * would deliver it.
 */
export async function pushProfilePage(
  baseUrl: string,
  pushService: Awaited<ReturnType<typeof startPushEndpoint>>,
) {
  const dir = await mkdtemp(path.join(os.tmpdir(), "tianguis-profile-"));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
    baseURL: baseUrl,
    viewport: { width: 360, height: 740 },
    locale: "es-MX",
  });
  const local = pushService.subscribe();
  const subscription = { ...local, endpoint: `https://fcm.googleapis.com/fcm/send/${local.id}` };
  await context.addInitScript((sub) => {
    let current: PushSubscription | null = null;
    PushManager.prototype.subscribe = async function () {
      current = {
        endpoint: sub.endpoint,
        toJSON: () => ({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }),
        unsubscribe: async () => {
          current = null;
          return true;
        },
      } as unknown as PushSubscription;
      return current;
    };
    PushManager.prototype.getSubscription = async function () {
      return current;
    };
  }, subscription);
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    subscription,
    close: async () => {
      await context.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

type Shown = { title: string; body: string; tag: string; url: unknown };

/**
 * Hands a push to the worker of `scope` as a push service would, once it is activated, and answers
 * the notifications it shows. A push reaches only an activated worker: a registration's `active`
 * worker may still be activating (its activate handler claiming the pages), and a push delivered
 * then is dropped, so this waits for "activated" itself. A push service delivers at least once; on
 * a loaded machine Chromium has dropped the first delivery now and then (2 runs in 6), so it is
 * delivered again, up to three times, as a push service would: the message's tag must still make
 * it one notification.
 */
export async function deliverPush(
  page: Page,
  cdp: CDPSession,
  {
    origin,
    registrationId,
    scope,
    message,
  }: { origin: string; registrationId: string; scope: string; message: object },
): Promise<Shown[]> {
  await page.evaluate(async (scope) => {
    const registration = await navigator.serviceWorker.getRegistration(scope);
    const worker = registration?.active ?? registration?.installing ?? registration?.waiting;
    if (!worker || worker.state === "activated") return;
    await new Promise<void>((resolve) =>
      worker.addEventListener("statechange", () => worker.state === "activated" && resolve()),
    );
  }, scope);
  const shown = () =>
    page.evaluate(async (scope) => {
      const registration = await navigator.serviceWorker.getRegistration(scope);
      const notifications = (await registration?.getNotifications()) ?? [];
      return notifications.map(({ title, body, tag, data }) => ({
        title,
        body,
        tag,
        url: (data as { url?: unknown } | null)?.url,
      }));
    }, scope);
  for (let delivery = 1; ; delivery++) {
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin,
      registrationId,
      data: JSON.stringify(message),
    });
    const arrived = await expect
      .poll(async () => (await shown()).length, { timeout: 5_000 })
      .toBeGreaterThan(0)
      .then(
        () => true,
        () => false,
      );
    if (arrived || delivery === 3) break;
  }
  return shown();
}
