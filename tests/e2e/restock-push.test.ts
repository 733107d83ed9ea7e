/**
 * "Avísame cuando haya" by Web Push (docs/decisions/030) on a phone: a shopper without an account
 * picks "Avisarme en este navegador" on a sold-out product, the browser's permission is asked, the
 * subscription is kept on the server and the dialog confirms in Spanish; the push, handed to our
 * service worker as a push service would, shows "Ya hay…" with the store's name and the product's
 * page. A lost connection, a browser without push and one that refuses notifications are each told
 * what happened and keep the e-mail.
 *
 * Chromium's own push service is stood in for as tests/support/push-browser.ts says; the local push
 * service only provides the subscription's keys here.
 */
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import { createProduct, createStore } from "~/db/factories.server";
import { restockRequests } from "~/db/schema";
import { RESTOCK_WORDS } from "~/domain/products/restock";
import { restockPush } from "~/domain/push/push-text";
import { randomId } from "~/lib/ids";
import {
  expectAccessible,
  launchBrowser,
  NEGOCIO_PLAN,
  newPhonePage,
  uniqueSuffix,
  useE2eDatabase,
} from "../support/browser";
import { deliverPush, pushProfilePage } from "../support/push-browser";
import { startPushEndpoint } from "../support/push-endpoint";

const db = useE2eDatabase();
const baseUrl = inject("baseUrl");
const pushService = await startPushEndpoint();
afterAll(() => pushService.close());

async function soldOutBakery() {
  const store = await createStore(db, {
    id: `avisa-push-${uniqueSuffix()}`,
    ...NEGOCIO_PLAN,
    displayName: "Panadería La Espiga",
    settings: { allowPickup: true, allowDelivery: false },
  });
  await createProduct(db, store.id, { id: "cuerno", name: "Cuerno", stock: 0 });
  return store;
}

/** The store page once its island runs, and the sold-out Cuerno's "Avísame" dialog opened. */
async function openRestockDialog(page: Page, storeId: string) {
  await page.goto(`/${storeId}`);
  await expect.poll(() => page.getByTestId("cart-status").textContent()).toBe("Carrito: 0 artículos");
  await page
    .getByRole("article", { name: "Cuerno" })
    .getByRole("button", { name: RESTOCK_WORDS.button })
    .click();
  return page.getByRole("dialog", { name: RESTOCK_WORDS.title("Cuerno") });
}

const requestsOf = (storeId: string) =>
  db.select().from(restockRequests).where(eq(restockRequests.storeId, storeId));

describe("Avísame by push", () => {
  it("a shopper at 360 px subscribes this browser on a sold-out product, is told so, and the push shows Ya hay…", async () => {
    const { context, page, subscription, close } = await pushProfilePage(baseUrl, pushService);
    await context.grantPermissions(["notifications"], { origin: baseUrl });
    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string }[] = [];
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations: updated }) =>
      registrations.push(...updated),
    );
    await cdp.send("ServiceWorker.enable");
    const store = await soldOutBakery();
    expect(page.viewportSize()?.width).toBe(360);
    const dialog = await openRestockDialog(page, store.id);
    await dialog.waitFor();
    // Both channels are offered: this browser, or an e-mail.
    await dialog.getByText(RESTOCK_WORDS.orEmail).waitFor();
    await dialog.getByLabel(RESTOCK_WORDS.emailLabel).waitFor();
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // The network fails once on the way: the shopper is told in Spanish and may try again.
    const pushButton = dialog.getByRole("button", { name: RESTOCK_WORDS.pushButton });
    let cut = false;
    await page.route("**/s/*/api", (route) => {
      if (cut || !route.request().postData()?.includes("restock-notice")) return route.continue();
      cut = true;
      return route.abort("internetdisconnected");
    });
    await pushButton.click();
    await dialog.getByRole("alert").getByText(RESTOCK_WORDS.failure).waitFor();
    expect(await requestsOf(store.id)).toEqual([]);

    await pushButton.click();
    await dialog.getByRole("status").getByText(RESTOCK_WORDS.pushDone).waitFor();
    await dialog.getByRole("link", { name: RESTOCK_WORDS.cancelLink }).waitFor();
    expect(await requestsOf(store.id)).toMatchObject([
      {
        productId: "cuerno",
        channel: "push",
        address: subscription.endpoint,
        p256dh: subscription.p256dh,
        auth: subscription.auth,
      },
    ]);
    // The worker is the panel's own file, under a scope no store page is in.
    const scope = await page.evaluate(
      async () => (await navigator.serviceWorker.getRegistration("/i/avisame/"))?.scope,
    );
    expect(scope).toBe(`${baseUrl}/i/avisame/`);
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();

    // Stock is back: the message the server sends, as the push service hands it to the worker.
    const message = restockPush({
      storeId: store.id,
      productId: "cuerno",
      storeName: "Panadería La Espiga",
      productName: "Cuerno",
      url: `${baseUrl}/${store.id}/p/cuerno`,
    });
    await expect.poll(() => registrations.some((r) => r.scopeURL.endsWith("/i/avisame/"))).toBe(true);
    const shown = await deliverPush(page, cdp, {
      origin: baseUrl,
      registrationId: registrations.findLast((r) => r.scopeURL.endsWith("/i/avisame/"))!.registrationId,
      scope: "/i/avisame/",
      message,
    });
    expect(shown).toEqual([
      {
        title: "Ya hay Cuerno",
        body: expect.stringContaining("Panadería La Espiga"),
        tag: message.tag,
        url: `${baseUrl}/${store.id}/p/cuerno`,
      },
    ]);
    await close();
  });

  it("a browser without push is offered the e-mail only", async () => {
    const browser = await launchBrowser();
    const page = await newPhonePage(browser, baseUrl);
    await page.addInitScript(() => {
      delete (window as { PushManager?: unknown }).PushManager;
    });
    const store = await soldOutBakery();
    const dialog = await openRestockDialog(page, store.id);
    await dialog.getByLabel(RESTOCK_WORDS.emailLabel).waitFor();
    expect(await dialog.getByRole("button", { name: RESTOCK_WORDS.pushButton }).count()).toBe(0);
    expect(await dialog.getByText(RESTOCK_WORDS.orEmail).count()).toBe(0);
    await browser.close();
  });

  it("a browser that refuses notifications is told so in Spanish, and the e-mail still works", async () => {
    const { context, page, close } = await pushProfilePage(baseUrl, pushService);
    const cdp = (await context.browser()?.newBrowserCDPSession()) ?? (await context.newCDPSession(page));
    await cdp.send("Browser.setPermission", {
      permission: { name: "notifications" },
      setting: "denied",
      origin: baseUrl,
    });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    const store = await soldOutBakery();
    const dialog = await openRestockDialog(page, store.id);
    await dialog.getByText(RESTOCK_WORDS.pushDenied).waitFor();
    expect(await dialog.getByRole("button", { name: RESTOCK_WORDS.pushButton }).count()).toBe(0);

    const address = `ana-${randomId(6).toLowerCase()}@example.com`;
    await dialog.getByLabel(RESTOCK_WORDS.emailLabel).fill(address);
    await dialog.getByRole("button", { name: RESTOCK_WORDS.send, exact: true }).click();
    await dialog.getByRole("status").getByText(RESTOCK_WORDS.done(address)).waitFor();
    expect(await requestsOf(store.id)).toMatchObject([{ channel: "email", address }]);
    expect(errors).toEqual([]);
    await close();
  });
});
