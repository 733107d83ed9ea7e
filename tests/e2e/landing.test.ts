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

  it("fits a 360 px screen without horizontal scrolling", async () => {
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    await page.goto("/");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
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
