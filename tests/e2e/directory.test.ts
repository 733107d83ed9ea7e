import { describe, expect, it } from "vitest";
import type { BrowserContext } from "playwright-core";
import { eq } from "drizzle-orm";
import { createProduct, createStore } from "~/db/factories.server";
import { stores } from "~/db/schema";
import { DEMO_PASSWORD, DEMO_SUPERADMIN_EMAIL } from "~/db/demo/demo-marketplace";
import { NO_SEARCH_RESULTS_MESSAGE } from "~/domain/directory/search";
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

async function signInAsSuperAdmin(context: BrowserContext) {
  const response = await context.request.post("/i/login", {
    form: { email: DEMO_SUPERADMIN_EMAIL, password: DEMO_PASSWORD },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
}

describe("city directory", () => {
  it("a visitor scrolls the strip, searches across stores ignoring accents and opens the store of a result", async () => {
    const suffix = uniqueSuffix();
    const store = await createStore(db, {
      id: `neveria-${suffix}`,
      displayName: `Nevería Ñandú ${suffix}`,
      categoryId: "sweets",
    });
    await createProduct(db, store.id, { name: `Nieve de xoconostle ${suffix}`, price: 45.5 });
    await createProduct(db, store.id, { name: `Nieve agotada ${suffix}`, available: false });

    const page = await newPhonePage(browser.browser, browser.baseUrl);
    const response = await page.goto("/c/aguascalientes");
    expect(response?.status()).toBe(200);
    await expect(
      page.getByRole("heading", { level: 1, name: "Tiendas de Aguascalientes" }).isVisible(),
    ).resolves.toBe(true);
    await expect(page.getByText(/\d+ tiendas locales en Aguascalientes/).isVisible()).resolves.toBe(true);

    // The first row's first two photos are on the phone's first screen and asked for at once, the very
    // first ahead of everything else; every other product photo waits until it nears the screen.
    const photos = page.locator('main img[sizes="180px"]');
    expect(await photos.count()).toBeGreaterThan(2);
    expect(await photos.nth(0).getAttribute("loading")).toBe("eager");
    expect(await photos.nth(0).getAttribute("fetchpriority")).toBe("high");
    expect(await photos.nth(1).getAttribute("loading")).toBe("eager");
    expect(await photos.nth(1).getAttribute("fetchpriority")).toBeNull();
    expect(await photos.nth(2).getAttribute("loading")).toBe("lazy");
    const first = await photos.nth(0).boundingBox();
    // Its top shows on a 360 × 740 phone's first screen (a taller phone shows it whole).
    expect(first!.y).toBeLessThan(740);

    const strip = page.getByRole("list", { name: "Tiendas de Aguascalientes" });
    const start = await strip.evaluate((list) => list.scrollLeft);
    await page.getByRole("button", { name: "Tiendas de Aguascalientes: siguiente" }).click();
    await expect.poll(() => strip.evaluate((list) => list.scrollLeft)).toBeGreaterThan(start + 100);
    await strip.evaluate((list) => list.scrollBy({ left: 400, behavior: "instant" }));
    await page.getByRole("button", { name: "Tiendas de Aguascalientes: anterior" }).click();
    await expect.poll(() => strip.evaluate((list) => list.scrollLeft)).toBeLessThan(400 + 240);

    // An empty term runs no search.
    const searchBox = page.getByRole("searchbox", { name: "Buscar productos" });
    await page.getByRole("button", { name: "Buscar", exact: true }).click();
    expect(new URL(page.url()).search).toBe("");

    await searchBox.fill("NIEVE DE XOCONÓSTLE " + suffix.toUpperCase());
    await searchBox.press("Enter");
    const results = page.getByRole("list", { name: "Resultados de la búsqueda" });
    await results.waitFor();
    const found = results.getByRole("link");
    await expect(found.count()).resolves.toBe(1);
    const text = await found.textContent();
    expect(text).toContain(`Nieve de xoconostle ${suffix}`);
    expect(text).toContain(`Nevería Ñandú ${suffix}`);
    expect(text).toContain("$45.50");

    await searchBox.fill(`sin coincidencias ${suffix}`);
    await page.getByRole("button", { name: "Buscar", exact: true }).click();
    await page.getByText(NO_SEARCH_RESULTS_MESSAGE).waitFor();

    await searchBox.fill(`xoconostle ${suffix}`);
    await searchBox.press("Enter");
    await results.waitFor();
    await results.getByRole("link").first().click();
    await page.waitForURL(`**/${store.id}`);
    await page.getByRole("heading", { level: 1, name: store.settings.displayName }).waitFor();
    await page.context().close();
  });

  it("a search shows the city's visible stores' available products, and nothing else", async () => {
    const suffix = uniqueSuffix();
    const shown = await createStore(db, { id: `cajetas-${suffix}`, displayName: `Cajetas ${suffix}` });
    await createProduct(db, shown.id, { name: `Cajeta quemada ${suffix}` });
    await createProduct(db, shown.id, { name: `Cajeta agotada ${suffix}`, available: false });
    const hidden = await createStore(db, { id: `oculta-${suffix}`, isHidden: true });
    await createProduct(db, hidden.id, { name: `Cajeta de la tienda oculta ${suffix}` });
    const elsewhere = await createStore(db, { id: `leon-${suffix}`, cityId: "leon" });
    await createProduct(db, elsewhere.id, { name: `Cajeta de León ${suffix}` });

    const page = await newPhonePage(browser.browser, browser.baseUrl);
    await page.goto("/c/aguascalientes");
    const searchBox = page.getByRole("searchbox", { name: "Buscar productos" });
    // Every product of this test has the suffix in its name: the search matches all four.
    await searchBox.fill(suffix);
    await searchBox.press("Enter");
    const results = page.getByRole("list", { name: "Resultados de la búsqueda" });
    await results.waitFor();
    expect(await results.getByRole("link").allTextContents()).toEqual([
      expect.stringContaining(`Cajeta quemada ${suffix}`),
    ]);
    // In León, the same search finds León's store only.
    await page.goto(`/c/leon?q=${suffix}`);
    expect(await results.getByRole("link").allTextContents()).toEqual([
      expect.stringContaining(`Cajeta de León ${suffix}`),
    ]);
    await page.context().close();
  });

  it("the city page lists and counts its visible stores, never a hidden one", async () => {
    // Mérida has no demo stores: this test's two are all there is.
    const suffix = uniqueSuffix();
    await createStore(db, {
      id: `marquesitas-${suffix}`,
      displayName: `Marquesitas ${suffix}`,
      cityId: "merida",
    });
    await createStore(db, {
      id: `oculta-merida-${suffix}`,
      displayName: `Tienda oculta ${suffix}`,
      cityId: "merida",
      isHidden: true,
    });
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    await page.goto("/c/merida");
    await page.getByText("1 tienda local en Mérida").waitFor();
    const strip = page.getByRole("list", { name: "Tiendas de Mérida" });
    expect(await strip.getByRole("link").allTextContents()).toEqual([
      expect.stringContaining(`Marquesitas ${suffix}`),
    ]);
    await page.context().close();
  });

  it("shows the no-stores message with the contact address for a city without stores, and 404 for an unknown city", async () => {
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    await page.goto("/c/oaxaca");
    await expect(
      page.getByRole("heading", { name: "Todavía no hay tiendas en Oaxaca" }).isVisible(),
    ).resolves.toBe(true);
    await expect(page.getByRole("link", { name: /@/ }).first().getAttribute("href")).resolves.toMatch(
      /^mailto:/,
    );
    await page.goto("/c/queretaro");
    await expect(
      page.getByRole("heading", { level: 1, name: "Tiendas de Querétaro" }).isVisible(),
    ).resolves.toBe(true);
    const missing = await page.goto("/c/atlantida");
    expect(missing?.status()).toBe(404);
    await page.context().close();
  });

  it("axe finds no serious or critical violation on the city page with results", async () => {
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    await page.goto("/c/aguascalientes?q=pan");
    await expectAccessible(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.context().close();
  });
});

describe("super-admin panel", () => {
  it("shows the rotation's outcome even when the button is pressed before the page's JavaScript arrived", async () => {
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    await signInAsSuperAdmin(page.context());
    // No script ever arrives: the form goes as a plain document POST.
    await page.route("**/assets/**/*.js", (route) => route.abort());
    await page.goto("/i/super-admin");
    await page.getByRole("button", { name: "Rotar productos destacados" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Productos destacados rotados" }).textContent(),
    ).resolves.toMatch(/ahora se destacan \d+ productos/);
    await page.context().close();
  });

  it("rotates the featured products and creates a store that then opens at /<id>", async () => {
    const suffix = uniqueSuffix();
    const withImage = await createStore(db, { id: `destacada-${suffix}` });
    await createProduct(db, withImage.id, {
      name: `Producto destacado ${suffix}`,
      imageKey: `product-images/${withImage.id}/x.webp`,
    });

    const page = await newPhonePage(browser.browser, browser.baseUrl);
    await signInAsSuperAdmin(page.context());
    await page.goto("/i/super-admin");
    await page.getByRole("button", { name: "Rotar productos destacados" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Productos destacados rotados" }).textContent(),
    ).resolves.toMatch(/ahora se destacan \d+ productos/);

    const storeId = `nueva-${suffix}`;
    await page.getByLabel("Nombre de la tienda").fill(`Tamales Doña Lupe ${suffix}`);
    await expect(page.getByLabel("Identificador de la tienda").inputValue()).resolves.toBe(
      `tamalesdonalupe${suffix}`.slice(0, 20),
    );
    await page.getByLabel("Identificador de la tienda").fill(storeId);
    await page.getByLabel("Categoría").selectOption("takeout");
    await page.getByRole("button", { name: "Crear tienda" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: `Tienda creada: ${storeId}` })
      .waitFor();

    // The same id again: refused next to the field.
    await page.getByLabel("Identificador de la tienda").fill(storeId);
    await page.getByRole("button", { name: "Crear tienda" }).click();
    await page.getByRole("alert").filter({ hasText: "Failed to create store." }).waitFor();
    await page.getByText("Este identificador ya está en uso. Por favor, elige otro.").waitFor();

    await page.goto(`/${storeId}`);
    await page.getByRole("heading", { level: 1, name: `Tamales Doña Lupe ${suffix}` }).waitFor();
    await page.context().close();
  });

  it("hides a store from the directory and sets its plan", async () => {
    const suffix = uniqueSuffix();
    const store = await createStore(db, { id: `ocultar-${suffix}`, displayName: `Ocultable ${suffix}` });
    await createProduct(db, store.id, { name: `Producto ocultable ${suffix}` });

    const page = await newPhonePage(browser.browser, browser.baseUrl);
    await signInAsSuperAdmin(page.context());
    await page.goto(`/i/super-admin?tienda=${store.id}`);
    const row = page.getByRole("listitem", { name: `Ocultable ${suffix}` });
    await row.getByRole("button", { name: "Ocultar del directorio" }).click();
    await row.getByRole("button", { name: "Mostrar en el directorio" }).waitFor();

    await row.getByLabel("Plan").selectOption("premier");
    await row.getByLabel("Vence el").fill("2099-12-31");
    await row.getByRole("button", { name: "Guardar plan" }).click();
    await row.getByText(/vence el 31 dic 2099/).waitFor();

    const visitor = await newPhonePage(browser.browser, browser.baseUrl);
    await visitor.goto(`/c/aguascalientes?q=${encodeURIComponent(`ocultable ${suffix}`)}`);
    await visitor.getByText(NO_SEARCH_RESULTS_MESSAGE).waitFor();
    await visitor.context().close();
    await page.context().close();
  });

  it("axe finds no serious or critical violation on the super-admin page", async () => {
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    await signInAsSuperAdmin(page.context());
    await page.goto("/i/super-admin");
    await expectAccessible(page);
    await page.context().close();
  });

  it("an owner's browser cannot use the super-admin's actions, by the panel's endpoint or its form", async () => {
    const suffix = uniqueSuffix();
    const target = await createStore(db, { id: `intocable-${suffix}` });
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    await signedInOwner(page.context(), db);
    await page.goto("/i/admin");
    await page.locator("main[data-hydrated]").waitFor();
    // What the hydrated panel sends, from the owner's own session and page.
    const answer = await page.evaluate(async (storeId) => {
      const body = new FormData();
      body.set("intent", "set-visibility");
      body.set("storeId", storeId);
      body.set("hidden", "true");
      const response = await fetch("/i/super-admin/actions", {
        method: "POST",
        body,
        headers: { Accept: "application/json" },
      });
      return { status: response.status, body: await response.json() };
    }, target.id);
    expect(answer).toEqual({
      status: 403,
      body: { ok: false, message: "No tienes permiso para acceder a este panel." },
    });

    // What a form sent before hydration posts: a document POST to the page.
    await page.evaluate((storeId) => {
      const form = document.createElement("form");
      form.method = "post";
      form.action = "/i/super-admin";
      for (const [name, value] of [
        ["intent", "set-plan"],
        ["storeId", storeId],
        ["licenceType", "premier"],
        ["expires", "2099-12-31"],
      ]) {
        const input = document.createElement("input");
        input.name = name;
        input.value = value!;
        form.append(input);
      }
      document.body.append(form);
      form.submit();
    }, target.id);
    await page.waitForURL("**/i/super-admin");
    await page.getByText("No tienes permiso para acceder a este panel.").waitFor();

    const [row] = await db.select().from(stores).where(eq(stores.id, target.id));
    expect(row).toMatchObject({ isHidden: false, licenceType: target.licenceType });
    await page.context().close();
  });

  it("shows an owner the no-permission message, and sends a visitor to log in", async () => {
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    await signedInOwner(page.context(), db);
    const response = await page.goto("/i/super-admin");
    expect(response?.status()).toBe(403);
    await page.getByText("No tienes permiso para acceder a este panel.").waitFor();
    await expect(page.getByRole("button", { name: "Rotar productos destacados" }).count()).resolves.toBe(0);

    const visitor = await newPhonePage(browser.browser, browser.baseUrl);
    await visitor.goto("/i/super-admin");
    expect(new URL(visitor.url()).pathname).toBe("/i/login");
    await visitor.context().close();
    await page.context().close();
  });
});
