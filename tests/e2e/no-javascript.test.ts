/**
 * The public pages are whole without JavaScript — a shopper on a phone that has not run a
 * script yet (or never will) goes from the landing to a city, searches it, opens a store and sees its
 * products, and follows an order on a tracking page that promises nothing it cannot do; and with
 * JavaScript the store page's cart, whose code now loads on first use, still works.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createOrder, createProduct, createStore } from "~/db/factories.server";
import { orders } from "~/db/schema";
import { expectAccessible, uniqueSuffix, useBrowser, useE2eDatabase } from "../support/browser";
import { expectFits } from "../support/layout";

const browser = useBrowser();
const db = useE2eDatabase();

describe("without JavaScript", () => {
  it("the landing leads to the city, whose search finds a product that opens its store", async () => {
    const suffix = uniqueSuffix();
    const store = await createStore(db, {
      id: `sinjs-${suffix}`,
      displayName: `Tortillería Sin JS ${suffix}`,
    });
    await createProduct(db, store.id, { name: `Tortillas de maíz ${suffix}`, price: 22, unit: "kg" });

    const context = await browser.browser.newContext({
      baseURL: browser.baseUrl,
      javaScriptEnabled: false,
      viewport: { width: 360, height: 740 },
    });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });

    await page.goto("/");
    await page
      .getByRole("navigation", { name: "Principal" })
      .getByRole("link", { name: "Explora Tiendas" })
      .click();
    await page.waitForURL("**/c/aguascalientes");
    await page.getByRole("heading", { level: 1, name: "Tiendas de Aguascalientes" }).waitFor();

    await page.getByRole("searchbox", { name: "Buscar productos" }).fill(`tortillas de maiz ${suffix}`);
    await page.getByRole("button", { name: "Buscar", exact: true }).click();
    await page.waitForURL(/\?q=/);
    const result = page.getByRole("list", { name: "Resultados de la búsqueda" }).getByRole("link");
    await expect(result.count()).resolves.toBe(1);
    await result.click();
    await page.waitForURL(`**/${store.id}`);
    await page.getByText(`Tortillas de maíz ${suffix}`).first().waitFor();
    await expect(page.getByText("$22.00").first().isVisible()).resolves.toBe(true);

    // The store's page links back to the directory as plain links do.
    await page.getByRole("link", { name: "Descubre más tiendas en Aguascalientes" }).click();
    await page.waitForURL("**/c/aguascalientes");
    expect(scripts).toEqual([]);
    await context.close();
  });

  it("the login form signs in as a plain form, and keeps the address after a wrong password", async () => {
    const context = await browser.browser.newContext({ baseURL: browser.baseUrl, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/i/login");
    await page.getByPlaceholder("Correo electrónico").fill("nadie@example.com");
    await page.getByPlaceholder("Contraseña").fill("no-es-esta-123");
    await page.getByRole("button", { name: "Entrar" }).click();
    await page.getByText("Correo o contraseña incorrectos.").waitFor();
    await expect(page.getByPlaceholder("Correo electrónico").inputValue()).resolves.toBe("nadie@example.com");
    await context.close();
  });
});

/** A pending pickup order paid by transfer, in a store with its bank details and pickup address. */
async function transferOrder() {
  const store = await createStore(db, {
    displayName: `Panadería Transferencia ${uniqueSuffix()}`,
    settings: {
      allowPickup: true,
      pickupAddress: "Calle Juan de Montoro 214, Zona Centro",
      paymentMethods: ["transfer"],
      bankName: "BBVA",
      bankAccountHolder: "Lupe Martínez",
      clabe: "002115016003269411",
    },
  });
  const concha = await createProduct(db, store.id, { name: "Concha", price: 14 });
  const order = await createOrder(db, store.id, {
    lines: [{ productId: concha.id, name: concha.name, price: concha.price, unit: concha.unit }],
  });
  await db
    .update(orders)
    .set({ paymentMethod: "transfer" })
    .where(and(eq(orders.storeId, store.id), eq(orders.id, order.id)));
  return `/s/${store.id}/pedido/${order.id}`;
}

describe("the tracking page", () => {
  it("without JavaScript promises no live updates and has no copy button: the CLABE is text to select", async () => {
    const path = await transferOrder();
    const context = await browser.browser.newContext({
      baseURL: browser.baseUrl,
      javaScriptEnabled: false,
      viewport: { width: 360, height: 740 },
    });
    const page = await context.newPage();
    await page.goto(path);
    await expect(page.getByTestId("tracking-state").textContent()).resolves.toBe("Pendiente");
    expect(await page.getByText("Esta página se actualiza sola.").count()).toBe(0);
    expect(await page.getByRole("button", { name: "Copiar CLABE" }).count()).toBe(0);
    const clabe = page.getByText("002 115 01600326941 1", { exact: true });
    expect(await clabe.isVisible()).toBe(true);
    expect(await clabe.evaluate((element) => getComputedStyle(element).userSelect)).toBe("all");
    // The rest of the page is there: where to pick the order up, and telling the store it was paid.
    await page.getByText("Calle Juan de Montoro 214, Zona Centro").waitFor();
    expect(await page.getByRole("button", { name: "Ya transferí" }).isVisible()).toBe(true);
    await expectFits(page, "the tracking page without JavaScript");
    await context.close();
  });

  it("with JavaScript says it updates itself and offers to copy the CLABE", async () => {
    const path = await transferOrder();
    const context = await browser.browser.newContext({
      baseURL: browser.baseUrl,
      viewport: { width: 360, height: 740 },
    });
    const page = await context.newPage();
    await page.goto(path);
    await page.getByText("Esta página se actualiza sola.").waitFor();
    await page.getByRole("button", { name: "Copiar CLABE" }).waitFor();
    await expectAccessible(page);
    await context.close();
  });
});

describe("with JavaScript", () => {
  it("the store page's cart loads on first use and takes the order's lines", async () => {
    const suffix = uniqueSuffix();
    const store = await createStore(db, { displayName: `Panadería Con JS ${suffix}` });
    await createProduct(db, store.id, { name: `Concha ${suffix}`, price: 12.5 });
    const context = await browser.browser.newContext({
      baseURL: browser.baseUrl,
      viewport: { width: 360, height: 740 },
    });
    const page = await context.newPage();
    const cartCode: string[] = [];
    page.on("request", (request) => {
      if (/\/assets\/cart-panel-[^/]+\.js$/.test(request.url())) cartCode.push(request.url());
    });
    await page.goto(`/${store.id}`);
    await page.locator("[data-hydrated]").waitFor();
    expect(cartCode).toEqual([]);
    await page.getByRole("button", { name: "Agregar" }).first().click();
    await page.getByRole("tab", { name: /Carrito/ }).click();
    await page.getByText(`Concha ${suffix}`).last().waitFor();
    await expect(page.getByText("$12.50").last().isVisible()).resolves.toBe(true);
    expect(cartCode.length).toBe(1);
    await context.close();
  });
});
