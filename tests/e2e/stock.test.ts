/**
 * Stock as a shopper and an owner meet it, on a phone: a sold-out product stays on the page as
 * "Agotado" with nothing to add, "Quedan N" under the owner's threshold, "Agregar" and the cart's
 * stepper stopping at what is left, the order's refusal said in the cart when less is left by
 * then, and the owner setting stock in the product dialog.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createProduct, createStore } from "~/db/factories.server";
import { orders, products } from "~/db/schema";
import { STOCK_MESSAGES } from "~/domain/products/product-form";
import { STOCK_WORDS } from "~/domain/products/stock";
import {
  expectAccessible,
  NEGOCIO_PLAN,
  newPhonePage,
  signedInOwner,
  uniqueSuffix,
  useBrowser,
  useE2eDatabase,
} from "../support/browser";

const browser = useBrowser();
const db = useE2eDatabase();

describe("stock on the store page", () => {
  it("shows Agotado with nothing to add, Quedan N under the threshold, adds no more than is left, and says what is left when an order asks for more", async () => {
    const store = await createStore(db, {
      id: `horno-${uniqueSuffix()}`,
      ...NEGOCIO_PLAN,
      settings: { allowPickup: true, allowDelivery: false },
    });
    await createProduct(db, store.id, { id: "cuerno", name: "Cuerno", stock: 0, dailyStock: 24 });
    const oreja = await createProduct(db, store.id, {
      id: "oreja",
      name: "Oreja",
      stock: 3,
      lowStockThreshold: 5,
    });
    await createProduct(db, store.id, { id: "bolillo", name: "Bolillo", stock: 50, lowStockThreshold: 5 });
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    await page.goto(`/${store.id}`);
    await expect.poll(() => page.getByTestId("cart-status").textContent()).toBe("Carrito: 0 artículos");

    const cuerno = page.getByRole("article", { name: "Cuerno" });
    await cuerno.getByText(STOCK_WORDS.soldOut).waitFor();
    expect(await cuerno.getByRole("button", { name: "Agregar" }).count()).toBe(0);
    const orejaCard = page.getByRole("article", { name: "Oreja" });
    await orejaCard.getByText("Quedan 3").waitFor();
    // Plenty left: nothing said.
    const bolillo = page.getByRole("article", { name: "Bolillo" });
    expect(await bolillo.textContent()).not.toMatch(/Quedan|Agotado/);
    await expectAccessible(page);

    // Three orejas are left: a fourth is not added, and the card says why.
    for (let i = 0; i < 3; i++) await orejaCard.getByRole("button", { name: "Agregar" }).click();
    await expect.poll(() => page.getByTestId("cart-status").textContent()).toBe("Carrito: 3 artículos");
    await orejaCard.getByRole("button", { name: "Agregar" }).click();
    await orejaCard.getByText("Solo quedan 3 de Oreja.").waitFor();
    expect(await page.getByTestId("cart-status").textContent()).toBe("Carrito: 3 artículos");

    // Nor does the cart's stepper go past three, by + or typed; it says why next to the line.
    await page.getByRole("tab", { name: /Carrito/ }).click();
    const quantity = page.getByLabel("Cantidad de Oreja");
    await expect.poll(() => quantity.inputValue()).toBe("3");
    await page.getByRole("button", { name: "Agregar uno de Oreja" }).click();
    const cart = page.getByRole("region", { name: "Tu carrito" });
    await cart.getByText("Solo quedan 3 de Oreja.").waitFor();
    expect(await quantity.inputValue()).toBe("3");
    expect(await page.getByLabel("Subtotal de Oreja").textContent()).toBe("$150.00");
    await quantity.fill("5");
    await cart.getByRole("button", { name: "Usar 3 piezas" }).waitFor();
    expect(await page.getByTestId("cart-status").textContent()).toBe("Carrito: 3 artículos");
    await cart.getByRole("button", { name: "Usar 3 piezas" }).click();
    await expect.poll(() => quantity.inputValue()).toBe("3");
    await expectAccessible(page);

    // Another shopper takes one meanwhile: the order's refusal is the last word, and nothing is stored.
    await db
      .update(products)
      .set({ stock: 2 })
      .where(and(eq(products.storeId, store.id), eq(products.id, oreja.id)));
    await page.getByLabel("Nombre").fill("Ana López");
    await page.getByRole("button", { name: /Hacer pedido/ }).click();
    await page.getByText("Solo quedan 2 de Oreja.").waitFor();
    expect(await db.select().from(orders).where(eq(orders.storeId, store.id))).toHaveLength(0);

    // Two go through, and the page then says Agotado.
    await page.getByRole("button", { name: "Quitar uno de Oreja" }).click();
    await page.getByRole("button", { name: /Hacer pedido/ }).click();
    await expect.poll(() => page.getByRole("heading", { name: "¡Pedido recibido!" }).isVisible()).toBe(true);
    const [left] = await db
      .select({ stock: products.stock })
      .from(products)
      .where(and(eq(products.storeId, store.id), eq(products.id, oreja.id)));
    expect(left!.stock).toBe(0);
    await page.goto(`/${store.id}`);
    await page.getByRole("article", { name: "Oreja" }).getByText(STOCK_WORDS.soldOut).waitFor();
    await page.context().close();
  });
});

describe("stock in the owner's product dialog", () => {
  it("a Negocio owner sets Inventario and «Quedan N», with a message beside a wrong field", async () => {
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    const { storeId } = await signedInOwner(page.context(), db, NEGOCIO_PLAN);
    await createProduct(db, storeId, { name: "Concha", price: 14 });
    await page.goto("/i/admin?tab=productos");
    await page.locator("main[data-hydrated]").waitFor();
    await page
      .getByRole("listitem", { name: "Concha" })
      .getByRole("button", { name: /Editar/ })
      .click();
    const dialog = page.getByRole("dialog", { name: "Editar producto" });
    await dialog.waitFor();

    await dialog.getByLabel("Inventario", { exact: true }).fill("2.5");
    await dialog.getByRole("button", { name: "Guardar cambios" }).click();
    const stockField = dialog.getByLabel("Inventario", { exact: true });
    await expect.poll(() => stockField.getAttribute("aria-invalid")).toBe("true");
    await dialog.getByText(STOCK_MESSAGES.stock.whole).waitFor();
    await expect.poll(() => stockField.evaluate((element) => element === document.activeElement)).toBe(true);

    await stockField.fill("4");
    await dialog.getByLabel("Inventario diario").fill("40");
    await dialog.getByLabel("Avisar «Quedan N» desde").fill("5");
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Guardar cambios" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.getByRole("listitem", { name: "Concha" }).getByText("Quedan 4").waitFor();
    const [saved] = await db.select().from(products).where(eq(products.storeId, storeId));
    expect(saved).toMatchObject({ stock: 4, dailyStock: 40, lowStockThreshold: 5 });
    expect(saved!.stockRefilledAt).toBeInstanceOf(Date);

    await page.goto(`/${storeId}`);
    await page.getByRole("article", { name: "Concha" }).getByText("Quedan 4").waitFor();
    await page.context().close();
  });

  it("an Emprendedor owner sees the stock fields switched off, and why", async () => {
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    await signedInOwner(page.context(), db);
    await page.goto("/i/admin?tab=productos");
    await page.locator("main[data-hydrated]").waitFor();
    await page.getByRole("button", { name: "Agregar producto" }).click();
    const dialog = page.getByRole("dialog", { name: "Agregar producto" });
    await dialog.getByText(STOCK_WORDS.plan).waitFor();
    for (const label of ["Inventario", "Inventario diario", "Avisar «Quedan N» desde"])
      expect(await dialog.getByLabel(label, { exact: true }).isDisabled()).toBe(true);
    await page.context().close();
  });
});
