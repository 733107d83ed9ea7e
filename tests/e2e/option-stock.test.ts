/**
 * Stock per size option (docs/decisions/034) as a shopper and an owner meet it, on a phone (360 px):
 * a sold-out size is a disabled radio that says "Agotado" (read with it by screen readers), "Agregar"
 * without a size goes to the size that can be chosen, and no more of a size is added than is left;
 * the owner sets a size's stock in the product dialog, with a message beside a wrong amount.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createProduct, createStore } from "~/db/factories.server";
import { products } from "~/db/schema";
import { CHOICE_MESSAGES } from "~/domain/products/choices";
import { STOCK_MESSAGES } from "~/domain/products/product-form";
import {
  expectAccessible,
  NEGOCIO_PLAN,
  newPhonePage,
  signedInOwner,
  uniqueSuffix,
  useBrowser,
  useE2eDatabase,
} from "../support/browser";
import { BAKERY_SIZES } from "../support/choice-groups";

const browser = useBrowser();
const db = useE2eDatabase();

const SIZES = [BAKERY_SIZES];

describe("a size's stock on the store page", () => {
  it("a sold-out size cannot be chosen and says Agotado; Agregar asks for the size left, and adds no more than is left of it", async () => {
    const store = await createStore(db, {
      id: `horno-${uniqueSuffix()}`,
      ...NEGOCIO_PLAN,
      settings: { allowPickup: true, allowDelivery: false },
    });
    await createProduct(db, store.id, {
      id: "concha",
      name: "Concha de vainilla",
      price: 12,
      choiceGroups: SIZES,
      optionStock: { chica: 0, grande: 2 },
      lowStockThreshold: 3,
    });
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    await page.goto(`/${store.id}`);
    const status = page.getByTestId("cart-status");
    await expect.poll(() => status.textContent()).toBe("Carrito: 0 artículos");

    const card = page.getByRole("article", { name: "Concha de vainilla" });
    const chica = card.getByRole("radio", { name: /Chica/ });
    const grande = card.getByRole("radio", { name: /Grande/ });
    expect(await chica.isDisabled()).toBe(true);
    expect(await chica.isChecked()).toBe(false);
    // The reason is read with the radio: its description says "Agotado".
    expect(await chica.getAttribute("aria-describedby")).toBe(
      await card.getByText("Agotado", { exact: true }).getAttribute("id"),
    );
    // Nothing is chosen for the shopper: "Agregar" asks for a size and takes them to the one left.
    expect(await grande.isChecked()).toBe(false);
    await card.getByText("Quedan 2").waitFor();
    await chica.click({ force: true });
    expect(await chica.isChecked()).toBe(false);
    await card.getByRole("button", { name: "Agregar" }).click();
    await card.getByText(CHOICE_MESSAGES.required("Tamaño")).waitFor();
    await expect.poll(() => grande.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await status.textContent()).toBe("Carrito: 0 artículos");
    await page.keyboard.press("Space");
    await expect.poll(() => grande.isChecked()).toBe(true);
    await expect.poll(() => card.getByTestId("product-price").textContent()).toMatch(/^\$18\.00/);
    await card.getByRole("button", { name: "Agregar" }).click();
    await expect.poll(() => status.textContent()).toBe("Carrito: 1 artículo");
    // Two grandes are left: a third is not added, and the card says why.
    await card.getByRole("button", { name: "Agregar" }).click();
    await expect.poll(() => status.textContent()).toBe("Carrito: 2 artículos");
    await card.getByRole("button", { name: /Agregar|¡Agregado!/ }).click();
    await card.getByText("Solo quedan 2 de Concha de vainilla (Grande).").waitFor();
    expect(await status.textContent()).toBe("Carrito: 2 artículos");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(page);
    await page.context().close();
  });
});

describe("the owner's dialog", () => {
  it("a Negocio owner sets a size's stock, with a message beside a wrong amount", async () => {
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    const { storeId } = await signedInOwner(page.context(), db, NEGOCIO_PLAN);
    await createProduct(db, storeId, { name: "Concha", price: 12, choiceGroups: SIZES });
    await page.goto("/i/admin?tab=productos");
    await page.locator("main[data-hydrated]").waitFor();
    await page
      .getByRole("listitem", { name: "Concha" })
      .getByRole("button", { name: /Editar/ })
      .click();
    const dialog = page.getByRole("dialog", { name: "Editar producto" });
    await dialog.waitFor();

    const grande = dialog.getByRole("textbox", { name: "Inventario de Grande" });
    await grande.fill("2.5");
    await dialog.getByRole("button", { name: "Guardar cambios" }).click();
    await expect.poll(() => grande.getAttribute("aria-invalid")).toBe("true");
    await dialog.getByText(STOCK_MESSAGES.stock.whole).waitFor();
    await expect.poll(() => grande.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await grande.fill("5");
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Guardar cambios" }).click();
    await dialog.waitFor({ state: "hidden" });
    await expect
      .poll(
        async () => (await db.select().from(products).where(eq(products.storeId, storeId)))[0]!.optionStock,
      )
      .toEqual({ grande: 5 });
    await page.context().close();
  });
});
