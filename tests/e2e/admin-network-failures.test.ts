/**
 * On a phone with flaky data, no admin or super-admin action swaps the page for the
 * error page. Each action's request is made to fail on the way — aborted as by a dropped
 * connection, and answered 500 — and the page stays, what was typed stays, the form's fixed message
 * shows (or, for completing an order, is logged), and a retry goes through.
 */
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createOrder, createProduct } from "~/db/factories.server";
import { DEMO_PASSWORD, DEMO_SUPERADMIN_EMAIL } from "~/db/demo/demo-marketplace";
import { newPhonePage, signedInOwner, uniqueSuffix, useBrowser, useE2eDatabase } from "../support/browser";

const browser = useBrowser();
const db = useE2eDatabase();
const inAMonth = () => new Date(Date.now() + 30 * 86_400_000);
const FAILURES = ["abort", "500"] as const;
type Failure = (typeof FAILURES)[number];

/** Fails the next POST to `pattern` the given way; later ones go through (the retry). */
async function failNextPost(page: Page, pattern: string, failure: Failure) {
  let failed = false;
  await page.route(pattern, async (route) => {
    if (failed || route.request().method() !== "POST") return route.continue();
    failed = true;
    if (failure === "abort") return route.abort("internetdisconnected");
    return route.fulfill({ status: 500, contentType: "text/html", body: "<h1>Internal Server Error</h1>" });
  });
}

async function ownerPage(store: Parameters<typeof signedInOwner>[2] = {}) {
  const page = await newPhonePage(browser.browser, browser.baseUrl);
  const owner = await signedInOwner(page.context(), db, store);
  return { page, ...owner };
}

async function gotoAdmin(page: Page, tab: string) {
  await page.goto(`/i/admin?tab=${tab}`);
  await page.locator("main[data-hydrated]").waitFor();
}

/** The page is still the panel, not "¡Uy! Algo salió mal". */
async function expectPanelStays(page: Page, heading = "Panel de Administración") {
  await page.getByRole("heading", { level: 1, name: heading }).waitFor();
  expect(await page.getByText("Algo salió mal").count()).toBe(0);
}

async function signInAsSuperAdmin(context: BrowserContext) {
  const response = await context.request.post("/i/login", {
    form: { email: DEMO_SUPERADMIN_EMAIL, password: DEMO_PASSWORD },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
}

describe.each(FAILURES)("admin actions when the request fails (%s)", (failure) => {
  it("Guardar configuración keeps what was typed, says so, and a retry saves", async () => {
    const { page } = await ownerPage();
    await gotoAdmin(page, "configuracion");
    const name = `Panadería ${uniqueSuffix()}`;
    await page.getByLabel("Nombre de la tienda").fill(name);
    await page.getByLabel("Descripción").fill("Pan recién horneado cada mañana.");
    await failNextPost(page, "**/i/admin/settings", failure);
    await page.getByRole("button", { name: "Guardar configuración" }).click();

    await page.getByRole("alert").filter({ hasText: "No se pudo guardar la configuración." }).waitFor();
    await expectPanelStays(page);
    expect(await page.getByLabel("Nombre de la tienda").inputValue()).toBe(name);
    expect(await page.getByLabel("Descripción").inputValue()).toBe("Pan recién horneado cada mañana.");

    await page.getByRole("button", { name: "Reintentar" }).click();
    await page.getByRole("status").filter({ hasText: "Configuración guardada exitosamente" }).waitFor();
    await page.reload();
    expect(await page.getByLabel("Nombre de la tienda").inputValue()).toBe(name);
    await page.context().close();
  });

  it("Guardar categorías keeps the tags, says so, and a retry saves", async () => {
    const { page } = await ownerPage({ trialExpiration: inAMonth() });
    await gotoAdmin(page, "configuracion_avanzada");
    const input = page.getByLabel("Categorías de productos");
    await input.fill("Pan dulce");
    await input.press("Enter");
    await input.fill("Galletas");
    await input.press("Enter");
    await failNextPost(page, "**/i/admin/advanced-settings", failure);
    await page.getByRole("button", { name: "Guardar categorías" }).click();

    await page
      .getByRole("alert")
      .filter({ hasText: "No se pudo guardar la configuración avanzada." })
      .waitFor();
    await expectPanelStays(page);
    await page.getByText("Pan dulce").first().waitFor();
    await page.getByText("Galletas").first().waitFor();

    await page.getByRole("button", { name: "Reintentar" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: "Configuración avanzada guardada exitosamente." })
      .waitFor();
    await page.context().close();
  });

  it("the availability switch returns to the product's real state, says so, and a retry switches it", async () => {
    const { page, storeId } = await ownerPage();
    const product = await createProduct(db, storeId, { name: `Bolillo ${uniqueSuffix()}`, available: true });
    await gotoAdmin(page, "productos");
    const toggle = page.getByRole("switch", { name: `Disponible: ${product.name}` });
    expect(await toggle.getAttribute("aria-checked")).toBe("true");
    await failNextPost(page, "**/i/admin/products", failure);
    await toggle.click();

    await page
      .getByRole("alert")
      .filter({ hasText: "No se pudo cambiar la disponibilidad. Intenta de nuevo." })
      .waitFor();
    await expectPanelStays(page);
    expect(await toggle.getAttribute("aria-checked")).toBe("true");

    await page.getByRole("button", { name: "Reintentar" }).click();
    await expect.poll(() => toggle.getAttribute("aria-checked")).toBe("false");
    await page.context().close();
  });

  it("Marcar como completada logs its fixed line, the order stays pending with its buttons, and a retry completes it", async () => {
    const { page, storeId } = await ownerPage();
    const product = await createProduct(db, storeId, { name: "Concha", price: 14 });
    const order = await createOrder(db, storeId, {
      customerName: `Ana ${uniqueSuffix()}`,
      lines: [{ productId: product.id, name: product.name, price: product.price, unit: product.unit }],
    });
    const logged: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") logged.push(message.text());
    });
    await gotoAdmin(page, "ordenes_pendientes");
    const card = page.getByRole("listitem", { name: `Orden ${order.id}` });
    await failNextPost(page, "**/i/admin/orders", failure);
    await card.getByRole("button", { name: "Marcar como completada" }).click();

    await expect.poll(() => logged.some((line) => line.startsWith("Error completing order:"))).toBe(true);
    await expectPanelStays(page);
    const complete = card.getByRole("button", { name: "Marcar como completada" });
    await expect.poll(() => complete.isEnabled()).toBe(true);

    await complete.click();
    await card.waitFor({ state: "detached" });
    await page.context().close();
  });
});

