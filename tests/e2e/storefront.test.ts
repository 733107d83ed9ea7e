import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createProduct, createStore } from "~/db/factories.server";
import { analyticsEvents, orders, products } from "~/db/schema";
import {
  expectAccessible,
  NEGOCIO_PLAN,
  newPhonePage,
  uniqueSuffix,
  useBrowser,
  useE2eDatabase,
} from "../support/browser";
import { writesHeard } from "../support/kept-pages";

const browser = useBrowser();
const db = useE2eDatabase();

async function bakery() {
  const store = await createStore(db, {
    id: `panes-${uniqueSuffix()}`,
    displayName: "Panes de Prueba",
    settings: {
      description: "Pan para las pruebas.",
      phone: "4491234567",
      requireWhatsappConfirmation: true,
      allowPickup: true,
      allowDelivery: true,
      deliveryInstructions: "Entregamos en el centro.",
    },
  });
  await createProduct(db, store.id, {
    id: "concha",
    name: "Concha",
    price: 14,
    variations: ["Vainilla", "Chocolate"],
  });
  await createProduct(db, store.id, {
    id: "pastel",
    name: "Pastel",
    price: 420,
    variations: ["Chico", "Grande"],
  });
  await createProduct(db, store.id, {
    id: "galletas",
    name: "Galletas de nuez",
    price: 260,
    unit: "kg",
    quantityStep: 0.25,
  });
  return store;
}

