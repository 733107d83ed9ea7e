/**
 * The share kit in the real browser: the owner downloads the counter poster, copies a
 * product's own link, and that link opens the store with the product first.
 */
import { describe, expect, it } from "vitest";
import { createProduct } from "~/db/factories.server";
import {
  expectAccessible,
  newPhonePage,
  signedInOwner,
  useBrowser,
  useE2eDatabase,
} from "../support/browser";

const browser = useBrowser();
const db = useE2eDatabase();

describe("share kit", () => {
  it("Configuración offers the poster, the QR and ready texts, accessible at 360 px", async () => {
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    const { storeId } = await signedInOwner(page.context(), db);
    await page.goto("/i/admin?tab=configuracion");
    await page.locator("main[data-hydrated]").waitFor();
    const panel = page.getByRole("region", { name: "Comparte tu tienda" });
    const qr = panel.getByRole("img", { name: /Código QR de/ });
    await qr.scrollIntoViewIfNeeded();
    await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    expect(await panel.getByLabel("Texto para tu estado de WhatsApp").inputValue()).toContain(
      `${browser.baseUrl}/${storeId}`,
    );
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      panel.getByRole("link", { name: "Descargar Cartel A4 (PDF)" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`cartel-${storeId}-a4.pdf`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await page.context().close();
  });

  it("Compartir copies the product's own link, which opens the store with that product first", async () => {
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: browser.baseUrl });
    const { storeId } = await signedInOwner(page.context(), db);
    await createProduct(db, storeId, { name: "Concha" });
    const product = await createProduct(db, storeId, { name: "Oreja" });
    await page.goto("/i/admin?tab=productos");
    await page.locator("main[data-hydrated]").waitFor();
    // No share sheet on desktop Chromium: the link is copied.
    await page.evaluate(() => Object.defineProperty(navigator, "share", { value: undefined }));
    await page.getByRole("button", { name: "Compartir Oreja" }).click();
    await page.getByText("¡Enlace copiado!").waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(`${browser.baseUrl}/${storeId}/p/${product.id}`);

    await page.goto(link);
    const first = page.getByRole("list", { name: "Productos" }).getByRole("article").first();
    expect(await first.getByRole("heading").textContent()).toBe("Oreja");
    await first.getByText("Te compartieron este producto").waitFor();
    await page.context().close();
  });
});