describe.each(FAILURES)("super-admin actions when the request fails (%s)", (failure) => {
  it("Rotar productos destacados says its fixed failure sentence, the page stays, and a retry rotates", async () => {
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    await signInAsSuperAdmin(page.context());
    await page.goto("/i/super-admin");
    // Hydrated, so the button answers React's handler, not a document POST (a slow machine once
    // clicked it between the router's context arriving and hydration).
    await page.locator("main[data-hydrated]").waitFor();
    await failNextPost(page, "**/i/super-admin/actions", failure);
    // Hydration: the button answers React's handler, not a document POST.
    await page.getByRole("button", { name: "Rotar productos destacados" }).click();

    await page.getByRole("alert").filter({ hasText: "Failed to rotate featured products." }).waitFor();
    await expectPanelStays(page, "Super administración");

    await page.getByRole("button", { name: "Reintentar" }).click();
    await page.getByRole("status").filter({ hasText: "Productos destacados rotados" }).waitFor();
    await page.context().close();
  });
});

describe("a panel whose data cannot be reloaded", () => {
  it("keeps showing what it had, marked stale, and catches up on retry", async () => {
    const { page, storeId } = await ownerPage();
    const product = await createProduct(db, storeId, { name: `Concha ${uniqueSuffix()}` });
    await gotoAdmin(page, "productos");
    await page.getByText(product.name).waitFor();
    let offline = true;
    await page.route("**/i/admin.data*", (route) =>
      offline ? route.abort("internetdisconnected") : route.continue(),
    );
    await page.getByRole("link", { name: "Configuración", exact: true }).click();
    await page.getByRole("alert").filter({ hasText: "No pudimos actualizar el panel." }).waitFor();
    await expectPanelStays(page);
    await page.getByText(product.name).waitFor();

    offline = false;
    await page.getByRole("button", { name: "Reintentar" }).click();
    await page.getByLabel("Nombre de la tienda").waitFor();
    expect(await page.getByText("No pudimos actualizar el panel.").count()).toBe(0);
    await page.context().close();
  });
});

describe("the product dialog on a phone, when the server refuses the save", () => {
  it("brings its failure and Reintentar into view inside the dialog; the retry saves", async () => {
    const { page } = await ownerPage();
    await gotoAdmin(page, "productos");
    await page.getByRole("button", { name: "Agregar producto" }).click();
    const dialog = page.getByRole("dialog", { name: "Agregar producto" });
    await dialog.waitFor();
    const name = `Polvorón ${uniqueSuffix()}`;
    await dialog.getByLabel("Precio (MXN)").fill("12.50");
    await dialog.getByLabel("Descripción").fill("De nuez, hecho en casa");
    await dialog.getByLabel("Nombre").fill(name);
    let refused = false;
    await page.route("**/i/admin/products", async (route) => {
      if (refused || route.request().method() !== "POST") return route.continue();
      refused = true;
      return route.fulfill({ status: 503, contentType: "text/plain", body: "Servicio no disponible" });
    });
    // Sent from the top of the dialog (Enter in the name), far from where the failure is written.
    await dialog.getByLabel("Nombre").press("Enter");

    const alert = dialog.getByRole("alert").filter({ hasText: "No se pudo guardar el producto." });
    await alert.waitFor();
    const retry = alert.getByRole("button", { name: "Reintentar" });
    await expect
      .poll(
        async () => {
          const boxes = [await alert.boundingBox(), await retry.boundingBox()];
          return boxes.every((box) => box !== null && box.y >= 0 && box.y + box.height <= 740);
        },
        { message: "the failure and its retry, on the phone's screen" },
      )
      .toBe(true);
    // Inside the dialog's scrolling box too, not hidden behind its clipped edge.
    const frame = await dialog.locator("div").first().boundingBox();
    const box = (await retry.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(frame!.y);
    expect(box.y + box.height).toBeLessThanOrEqual(frame!.y + frame!.height);

    await retry.click();
    await dialog.waitFor({ state: "hidden" });
    await page.getByRole("listitem", { name }).waitFor();
    await page.context().close();
  });
});