describe("storefront", () => {
  it("a shopper fills a cart, fixes the form, places a delivery order, confirms over WhatsApp and finds it again", async () => {
    const store = await bakery();
    const page = await newPhonePage(browser.browser, browser.baseUrl);

    // The products are in the server's HTML, before any JavaScript.
    const html = await (await page.request.get(`/${store.id}`)).text();
    expect(html).toContain("Galletas de nuez");
    expect(html).toContain("$260.00");

    await page.goto(`/s/${store.id}`);
    const status = page.getByTestId("cart-status");
    await expect.poll(() => status.textContent()).toBe("Carrito: 0 artículos");

    const concha = page.getByRole("article", { name: "Concha" });
    await concha.getByLabel("Opción").selectOption("Chocolate");
    await concha.getByRole("button", { name: "Agregar" }).click();
    await expect.poll(() => concha.getByRole("button", { name: "¡Agregado!" }).count()).toBe(1);
    await expect.poll(() => concha.getByRole("button", { name: "Agregar" }).count()).toBe(1);
    await concha.getByRole("button", { name: "Agregar" }).click();
    const pastel = page.getByRole("article", { name: "Pastel" });
    await pastel.getByLabel("Opción").selectOption("Grande");
    await pastel.getByRole("button", { name: "Agregar" }).click();
    await page
      .getByRole("article", { name: "Galletas de nuez" })
      .getByRole("button", { name: "Agregar" })
      .click();
    // pieza counts by quantity (2 + 1), kg once per product.
    await expect.poll(() => status.textContent()).toBe("Carrito: 4 artículos");

    await page.getByRole("tab", { name: /Carrito/ }).click();
    await page.getByRole("button", { name: "Agregar uno de Pastel (Grande)" }).click();
    await page.getByRole("button", { name: "Quitar Galletas de nuez del carrito" }).click();
    await expect.poll(() => page.getByLabel("Cantidad de Pastel (Grande)").inputValue()).toBe("2");
    await expect.poll(() => page.getByLabel("Subtotal de Concha (Chocolate)").textContent()).toBe("$28.00");
    await expect.poll(() => page.getByTestId("cart-total").textContent()).toBe("$868.00");

    // A delivery needs a phone for the courier: asked next to the field, nothing stored.
    await page.getByLabel("Nombre").fill("Ana López");
    await page.getByRole("radio", { name: /Entrega a domicilio/ }).check();
    await page.getByLabel("Dirección de entrega").fill("Madero 12, Centro");
    const phone = page.getByLabel("Teléfono", { exact: true });
    expect(await phone.getAttribute("aria-required")).toBe("true");
    await page.getByRole("button", { name: /Hacer pedido/ }).click();
    const phoneError = page.getByText("Para entregar a domicilio necesitamos tu teléfono.");
    await phoneError.waitFor();
    expect(await phone.getAttribute("aria-describedby")).toBe(await phoneError.getAttribute("id"));
    await expect.poll(() => phone.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await db.select().from(orders).where(eq(orders.storeId, store.id))).toHaveLength(0);
    // A pickup needs none: the request goes with the choice.
    await page.getByRole("radio", { name: /Recoger en tienda/ }).check();
    await phoneError.waitFor({ state: "detached" });
    await page.getByLabel("Teléfono (opcional)").waitFor();

    // Validation: every problem at once, next to its field, focus on the first.
    await page.getByLabel("Nombre").fill("");
    await page.getByRole("radio", { name: /Entrega a domicilio/ }).check();
    await page.getByLabel("Dirección de entrega").fill("");
    await phone.fill("449-12a");
    await expect.poll(() => phone.inputValue()).toBe("44912");
    await page.getByRole("button", { name: /Hacer pedido/ }).click();
    await expect.poll(() => page.getByText("Por favor ingresa tu nombre.").isVisible()).toBe(true);
    await expect
      .poll(() =>
        page.getByText("El teléfono debe tener 10 dígitos (formato mexicano, solo números).").isVisible(),
      )
      .toBe(true);
    await expect.poll(() => page.getByText("Por favor ingresa tu dirección.").isVisible()).toBe(true);
    await expect
      .poll(() => page.getByLabel("Nombre").evaluate((el) => el === document.activeElement))
      .toBe(true);
    expect(await db.select().from(orders).where(eq(orders.storeId, store.id))).toHaveLength(0);

    await page.getByLabel("Nombre").fill("Ana López");
    await phone.fill("4491112233");
    await page.getByLabel("Dirección de entrega").fill("Madero 12, Centro");
    await page.getByLabel("Comentarios (opcional)").fill("Sin nuez");
    await expect.poll(() => page.getByText("8/300").isVisible()).toBe(true);
    await page.getByRole("button", { name: /Hacer pedido/ }).click();

    await expect.poll(() => page.getByRole("heading", { name: "¡Pedido recibido!" }).isVisible()).toBe(true);
    const number = (await page.getByTestId("order-number").textContent())!;
    expect(number).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{5}$/);
    const whatsapp = await page.getByRole("link", { name: "Confirmar por WhatsApp" }).getAttribute("href");
    expect(whatsapp).toMatch(/^https:\/\/wa\.me\/524491234567\?text=/);
    const text = decodeURIComponent(whatsapp!.split("?text=")[1]!);
    expect(text).toContain(number);
    expect(text).toContain("• 2 × Concha — Chocolate: $28.00");
    expect(text).toContain("• 2 × Pastel — Grande: $840.00");
    expect(text).toContain("Total: $868.00");
    expect(text).toContain("Entrega: Entrega a domicilio");
    expect(text).toContain("Dirección: Madero 12, Centro");
    expect(text).toContain("Nombre: Ana López");
    await expect.poll(() => status.textContent()).toBe("Carrito: 0 artículos");

    const [stored] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.storeId, store.id), eq(orders.id, number)));
    expect(stored).toMatchObject({
      total: 868,
      deliveryType: "delivery",
      customerName: "Ana López",
      status: "pending",
    });

    // After a reload: the cart stays empty, and the order is one tap away in Mi Pedido.
    await page.reload();
    await expect.poll(() => status.textContent()).toBe("Carrito: 0 artículos");
    await page.getByRole("tab", { name: "Mi Pedido" }).click();
    const search = page.getByRole("button", { name: "Buscar" });
    expect(await search.isDisabled()).toBe(true);
    await page.getByRole("button", { name: new RegExp(number) }).click();
    const found = page.getByRole("region", { name: `Pedido ${number}` });
    await expect.poll(() => found.isVisible()).toBe(true);
    const details = (await found.textContent())!;
    expect(details).toContain("Pendiente");
    expect(details).toContain("Madero 12, Centro");
    expect(details).toContain("Sin nuez");
    expect(details).toContain("$868.00");
    expect(details).not.toContain("Ana López");
    expect(details).not.toContain("4491112233");

    // An unknown number.
    await page.getByLabel("Número de pedido").fill("ZZZZ-ZZZZ-ZZZZZ");
    await search.click();
    await expect
      .poll(() => page.getByText("No se encontró una orden con ese número.").isVisible())
      .toBe(true);

    // view_store_page once per visit, however many reloads.
    const views = await db
      .select()
      .from(analyticsEvents)
      .where(and(eq(analyticsEvents.storeId, store.id), eq(analyticsEvents.name, "view_store_page")));
    expect(views).toHaveLength(1);
    await page.context().close();
  });

  it("counts the badge (pieza by quantity, other units once) and totals each line to the centavo, in the cart and the order", async () => {
    const store = await createStore(db, {
      id: `granel-${uniqueSuffix()}`,
      displayName: "Granos a Granel",
      settings: { allowPickup: true },
    });
    // 0.25 kg at $10.02 is $2.505: each line is $2.51, so three of them are $7.53 (not $7.52).
    for (const name of ["Frijol", "Lenteja", "Garbanzo"])
      await createProduct(db, store.id, {
        id: name.toLowerCase(),
        name,
        price: 10.02,
        unit: "kg",
        quantityStep: 0.25,
      });
    await createProduct(db, store.id, { id: "bolillo", name: "Bolillo", price: 2.5 });

    const page = await newPhonePage(browser.browser, browser.baseUrl);
    await page.goto(`/${store.id}`);
    const status = page.getByTestId("cart-status");
    await expect.poll(() => status.textContent()).toBe("Carrito: 0 artículos");
    for (const name of ["Frijol", "Lenteja", "Garbanzo", "Bolillo", "Bolillo"]) {
      await page.getByRole("article", { name }).getByRole("button", { name: "Agregar" }).click();
      await expect
        .poll(() => page.getByRole("article", { name }).getByRole("button", { name: "Agregar" }).count())
        .toBe(1);
    }
    // pieza by quantity (2), each measured product once (3); the tab's badge says the same.
    await expect.poll(() => status.textContent()).toBe("Carrito: 5 artículos");
    expect(await page.getByRole("tab", { name: /Carrito/ }).textContent()).toContain("5");

    await page.getByRole("tab", { name: /Carrito/ }).click();
    for (const name of ["Frijol", "Lenteja", "Garbanzo"])
      expect(await page.getByLabel(`Subtotal de ${name}`).textContent()).toBe("$2.51");
    expect(await page.getByLabel("Subtotal de Bolillo").textContent()).toBe("$5.00");
    await expect.poll(() => page.getByTestId("cart-total").textContent()).toBe("$12.53");

    await page.getByRole("radio", { name: /Recoger en tienda/ }).check();
    await page.getByLabel("Nombre").fill("Ana");
    await page.getByRole("button", { name: /Hacer pedido/ }).click();
    const confirmation = page.getByRole("region", { name: "¡Pedido recibido!" });
    await confirmation.waitFor();
    expect(await confirmation.textContent()).toContain("$12.53");
    const [stored] = await db.select().from(orders).where(eq(orders.storeId, store.id));
    expect(stored!.total).toBe(12.53);
    await page.context().close();
  });

  it("an answer lost on the way and a second tap still place one order, under one number", async () => {
    const store = await bakery();
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    await page.goto(`/${store.id}`);
    await expect.poll(() => page.getByTestId("cart-status").textContent()).toBe("Carrito: 0 artículos");
    await page.getByRole("article", { name: "Concha" }).getByRole("button", { name: "Agregar" }).click();
    await expect.poll(() => page.getByTestId("cart-status").textContent()).toBe("Carrito: 1 artículo");
    await page.getByRole("tab", { name: /Carrito/ }).click();
    await page.getByRole("radio", { name: /Recoger en tienda/ }).check();
    await page.getByLabel("Nombre").fill("Ana");

    // The server takes the first order, and its answer never reaches the phone.
    let placed = 0;
    await page.route(`**/s/${store.id}/api`, async (route) => {
      if (route.request().postDataJSON()?.intent !== "place-order") return route.continue();
      placed++;
      if (placed > 1) return route.continue();
      await route.fetch();
      await route.abort("connectionreset");
    });
    await page.getByRole("button", { name: /Hacer pedido/ }).click();
    await page.getByText("Hubo un error al realizar el pedido. Intenta de nuevo.").waitFor();
    expect(await db.select().from(orders).where(eq(orders.storeId, store.id))).toHaveLength(1);

    await page.getByRole("button", { name: /Hacer pedido/ }).click();
    await page.getByRole("heading", { name: "¡Pedido recibido!" }).waitFor();
    const rows = await db.select().from(orders).where(eq(orders.storeId, store.id));
    expect(rows).toHaveLength(1);
    expect(await page.getByTestId("order-number").textContent()).toBe(rows[0]!.id);
    expect(placed).toBe(2);
    await page.context().close();
  });

  it("keeps the cart across a reload and removes a product that is no longer available, with its fixed alert", async () => {
    const store = await bakery();
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    await page.goto(`/${store.id}`);
    await expect.poll(() => page.getByTestId("cart-status").textContent()).toBe("Carrito: 0 artículos");
    await page
      .getByRole("article", { name: "Galletas de nuez" })
      .getByRole("button", { name: "Agregar" })
      .click();
    await page.getByRole("article", { name: "Concha" }).getByRole("button", { name: "Agregar" }).click();
    await expect.poll(() => page.getByTestId("cart-status").textContent()).toBe("Carrito: 2 artículos");
    await page.reload();
    await expect.poll(() => page.getByTestId("cart-status").textContent()).toBe("Carrito: 2 artículos");

    await db
      .update(products)
      .set({ available: false })
      .where(and(eq(products.storeId, store.id), eq(products.id, "galletas")));
    // Written behind the server's back: its kept page may be the one from before the write until
    // the server hears of it, within the stated bound.
    await writesHeard();
    await page.reload();
    await expect
      .poll(() =>
        page
          .getByRole("alert")
          .filter({ hasText: "Este producto ya no está disponible y ha sido removido de la lista." })
          .count(),
      )
      .toBe(1);
    await expect.poll(() => page.getByTestId("cart-status").textContent()).toBe("Carrito: 1 artículo");
    await page.getByRole("tab", { name: /Carrito/ }).click();
    expect(await page.getByLabel("Cantidad de Galletas de nuez").count()).toBe(0);
    await page.context().close();
  });

  it("the order button is disabled with an empty cart", async () => {
    const store = await bakery();
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    await page.goto(`/${store.id}`);
    await expect.poll(() => page.getByTestId("cart-status").textContent()).toBe("Carrito: 0 artículos");
    await page.getByRole("tab", { name: /Carrito/ }).click();
    expect(await page.getByRole("button", { name: /Hacer pedido/ }).isDisabled()).toBe(true);
    await page.context().close();
  });

  it("a store with no products yet says so, with no search box or category chips", async () => {
    const store = await createStore(db, {
      id: `vacia-${uniqueSuffix()}`,
      ...NEGOCIO_PLAN,
      settings: { customCategories: ["Pan dulce"] },
    });
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    await page.goto(`/${store.id}`);
    await expect.poll(() => page.getByTestId("cart-status").textContent()).toBe("Carrito: 0 artículos");
    await page.getByText("Esta tienda aún no tiene productos. Vuelve pronto.").waitFor();
    expect(await page.getByRole("searchbox").count()).toBe(0);
    expect(await page.getByRole("group", { name: "Categorías" }).count()).toBe(0);
    expect(await page.getByText("No se encontraron productos.").count()).toBe(0);
    await page.context().close();
  });

  it("searches ignoring case and accents, filters by category chips, and says when nothing matches", async () => {
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    await page.goto("/panaderia-la-espiga");
    await expect.poll(() => page.getByTestId("cart-status").textContent()).toBe("Carrito: 0 artículos");
    const grid = page.getByRole("list", { name: "Productos" });
    await page.getByRole("button", { name: "Pasteles", exact: true }).click();
    await expect.poll(() => grid.getByRole("article").count()).toBe(2);
    await page.getByRole("button", { name: "Todos" }).click();
    await page.getByRole("searchbox", { name: "Buscar productos" }).fill("REGION");
    await expect
      .poll(() => grid.getByRole("article").allTextContents())
      .toEqual([expect.stringContaining("Polvorones de nuez")]);
    await page.getByRole("searchbox", { name: "Buscar productos" }).fill("pizza");
    await expect.poll(() => page.getByText("No se encontraron productos.").isVisible()).toBe(true);
    expect(await page.getByText("Esta tienda aún no tiene productos").count()).toBe(0);
    await page.context().close();
  });

  it("opens a product photo large and closes it with Esc", async () => {
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    await page.goto("/panaderia-la-espiga");
    await expect.poll(() => page.getByTestId("cart-status").textContent()).toBe("Carrito: 0 artículos");
    const open = page.getByRole("button", { name: /^Ver foto grande de / }).first();
    await open.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await open.click();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await page.mouse.click(3, 3);
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await page.context().close();
  });

  it("answers an unknown store with 404, the address is available, claim it or go home", async () => {
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    const id = `libre-${uniqueSuffix()}`;
    const response = await page.goto(`/${id}`);
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.getByText(`/${id}`).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: /Reclama esta dirección/ }).getAttribute("href")).toBe(
      `/i/signup?id=${id}`,
    );
    expect(await page.getByRole("link", { name: "Ir a la página de inicio" }).getAttribute("href")).toBe("/");
    await page.getByRole("link", { name: /Reclama esta dirección/ }).click();
    await page.waitForURL(`**/i/signup?id=${id}`);
    expect(await page.getByLabel("Identificador de la tienda").inputValue()).toBe(id);
    await expectAccessible(page);
    await page.context().close();
  });

  it("carries title, description, canonical, Open Graph and Twitter tags in the server's HTML", async () => {
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    const html = await (await page.request.get("/s/panaderia-la-espiga")).text();
    expect(html).toContain("<title>Panadería La Espiga · Tianguis</title>");
    expect(html).toMatch(/<meta name="description" content="Horneamos desde 1987 en el barrio de San Marcos/);
    expect(html).toContain(`<link rel="canonical" href="${browser.baseUrl}/panaderia-la-espiga"/>`);
    expect(html).toContain('<meta property="og:title" content="Panadería La Espiga"/>');
    // A JPEG card: link previews in WhatsApp do not reliably show the WebP logo.
    expect(html).toMatch(
      /<meta property="og:image" content="http[^"]+\/i\/og\/tienda\/panaderia-la-espiga\/[\w-]+\.jpg"/,
    );
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    await page.context().close();
  });

  it("has no serious or critical axe violation, fits 360 px, and links to the city from the footer", async () => {
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    await page.goto("/panaderia-la-espiga");
    await expect.poll(() => page.getByTestId("cart-status").textContent()).toBe("Carrito: 0 artículos");
    await expectAccessible(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(
      await page.getByRole("link", { name: /Descubre más tiendas en Aguascalientes/ }).getAttribute("href"),
    ).toBe("/c/aguascalientes");
    await page.getByRole("tab", { name: /Carrito/ }).click();
    await expectAccessible(page);
    await page.getByRole("tab", { name: "Mi Pedido" }).click();
    await expectAccessible(page);
    await page.context().close();
  });
});
