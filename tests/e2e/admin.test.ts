import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createOrder, createProduct } from "~/db/factories.server";
import { ADMIN_TABS } from "~/domain/team/admin-tabs";
import {
  expectAccessible,
  newPhonePage,
  signedInOwner,
  uniqueSuffix,
  useBrowser,
  useE2eDatabase,
} from "../support/browser";

const browser = useBrowser();
const db = useE2eDatabase();
const inAMonth = () => new Date(Date.now() + 30 * 86_400_000);

async function ownerPage(store: Parameters<typeof signedInOwner>[2] = {}) {
  const page = await newPhonePage(browser.browser, browser.baseUrl);
  const owner = await signedInOwner(page.context(), db, store);
  return { page, ...owner };
}

/** Waits until the client has hydrated, so clicks reach React handlers. */
async function gotoAdmin(page: Page, tab: string) {
  await page.goto(`/i/admin?tab=${tab}`);
  await page.locator("main[data-hydrated]").waitFor();
}

describe("admin panel", () => {
  it("edits the settings; the preview follows live and the storefront shows the new colours", async () => {
    const { page, storeId } = await ownerPage();
    await gotoAdmin(page, "configuracion");
    await page.getByLabel("Nombre de la tienda").fill("Dulcería Prueba");
    await page.getByLabel("Color principal").fill("#aa0000");
    const preview = page.getByTestId("store-preview").getByText("Dulcería Prueba");
    expect(await preview.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
      "rgb(170, 0, 0)",
    );

    // WhatsApp needs exactly 10 digits; the phone keeps digits only.
    const whatsapp = page.getByLabel("Pedir confirmación de la orden por WhatsApp");
    expect(await whatsapp.isDisabled()).toBe(true);
    await page.getByLabel("Teléfono de la tienda").fill("(449) 123-45678");
    expect(await page.getByLabel("Teléfono de la tienda").inputValue()).toBe("4491234567");
    expect(await whatsapp.isDisabled()).toBe(false);
    await whatsapp.check();

    // At least one delivery option stays on; instructions follow their option.
    await page
      .getByLabel("Permitir recoger en tienda")
      .uncheck({ force: true })
      .catch(() => {});
    await page
      .getByRole("alert")
      .filter({ hasText: "Debes permitir al menos una opción de entrega o recoleccion." })
      .waitFor();
    expect(await page.getByLabel("Permitir recoger en tienda").isChecked()).toBe(true);
    expect(await page.getByLabel("Instrucciones de entrega").isDisabled()).toBe(true);
    await page.getByLabel("Permitir entrega a domicilio").check();
    expect(await page.getByLabel("Instrucciones de entrega").isDisabled()).toBe(false);
    await page.getByLabel("Instrucciones de entrega").fill("Zona centro");

    await page.getByLabel("Enlace de Facebook").fill("javascript:alert(1)");
    await page.getByRole("button", { name: "Guardar configuración" }).click();
    await page.getByText("Escribe una dirección que empiece con http:// o https://.").waitFor();
    await page.getByLabel("Enlace de Facebook").fill("https://facebook.com/dulceria");
    await page.getByRole("button", { name: "Guardar configuración" }).click();
    await page.getByRole("status").filter({ hasText: "Configuración guardada exitosamente" }).waitFor();

    await page.goto(`/${storeId}`);
    const themed = page.locator("[style*='--store-primary']").first();
    expect(
      await themed.evaluate((element) =>
        getComputedStyle(element).getPropertyValue("--store-primary").trim(),
      ),
    ).toBe("#aa0000");
    await page.getByText("Dulcería Prueba").first().waitFor();
    await page.context().close();
  });

  it("adds a product with an option in the dialog; it appears on the storefront", async () => {
    const { page, storeId } = await ownerPage();
    await gotoAdmin(page, "productos");
    await page.getByRole("button", { name: "Agregar producto" }).click();
    const dialog = page.getByRole("dialog", { name: "Agregar producto" });
    await dialog.waitFor();
    await expectAccessible(page);

    // Missing fields: the fixed message, nothing saved.
    await dialog.getByRole("button", { name: "Agregar producto" }).click();
    await dialog.getByText("Por favor completa todos los campos del producto.").waitFor();

    const name = `Polvorón ${uniqueSuffix()}`;
    await dialog.getByLabel("Nombre").fill(name);
    await dialog.getByLabel("Descripción").fill("De nuez, hecho en casa");
    await dialog.getByLabel("Precio (MXN)").fill("12.50");
    await dialog.getByLabel("Nueva opción").fill("  Nuez ");
    await dialog.getByLabel("Nueva opción").press("Enter");
    await dialog.getByLabel("Nueva opción").fill("Nuez");
    await dialog.getByRole("button", { name: "Agregar opción" }).click();
    await dialog.getByLabel("Nueva opción").fill("Cacahuate");
    await dialog.getByLabel("Nueva opción").press("Enter");
    expect(
      await dialog
        .getByRole("list", { name: "Opciones del producto" })
        .getByRole("listitem")
        .allTextContents(),
    ).toEqual(["Nuez×", "Cacahuate×"]);
    await dialog.getByRole("button", { name: "Agregar producto" }).click();
    await dialog.waitFor({ state: "hidden" });
    const card = page.getByRole("listitem", { name });
    await card.getByText("Opciones: Nuez, Cacahuate").waitFor();
    await page.getByText("Productos habilitados: 1 de 10").waitFor();

    await page.goto(`/${storeId}`);
    await page.getByText(name).first().waitFor();
    expect(await page.content()).toContain("Cacahuate");
    await page.context().close();
  });

  it("Esc closes the dialog and focus stays inside it while open", async () => {
    const { page } = await ownerPage();
    await gotoAdmin(page, "productos");
    await page.getByRole("button", { name: "Agregar producto" }).click();
    const dialog = page.getByRole("dialog", { name: "Agregar producto" });
    await dialog.waitFor();
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press("Tab");
      expect(
        await page.evaluate(
          () =>
            Boolean(document.activeElement?.closest("dialog")) || document.activeElement === document.body,
        ),
      ).toBe(true);
    }
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await page.context().close();
  });

  it("at the plan limit, adding or enabling shows the exact message", async () => {
    const { page, storeId } = await ownerPage();
    for (let i = 0; i < 10; i++) await createProduct(db, storeId, { name: `Producto ${i}` });
    const hidden = await createProduct(db, storeId, { name: "Apagado", available: false });
    await gotoAdmin(page, "productos");
    await page.getByText("Productos habilitados: 10 de 10").waitFor();
    expect(await page.getByRole("progressbar").getAttribute("data-level")).toBe("full");

    await page.getByRole("button", { name: "Agregar producto" }).click();
    const dialog = page.getByRole("dialog", { name: "Agregar producto" });
    await dialog.getByLabel("Nombre").fill("Uno más");
    await dialog.getByLabel("Descripción").fill("No cabe");
    await dialog.getByLabel("Precio (MXN)").fill("5");
    await dialog.getByRole("button", { name: "Agregar producto" }).click();
    const message =
      "Has alcanzado el límite de productos disponibles para tu plan (10). Mejora tu plan para habilitar más productos.";
    await dialog.getByRole("alert").filter({ hasText: message }).waitFor();
    await page.keyboard.press("Escape");

    await page.getByRole("switch", { name: `Disponible: ${hidden.name}` }).click();
    await page
      .getByRole("listitem", { name: hidden.name })
      .getByRole("alert")
      .filter({ hasText: message })
      .waitFor();
    expect(
      await page.getByRole("switch", { name: `Disponible: ${hidden.name}` }).getAttribute("aria-checked"),
    ).toBe("false");
    await page.context().close();
  });

  it("a shopper's order appears live in the pending tab; completing it moves it to the history", async () => {
    const { page, storeId } = await ownerPage({ settings: { allowPickup: true } });
    await createProduct(db, storeId, { name: "Concha", price: 14 });
    await gotoAdmin(page, "ordenes_pendientes");
    await page.getByText("No hay órdenes pendientes.").waitFor();
    await page.getByRole("status").filter({ hasText: "En vivo" }).waitFor();

    // A shopper, in a browser of their own, orders through the storefront.
    const shopper = await newPhonePage(browser.browser, browser.baseUrl);
    await shopper.goto(`/${storeId}`);
    const concha = shopper.getByRole("article", { name: "Concha" });
    await concha.getByRole("button", { name: "Agregar" }).click();
    await expect.poll(() => concha.getByRole("button", { name: "Agregar" }).count()).toBe(1);
    await concha.getByRole("button", { name: "Agregar" }).click();
    await shopper.getByRole("tab", { name: /Carrito/ }).click();
    await shopper.getByLabel("Nombre").fill("Lucía Compradora");
    await shopper.getByLabel("Teléfono (opcional)").fill("4497654321");
    await shopper.getByLabel("Comentarios (opcional)").fill("Sin azúcar");
    await shopper.getByRole("button", { name: /Hacer pedido/ }).click();
    await shopper.getByRole("heading", { name: "¡Pedido recibido!" }).waitFor();
    const orderNumber = (await shopper.getByTestId("order-number").textContent())!.trim();
    await shopper.context().close();

    const order = page.getByRole("listitem", { name: `Orden ${orderNumber}` });
    await order.waitFor();
    expect(await page.title()).toMatch(/^\(1\) /);
    await order.getByText("Lucía Compradora").waitFor();
    await order.getByText("Sin azúcar").waitFor();
    expect(await order.getByRole("link", { name: "4497654321" }).getAttribute("href")).toBe(
      "https://wa.me/524497654321",
    );
    expect(await order.textContent()).toContain("$28.00");

    await order.getByRole("button", { name: "Marcar como completada" }).click();
    await order.waitFor({ state: "detached" });
    await page.getByText("No hay órdenes pendientes.").waitFor();

    await gotoAdmin(page, "ordenes_completadas");
    await page.getByText("Haz clic en una orden para ver los detalles.").waitFor();
    const row = page.getByRole("row", { name: new RegExp(orderNumber) });
    const cells = await row.getByRole("cell").allTextContents();
    expect(cells[1]).toBe("Lucía Compradora");
    expect(cells[3]).toMatch(/\d{1,2}\/\d{1,2}\/\d{2,4},? \d{1,2}:\d{2}/);
    await row.getByRole("button", { name: orderNumber }).focus();
    await page.keyboard.press("Enter");
    expect(await row.getByRole("button", { name: orderNumber }).getAttribute("aria-expanded")).toBe("true");
    await page.getByText("Recoger en tienda").waitFor();
    await page.context().close();
  });

  it("edits, disables and deletes a product (after confirming); an edit without a name does nothing", async () => {
    const { page, storeId } = await ownerPage();
    await createProduct(db, storeId, { name: "Bolillo", description: "De masa madre", price: 4 });
    await gotoAdmin(page, "productos");
    const card = page.getByRole("listitem", { name: "Bolillo" });
    await card.getByRole("button", { name: "Editar" }).click();
    const dialog = page.getByRole("dialog", { name: "Editar producto" });
    await dialog.getByLabel("Nombre").fill("");
    await dialog.getByRole("button", { name: "Guardar cambios" }).click();
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByRole("alert").count()).toBe(0);
    await dialog.getByLabel("Nombre").fill("Bolillo grande");
    await dialog.getByLabel("Unidad").selectOption("kg");
    await dialog.getByRole("button", { name: "Guardar cambios" }).click();
    await dialog.waitFor({ state: "hidden" });
    const edited = page.getByRole("listitem", { name: "Bolillo grande" });
    await edited.getByText("/ kg").waitFor();

    await edited.getByRole("switch", { name: "Disponible: Bolillo grande" }).click();
    await edited.getByText("No disponible").waitFor();
    await page.getByText("Productos habilitados: 0 de 10").waitFor();

    page.once("dialog", (confirm) => confirm.dismiss());
    await edited.getByRole("button", { name: "Eliminar" }).click();
    expect(await edited.isVisible()).toBe(true);
    page.once("dialog", (confirm) => confirm.accept());
    await edited.getByRole("button", { name: "Eliminar" }).click();
    await edited.waitFor({ state: "detached" });
    await page.getByText("Aún no tienes productos.").waitFor();
    await page.context().close();
  });

  it("cancels a pending order after confirming; it shows as Cancelada in the history", async () => {
    const { page, storeId } = await ownerPage();
    const product = await createProduct(db, storeId, { name: "Oreja", price: 15 });
    const order = await createOrder(db, storeId, {
      customerName: "Mario",
      deliveryType: "delivery",
      address: "Av. Madero 10",
      lines: [{ productId: product.id, name: product.name, price: product.price, unit: product.unit }],
    });
    await gotoAdmin(page, "ordenes_pendientes");
    const item = page.getByRole("listitem", { name: `Orden ${order.id}` });
    await item.getByText("Av. Madero 10").waitFor();
    await item.getByRole("button", { name: "Cancelar orden" }).click();
    await page
      .getByRole("dialog", { name: `Cancelar orden ${order.id}` })
      .getByRole("button", { name: "Cancelar orden" })
      .click();
    await item.waitFor({ state: "detached" });
    await gotoAdmin(page, "ordenes_completadas");
    const row = page.getByRole("row", { name: new RegExp(order.id) });
    await row.getByText("Cancelada").waitFor();
    await row.click();
    await page.getByText("Entrega a domicilio").waitFor();
    await page.getByText("Av. Madero 10").waitFor();
    await page.context().close();
  });

  it("uploads a logo in the settings; after saving the header shows it", async () => {
    const { page } = await ownerPage();
    await gotoAdmin(page, "configuracion");
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#aa3300" } })
      .png()
      .toBuffer();
    await page
      .locator("input[type=file]")
      .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: png });
    await page.getByText("Imagen lista").waitFor({ timeout: 30_000 });
    await page.getByRole("button", { name: "Guardar configuración" }).click();
    await page.getByRole("status").filter({ hasText: "Configuración guardada exitosamente" }).waitFor();
    const logo = page.locator("header img");
    await logo.waitFor();
    expect(await logo.getAttribute("src")).toMatch(
      /^\/media\/store-logos-thumbnails\/tienda-[a-z0-9]+\/[a-z0-9]+-200\.webp$/,
    );
    const status = await page.request.get((await logo.getAttribute("src"))!);
    expect(status.status()).toBe(200);
    await page.context().close();
  });

  it("custom categories: Enter, Space or comma add; × and Backspace remove; saved", async () => {
    const { page } = await ownerPage({ trialExpiration: inAMonth() });
    await gotoAdmin(page, "configuracion_avanzada");
    const input = page.getByLabel("Categorías de productos");
    await input.fill("Pan");
    await input.press("Enter");
    await input.pressSequentially("Pasteles ");
    await input.pressSequentially("Galletas,");
    await input.pressSequentially("Pan");
    await input.press("Enter");
    const tags = page.getByRole("list", { name: "Categorías agregadas" }).getByRole("listitem");
    expect(await tags.allTextContents()).toEqual(["Pan×", "Pasteles×", "Galletas×"]);
    await input.press("Backspace");
    await page.getByRole("button", { name: "Quitar Pan" }).click();
    expect(await tags.allTextContents()).toEqual(["Pasteles×"]);
    await page.getByRole("button", { name: "Guardar categorías" }).click();
    await page.getByText("Configuración avanzada guardada exitosamente.").waitFor();
    await page.reload();
    expect(await tags.allTextContents()).toEqual(["Pasteles×"]);
    await page.context().close();
  });

  it("a starter store without a trial starts it once", async () => {
    const { page } = await ownerPage();
    await gotoAdmin(page, "productos");
    expect(await page.getByRole("link", { name: "Configuración avanzada" }).count()).toBe(0);
    // The action's answer, then the panel's data reloaded after it, then what that shows.
    const started = page.waitForResponse((response) => response.url().endsWith("/i/admin/trial"));
    const reloaded = page.waitForResponse((response) => response.url().includes("/i/admin.data"));
    // The offer is under "Tu tienda y plan", one line above the tabs until it is opened.
    expect(await page.getByRole("button", { name: "Iniciar prueba gratis" }).isVisible()).toBe(false);
    await page.locator("summary", { hasText: "Tu tienda" }).click();
    await page.getByRole("button", { name: "Iniciar prueba gratis" }).click();
    expect((await started).status()).toBe(200);
    expect((await reloaded).status()).toBe(200);
    await page.getByText(/te quedan 30 días\. Después cuesta \$179\/mes\./).waitFor();
    expect(await page.getByRole("button", { name: "Iniciar prueba gratis" }).count()).toBe(0);
    await page.getByRole("link", { name: "Configuración avanzada" }).waitFor();
    await page.context().close();
  });

  it.each(ADMIN_TABS.map((tab) => tab.id))(
    "axe finds no serious or critical violation on the %s tab",
    async (tab) => {
      const { page, storeId } = await ownerPage({
        trialExpiration: inAMonth(),
        settings: { customCategories: ["Pan"] },
      });
      const product = await createProduct(db, storeId, { name: "Concha", variations: ["Vainilla"] });
      const lines = [
        {
          productId: product.id,
          name: product.name,
          price: product.price,
          unit: product.unit,
          variation: "Vainilla",
        },
      ];
      await createOrder(db, storeId, { customerPhone: "4491112233", comments: "Rápido", lines });
      await createOrder(db, storeId, { status: "completed", completedAt: new Date(), lines });
      await createOrder(db, storeId, {
        status: "cancelled",
        completedAt: new Date(),
        deliveryType: "delivery",
        address: "Calle 1",
        lines,
      });
      await gotoAdmin(page, tab);
      if (tab === "ordenes_completadas") {
        await page.getByRole("row").nth(1).click();
        await page.getByText("Calle 1").or(page.getByText("Recoger en tienda")).first().waitFor();
      }
      const tabLink = page.getByRole("link", {
        name: ADMIN_TABS.find((t) => t.id === tab)!.label,
        exact: true,
      });
      expect(await tabLink.getAttribute("aria-current")).toBe("page");
      await expectAccessible(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.context().close();
    },
  );

  it("an unknown tab falls back to productos; signed out goes to the login page", async () => {
    const { page } = await ownerPage();
    await gotoAdmin(page, "no-existe");
    expect(
      await page.getByRole("link", { name: "Productos", exact: true }).getAttribute("aria-current"),
    ).toBe("page");
    const anonymous = await newPhonePage(browser.browser, browser.baseUrl);
    await anonymous.goto("/i/admin?tab=configuracion");
    expect(new URL(anonymous.url()).pathname).toBe("/i/login");
    await anonymous.context().close();
    await page.context().close();
  });
});
