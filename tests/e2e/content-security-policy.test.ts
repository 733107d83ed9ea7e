/**
 * The Content-Security-Policy (docs/decisions/012) blocks nothing of our own. Every kind of page is opened in
 * Chromium (the landing, a city, a store with its island, the panel with its lazily loaded Resumen
 * and its notifications tab) and no violation is reported; an injected inline script is blocked.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createOrder, createProduct } from "~/db/factories.server";
import { newPhonePage, signedInOwner, useBrowser, useE2eDatabase } from "../support/browser";

const browser = useBrowser();
const db = useE2eDatabase();

async function watchViolations(page: Page) {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (message.text().includes("Content Security Policy")) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { cspViolations: string[] }).cspViolations ??= [];
      (window as unknown as { cspViolations: string[] }).cspViolations.push(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber} on ${location.pathname}`,
      );
    });
  });
  return violations;
}

describe("Content-Security-Policy in the browser", () => {
  it("blocks nothing of ours on any kind of page", async () => {
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    const violations = await watchViolations(page);
    const { storeId } = await signedInOwner(page.context(), db, {
      displayName: "Panadería La Espiga",
      settings: { allowPickup: true },
    });
    const concha = await createProduct(db, storeId, { name: "Concha", price: 14 });
    await createOrder(db, storeId, {
      status: "completed",
      lines: [{ productId: concha.id, name: concha.name, unit: "pieza", price: 14, quantity: 2 }],
    });

    await page.goto("/");
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await page.goto("/c/aguascalientes?q=pan");
    await page.locator("main").waitFor();
    await page.goto(`/${storeId}`);
    await page
      .getByRole("button", { name: /Agregar/ })
      .first()
      .click();
    await page.goto("/i/admin?tab=resumen");
    await page.locator("main[data-hydrated]").waitFor();
    await page.getByRole("img", { name: /La hora con más pedidos/ }).waitFor();
    await page.getByRole("link", { name: "Productos" }).click();
    await page.getByRole("heading", { name: "Productos" }).first().waitFor();
    await page.goto("/i/admin?tab=notificaciones");
    await page.locator("main[data-hydrated]").waitFor();
    await page.getByRole("heading", { name: "Tus dispositivos" }).waitFor();

    expect(violations).toEqual([]);
    expect(
      await page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? []),
    ).toEqual([]);
    await page.context().close();
  });

  it("refuses a script injected into the page", async () => {
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    const violations = await watchViolations(page);
    await page.goto("/");
    await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.injected = true";
      document.body.append(script);
    });
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
    await page.context().close();
  });
});
