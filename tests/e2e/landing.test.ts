import { describe, expect, it } from "vitest";
import { expectAccessible, newPhonePage, useBrowser } from "../support/browser";

const browser = useBrowser();

describe("landing page", () => {
  it("renders the sections in order and its three top-bar buttons lead where they should", async () => {
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    await page.goto("/");
    const headings = await page.getByRole("heading", { level: 2 }).allTextContents();
    expect(headings).toEqual([
      "¿Por qué comprar local?",
      "Planes para tu negocio",
      "¿Quién puede abrir una tienda?",
      "Lo que ganas al vender en Tianguis",
      "Descubre lo que se hace cerca de ti",
      "¿Ya tienes tu tienda en Tianguis?",
      "Contacto",
    ]);
    const nav = page.getByRole("navigation", { name: "Principal" });
    await expect(nav.getByRole("link", { name: "Inicia Sesión" }).getAttribute("href")).resolves.toBe(
      "/i/login",
    );
    await expect(nav.getByRole("link", { name: "Regístrate" }).getAttribute("href")).resolves.toBe(
      "/i/signup",
    );
    await expect(nav.getByRole("link", { name: "Explora Tiendas" }).getAttribute("href")).resolves.toBe(
      "/c/aguascalientes",
    );

    await nav.getByRole("link", { name: "Inicia Sesión" }).click();
    await page.waitForURL("**/i/login");
    await page.getByRole("heading", { name: "Inicia Sesión" }).waitFor();

    await page.goto("/");
    await nav.getByRole("link", { name: "Regístrate" }).click();
    await page.waitForURL("**/i/signup");

    await page.goto("/");
    await nav.getByRole("link", { name: "Explora Tiendas" }).click();
    await page.waitForURL("**/c/aguascalientes");
    await page.context().close();
  });

  it("fits a 360 px screen without horizontal scrolling, its icons drawn rather than emoji", async () => {
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    await page.goto("/");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // Without an emoji font an emoji is an empty box: the reasons to buy local and the plans'
    // ticks are drawings.
    expect(await page.locator("body").innerText()).not.toMatch(
      /[\u{1F300}-\u{1FAFF}\u{2600}-\u{27BF}\u{1F000}-\u{1F2FF}]/u,
    );
    const reasons = page.getByRole("region", { name: "¿Por qué comprar local?" }).getByRole("listitem");
    expect(await reasons.count()).toBe(4);
    for (const reason of await reasons.all()) expect(await reason.locator("svg").isVisible()).toBe(true);
    await page.context().close();
  });

  it.each(["/", "/i/login", "/i/signup"])(
    "axe finds no serious or critical violation on %s",
    async (path) => {
      const page = await newPhonePage(browser.browser, browser.baseUrl);
      await page.goto(path);
      await expectAccessible(page);
      await page.context().close();
    },
  );

  it("answers an unknown address with the Spanish 404 page", async () => {
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    const response = await page.goto("/no/existe/esta-pagina");
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: "No encontramos esta página" }).waitFor();
    await page.context().close();
  });
});
