/**
 * No screen writes an error to the browser's console: every public page and every tab of the
 * owner's panel, at 360 px, loaded and hydrated with no user gesture yet (the moment a panel
 * used to call `navigator.vibrate`, which the browser refuses and reports). The panel registers
 * its service worker on the visit itself, so its offline page does not wait for notifications.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createProduct } from "~/db/factories.server";
import { visibleTabs } from "~/domain/team/admin-tabs";
import { newPhonePage, signedInOwner, useBrowser, useE2eDatabase } from "../support/browser";

const browser = useBrowser();
const db = useE2eDatabase();

/**
 * An uploaded picture that another test file replaced or deleted while this page loaded: the
 * files share the demo city with every store the factories make, so a page can name a picture
 * that is gone a moment later. Our own code's errors are what this file is about.
 */
const isPictureGoneMeanwhile = (text: string, resource: string) =>
  text.startsWith("Failed to load resource") &&
  text.includes("404") &&
  new URL(resource).pathname.startsWith("/media/");

/** Every console error and uncaught exception of the page, as text, with the resource it names. */
function consoleErrors(page: Page) {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const resource = message.location().url;
    if (resource && isPictureGoneMeanwhile(message.text(), resource)) return;
    errors.push(`${message.text()} (${resource || page.url()}, on ${page.url()})`);
  });
  page.on("pageerror", (error) => errors.push(`${error.message} (${page.url()})`));
  return errors;
}

describe("the browser's console", () => {
  it("stays clean on every public page", async () => {
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    const errors = consoleErrors(page);
    for (const path of ["/", "/c/aguascalientes", "/panaderia-la-espiga", "/i/login", "/i/signup"]) {
      await page.goto(path);
      await page.waitForLoadState("load");
    }
    // The store page's islands load on first use: open the cart too.
    await page.goto("/panaderia-la-espiga");
    await page.locator("[data-hydrated]").first().waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("stays clean on every tab of the panel, before any tap, and the panel's worker is registered", async () => {
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    const errors = consoleErrors(page);
    const { storeId } = await signedInOwner(page.context(), db, {
      displayName: "Panadería Consola",
      licenceType: "basic",
      licenceExpires: new Date(Date.now() + 30 * 86_400_000),
    });
    await createProduct(db, storeId, { name: "Concha", price: 14 });
    for (const tab of visibleTabs("basic")) {
      await page.goto(`/i/admin?tab=${tab.id}`);
      await page.locator("main[data-hydrated]").waitFor();
      await page.waitForLoadState("load");
    }
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.getRegistration("/i/").then(Boolean)))
      .toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
