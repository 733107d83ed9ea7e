/**
 * Pro includes everything Negocio has (docs/decisions/015). A Pro store's owner gets the advanced
 * settings tab and the category selector; its shoppers get the category chips. Emprendedor does not.
 */
import { describe, expect, it } from "vitest";
import { createProduct } from "~/db/factories.server";
import { newPhonePage, signedInOwner, useBrowser, useE2eDatabase } from "../support/browser";

const browser = useBrowser();
const db = useE2eDatabase();
const inAYear = () => new Date(Date.now() + 365 * 86_400_000);

describe("plans", () => {
  it("a Pro store has Negocio's categories: the tab, the product's selector and the storefront chips", async () => {
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    const { storeId } = await signedInOwner(page.context(), db, {
      licenceType: "premier",
      licenceExpires: inAYear(),
      settings: { customCategories: ["Pan", "Café"] },
    });
    await createProduct(db, storeId, { name: "Concha", category: "Pan" });
    await createProduct(db, storeId, { name: "Café de olla", category: "Café" });
    await page.goto("/i/admin?tab=productos");
    await page.locator("main[data-hydrated]").waitFor();
    await page.getByRole("link", { name: "Configuración avanzada" }).waitFor();
    await page.getByRole("button", { name: /Agregar producto/ }).click();
    await page.getByRole("dialog").getByLabel("Categoría").waitFor();

    await page.goto(`/${storeId}`);
    // The chips filter once the store page's island has hydrated.
    await page.locator("[data-hydrated]").waitFor();
    const chips = page.getByRole("group", { name: /Categorías/ });
    await chips.getByRole("button", { name: "Todos" }).waitFor();
    await chips.getByRole("button", { name: "Pan" }).click();
    await expect
      .poll(() => page.getByRole("list", { name: "Productos" }).getByRole("article").count())
      .toBe(1);
    await page.context().close();
  });

  it("an Emprendedor store has none of them", async () => {
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    const { storeId } = await signedInOwner(page.context(), db, { settings: { customCategories: ["Pan"] } });
    await createProduct(db, storeId, { name: "Concha", category: "Pan" });
    await page.goto("/i/admin?tab=productos");
    await page.locator("main[data-hydrated]").waitFor();
    expect(await page.getByRole("link", { name: "Configuración avanzada" }).count()).toBe(0);
    await page.goto(`/${storeId}`);
    await page.getByRole("list", { name: "Productos" }).waitFor();
    expect(await page.getByRole("button", { name: "Todos" }).count()).toBe(0);
    await page.context().close();
  });
});
