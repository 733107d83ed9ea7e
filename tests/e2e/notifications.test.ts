/**
 * Push notifications in the real browser: the owner turns notifications on (the service worker registered,
 * the subscription stored on the server), a push delivered to that worker shows its notification,
 * turning them off removes the device on the server, and a refused permission shows the status.
 *
 * Chromium's own push service is stood in for as tests/support/push-browser.ts says; everything of
 * ours runs for real, and the push reaches our worker through the DevTools protocol, as a push
 * service would deliver it.
 */
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it, inject } from "vitest";
import { pushSubscriptions } from "~/db/schema";
import { signedInOwner, useE2eDatabase } from "../support/browser";
import { deliverPush, pushProfilePage } from "../support/push-browser";
import { startPushEndpoint } from "../support/push-endpoint";

const db = useE2eDatabase();
const baseUrl = inject("baseUrl");
const pushService = await startPushEndpoint();
afterAll(() => pushService.close());

const profilePage = () => pushProfilePage(baseUrl, pushService);

const devicesOf = (storeId: string) =>
  db.select().from(pushSubscriptions).where(eq(pushSubscriptions.storeId, storeId));

describe("notifications", () => {
  it("enable stores the device; a push shows its notification; disable removes the device", async () => {
    const { context, page, subscription, close } = await profilePage();
    await context.grantPermissions(["notifications"], { origin: baseUrl });
    const { storeId } = await signedInOwner(context, db);
    const cdp = await context.newCDPSession(page);
    const registrations: string[] = [];
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations: updated }) => {
      for (const registration of updated) registrations.push(registration.registrationId);
    });
    await cdp.send("ServiceWorker.enable");

    await page.goto("/i/admin?tab=notificaciones");
    await page.locator("main[data-hydrated]").waitFor();
    const status = page.getByTestId("notifications-status");
    await expect.poll(() => status.getAttribute("data-status")).toBe("desactivadas");
    await page.getByRole("button", { name: "Activar notificaciones" }).click();
    await expect.poll(() => status.getAttribute("data-status"), { timeout: 15_000 }).toBe("activadas");
    await page.getByText("Notificaciones activadas en este dispositivo.").waitFor();
    expect(await devicesOf(storeId)).toMatchObject([
      { endpoint: subscription.endpoint, p256dh: subscription.p256dh },
    ]);
    await page
      .getByRole("list", { name: "Dispositivos con notificaciones" })
      .getByText("Chrome en Linux")
      .waitFor();
    const scope = await page.evaluate(
      async () => (await navigator.serviceWorker.getRegistration("/i/"))?.scope,
    );
    expect(scope).toBe(`${baseUrl}/i/`);

    // A push for an order, as the push service hands it to the worker.
    const message = {
      title: "Nuevo pedido",
      body: "Nuevo pedido · Ana · $245.00 · Para recoger",
      tag: "pedido-K7QM-3XRT-9HNPW",
      url: "/i/admin?tab=ordenes_pendientes",
    };
    await expect.poll(() => registrations.length).toBeGreaterThan(0);
    const shown = await deliverPush(page, cdp, {
      origin: baseUrl,
      registrationId: registrations.at(-1)!,
      scope: "/i/",
      message,
    });
    expect(shown).toEqual([{ title: message.title, body: message.body, tag: message.tag, url: message.url }]);

    await page.getByRole("button", { name: "Desactivar" }).click();
    await expect.poll(() => status.getAttribute("data-status")).toBe("desactivadas");
    expect(await devicesOf(storeId)).toEqual([]);
    expect(
      await page.evaluate(async () => Boolean(await navigator.serviceWorker.getRegistration("/i/"))),
    ).toBe(false);
    await close();
  });

  it("Chrome finds the panel installable, from the manifest the admin and login pages link", async () => {
    const { context, page, close } = await profilePage();
    await signedInOwner(context, db);
    const cdp = await context.newCDPSession(page);
    for (const path of ["/i/admin", "/i/login"]) {
      if (path === "/i/login") await context.clearCookies();
      await page.goto(path);
      // What Lighthouse's installability audit asked Chrome (Lighthouse 12 dropped the audit itself).
      const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
        installabilityErrors: { errorId: string }[];
      };
      expect(installabilityErrors, path).toEqual([]);
      const { url, data } = (await cdp.send("Page.getAppManifest")) as { url: string; data?: string };
      expect(url, path).toBe(`${baseUrl}/manifest.webmanifest`);
      const manifest = JSON.parse(data!) as Record<string, unknown>;
      expect(manifest).toMatchObject({ start_url: "/i/admin", scope: "/i/", display: "standalone" });
    }
    await close();
  });

  it("a refused permission shows the status, without an error", async () => {
    const { context, page, close } = await profilePage();
    const { storeId } = await signedInOwner(context, db);
    const browserCdp = await context.browser()?.newBrowserCDPSession();
    const cdp = browserCdp ?? (await context.newCDPSession(page));
    await cdp.send("Browser.setPermission", {
      permission: { name: "notifications" },
      setting: "denied",
      origin: baseUrl,
    });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto("/i/admin?tab=notificaciones");
    await page.locator("main[data-hydrated]").waitFor();
    const status = page.getByTestId("notifications-status");
    await expect.poll(() => status.getAttribute("data-status")).toBe("bloqueadas");
    await page.getByText(/abre la configuración del sitio/).waitFor();
    expect(await page.getByRole("button", { name: "Activar notificaciones" }).count()).toBe(0);
    expect(await page.getByRole("alert").count()).toBe(0);
    expect(errors).toEqual([]);
    expect(await devicesOf(storeId)).toEqual([]);
    await close();
  });
});
