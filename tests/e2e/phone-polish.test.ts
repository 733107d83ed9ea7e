/**
 * What a picky owner or shopper notices at 360 × 740 and 1280 × 800 — the order history
 * on a phone, the admin header and tabs, the landing page's bar, the carousels' 240 px step, the
 * brand's colours, the modal's backdrop and the WhatsApp text. Every check reads geometry or
 * computed styles, as a person would see them, not pixels.
 */
import { and, eq } from "drizzle-orm";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { customDomains, orders, stores } from "~/db/schema";
import { DOMAIN_MESSAGES } from "~/domain/domains/custom-domain";
import { CLOSE_STORE_MESSAGES } from "~/domain/stores/close-store";
import {
  createCity,
  createMember,
  createOrder,
  createOwner,
  createProduct,
  createStore,
} from "~/db/factories.server";
import { SUPERADMIN_ROLE } from "~/domain/auth/roles";
import { DEMO_OWNER_EMAIL, DEMO_PASSWORD, DEMO_SUPERADMIN_EMAIL } from "~/db/demo/demo-marketplace";
import { CAROUSEL_STEP_PX } from "~/components/directory/scroll-row";
import { ADMIN_TABS } from "~/domain/team/admin-tabs";
import { addDays, dateKey, DEFAULT_TIME_ZONE, localParts } from "~/domain/stores/opening-hours";
import {
  expectAccessible,
  NEGOCIO_PLAN,
  newPageAt,
  signedInOwner,
  signInAs,
  uniqueSuffix,
  useBrowser,
  useE2eDatabase,
} from "../support/browser";
import { expectFits, lineCount, saveScreenshot } from "../support/layout";

const browser = useBrowser();
const db = useE2eDatabase();
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const inAMonth = () => new Date(Date.now() + 30 * 86_400_000);

const newPage = (viewport: { width: number; height: number }) =>
  newPageAt(browser.browser, browser.baseUrl, viewport);
const signIn = (context: BrowserContext, email: string) => signInAs(context, email, DEMO_PASSWORD);

async function gotoAdmin(page: Page, tab: string) {
  await page.goto(`/i/admin?tab=${tab}`);
  await page.locator("main[data-hydrated]").waitFor();
}

type Box = { left: number; right: number; top: number; bottom: number };
const boxOf = (locator: Locator): Promise<Box> =>
  locator.evaluate((element) => {
    const { left, right, top, bottom } = element.getBoundingClientRect();
    return { left, right, top, bottom };
  });

/** Whether an element is laid out wholly inside another's visible box (1 px of slack). */
async function within(inner: Locator, outer: Locator): Promise<boolean> {
  const [a, b] = [await boxOf(inner), await boxOf(outer)];
  return a.left >= b.left - 1 && a.right <= b.right + 1;
}

describe("order history on a phone", () => {
  it("shows every column and an expanded order's details without sideways scrolling; wide screens keep the four columns", async () => {
    const page = await newPage(PHONE);
    const { storeId } = await signedInOwner(page.context(), db, {
      displayName: `Historial ${uniqueSuffix()}`,
    });
    const cake = await createProduct(db, storeId, {
      name: "Pastel de tres leches",
      price: 420,
      variations: ["Grande (15 personas)"],
    });
    const lines = [
      {
        productId: cake.id,
        name: cake.name,
        price: 420,
        unit: cake.unit,
        quantity: 2,
        variation: "Grande (15 personas)",
      },
    ];
    const completed = await createOrder(db, storeId, {
      status: "completed",
      customerName: "María Fernanda López Hernández",
      customerPhone: "4491112233",
      deliveryType: "delivery",
      address: "Av. Convención de 1914 Norte #320, Col. España",
      completedAt: new Date(),
      lines,
    });
    await createOrder(db, storeId, {
      status: "cancelled",
      customerName: "José Luis",
      completedAt: new Date(),
      lines,
    });

    await gotoAdmin(page, "ordenes_completadas");
    const table = page.getByRole("table");
    const row = page.getByRole("row", { name: new RegExp(completed.id) });
    const id = row.getByRole("button", { name: completed.id });
    await id.click();
    const details = page.locator(`#order-details-${completed.id}`);
    await details.getByText("$840.00").first().waitFor();

    // Nothing in the history scrolls sideways, and every cell and amount is on the screen.
    const box = table.locator("xpath=..");
    expect(await box.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
    for (const cell of await row.getByRole("cell").all()) expect(await within(cell, box)).toBe(true);
    expect(await row.getByRole("cell").nth(2).textContent()).toMatch(/Hora del pedido.*\d{1,2}:\d{2}/);
    expect(await row.getByRole("cell").nth(3).textContent()).toMatch(/Hora de completado.*\d{1,2}:\d{2}/);
    for (const amount of await details.getByText(/^\$\d/).all()) expect(await within(amount, box)).toBe(true);
    // The order id reads on one line.
    expect(await lineCount(id)).toBe(1);
    await expectFits(page, "order history");

    // A wide screen keeps the four-column table.
    await page.setViewportSize(DESKTOP);
    const headers = page.getByRole("columnheader");
    expect(await headers.allTextContents()).toEqual([
      "ID",
      "Nombre",
      "Hora del pedido",
      "Hora de completado",
    ]);
    for (const header of await headers.all()) expect(await header.isVisible()).toBe(true);
    expect(await lineCount(id)).toBe(1);
    await expectAccessible(page);
    await page.context().close();
  });
});

describe("admin header, tabs and the landing bar on a phone", () => {
  it("shows the store name, plan and e-mail in full and keeps the actions clear of them", async () => {
    const page = await newPage(PHONE);
    await signedInOwner(page.context(), db, {
      displayName: "Panadería y Repostería La Espiga de San Marcos",
      trialExpiration: inAMonth(),
    });
    await gotoAdmin(page, "productos");
    const header = page.getByRole("banner");
    const name = header.getByText("Panadería y Repostería La Espiga de San Marcos", { exact: true });
    const email = header.getByText(/@example\.com$/);
    for (const text of [name, email, header.getByText("Negocio", { exact: false })]) {
      expect(await text.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      expect(await within(text, header)).toBe(true);
    }
    for (const button of [
      header.getByRole("button", { name: "Pausar pedidos" }),
      header.getByRole("button", { name: "Cerrar sesión" }),
    ]) {
      expect(await lineCount(button)).toBe(1);
      expect(await within(button, header)).toBe(true);
    }
    await expectFits(page, "admin header");

    // Pause, the Cuenta link and sign-out share one row.
    const pause = header.getByRole("button", { name: "Pausar pedidos" });
    const middles = await Promise.all(
      [
        pause,
        header.getByRole("link", { name: "Cuenta" }),
        header.getByRole("button", { name: "Cerrar sesión" }),
      ].map(async (action) => {
        const box = await boxOf(action);
        return Math.round((box.top + box.bottom) / 2);
      }),
    );
    expect(new Set(middles).size).toBe(1);

    // Paused, a bar of its own says so and holds the way back, each control on one line.
    await pause.click();
    const paused = header.getByRole("status").filter({ hasText: "Pedidos en pausa" });
    await paused.waitFor();
    for (const control of [
      paused,
      header.getByRole("button", { name: "Agregar mensaje u hora de regreso" }),
      header.getByRole("button", { name: "Reanudar" }),
    ]) {
      expect(await lineCount(control)).toBe(1);
      expect(await within(control, header)).toBe(true);
    }
    await expectFits(page, "admin header, paused");
    await saveScreenshot(page, "encabezado-en-pausa-360");
    await page.context().close();
  });

  it("an account without a store sees «Tienda» and its e-mail on one line, cut with its tooltip when long", async () => {
    // Who reaches the panel without a store: the super-admin, who has none of their own, and a
    // member of a store its owner closed (the owner's account goes with the store).
    const suffix = uniqueSuffix();
    const password = "contrasena-de-prueba";
    const superAdmin = await createOwner(db, {
      role: SUPERADMIN_ROLE,
      email: `administracion.general.de.la.plataforma.${suffix}@tianguis-ejemplo.com.mx`,
      password,
    });
    const closed = await createStore(db, { displayName: "Tortillería Cerrada" });
    const member = await createMember(db, {
      storeId: closed.id,
      role: "encargado",
      email: `encargada.del.turno.de.la.tarde.${suffix}@tortilleria-ejemplo.mx`,
      password,
    });
    await db.update(stores).set({ closedAt: new Date() }).where(eq(stores.id, closed.id));

    for (const account of [superAdmin, member]) {
      const page = await newPage(PHONE);
      await signInAs(page.context(), account.email, password);
      await gotoAdmin(page, "productos");
      await page.getByText("Selecciona una tienda primero.", { exact: false }).waitFor();
      const header = page.getByRole("banner");
      // The spec's default name stands where the store's would.
      await header.getByText("Tienda", { exact: true }).waitFor();
      expect(await header.getByText("Tortillería Cerrada").count()).toBe(0);
      // The address takes one line of the header, cut at its end, and is whole in its tooltip.
      const email = header.getByText(account.email);
      expect(await email.getAttribute("title")).toBe(account.email);
      const box = await email.evaluate((element) => ({
        height: element.getBoundingClientRect().height,
        line: parseFloat(getComputedStyle(element).lineHeight),
      }));
      expect(box.height, account.email).toBeGreaterThan(0);
      expect(box.height, account.email).toBeLessThan(box.line * 1.5);
      expect(await within(email, header)).toBe(true);
      await expectFits(page, "the panel of an account without a store");
      await expectAccessible(page);
      await page.context().close();
    }
  });

  it("scrolls the tab strip to the current tab and shows on which side more tabs wait", async () => {
    const page = await newPage(PHONE);
    await signedInOwner(page.context(), db, { trialExpiration: inAMonth() });
    // The navigation's box is the strip's visible part.
    const nav = page.getByRole("navigation", { name: "Secciones del panel" });
    const strip = nav;
    const current = nav.locator('[aria-current="page"]');
    const more = (side: "before" | "after") => nav.locator(`[data-more-tabs=${side}]`);

    await gotoAdmin(page, "notificaciones");
    await expect.poll(() => within(current, strip)).toBe(true);
    expect(await current.textContent()).toBe("Notificaciones");
    await expect.poll(() => more("before").isVisible()).toBe(true);
    expect(await more("after").isVisible()).toBe(false);

    await gotoAdmin(page, "resumen");
    await expect.poll(() => within(current, strip)).toBe(true);
    await expect.poll(() => more("after").isVisible()).toBe(true);
    expect(await more("before").isVisible()).toBe(false);
    // A tap on the arrow moves the strip on, for a pointer that cannot swipe it.
    const scrolled = () =>
      nav
        .locator("div")
        .first()
        .evaluate((row) => row.scrollLeft);
    await more("after").click();
    await expect.poll(scrolled).toBeGreaterThan(100);
    await expect.poll(() => more("before").isVisible()).toBe(true);

    // A tab in the middle: in view, with more on both sides. (Opened by its address: what is
    // checked is the strip, and a tap on a loaded machine could land while the panel re-renders.)
    await gotoAdmin(page, "ordenes_pendientes");
    await expect.poll(() => current.textContent()).toBe("Órdenes pendientes");
    await expect.poll(() => within(current, strip)).toBe(true);
    await expect.poll(() => more("before").isVisible()).toBe(true);
    expect(await more("after").isVisible()).toBe(true);

    // On a desktop every tab fits, all nine on one row: no hint.
    await page.setViewportSize(DESKTOP);
    await expect.poll(() => more("after").isVisible()).toBe(false);
    expect(await more("before").isVisible()).toBe(false);
    const tabs = await nav.getByRole("link").all();
    expect(tabs).toHaveLength(ADMIN_TABS.length);
    for (const tab of tabs) expect(await within(tab, strip)).toBe(true);
    const tops = await Promise.all(tabs.map(async (tab) => Math.round((await boxOf(tab)).top)));
    expect(new Set(tops).size, `the tabs' tops: ${tops.join(", ")}`).toBe(1);
    await page.context().close();
  });

  it("keeps each of the landing page's three buttons on one line at 360 px", async () => {
    const page = await newPage(PHONE);
    await page.goto("/");
    const bar = page.getByRole("navigation", { name: "Principal" });
    for (const label of ["Inicia Sesión", "Regístrate", "Explora Tiendas"]) {
      const button = bar.getByRole("link", { name: label });
      expect(await button.isVisible()).toBe(true);
      expect(await lineCount(button), label).toBe(1);
      expect(await within(button, page.locator("body"))).toBe(true);
    }
    await page.context().close();
  });
});

describe("the panel's first screen on a phone", () => {
  it("puts the tab bar near the top and the tab on the first screen; the store, sound and plan fold into one line", async () => {
    const page = await newPage(PHONE);
    // A typical owner: a store on its Negocio trial, with every tab.
    const { storeId } = await signedInOwner(page.context(), db, {
      displayName: "Panadería La Espiga",
      trialExpiration: inAMonth(),
    });
    await gotoAdmin(page, "productos");
    const onFirstScreen = async (locator: Locator) => {
      const box = await locator.boundingBox();
      return box !== null && box.y >= 0 && box.y + box.height <= PHONE.height;
    };
    const nav = page.getByRole("navigation", { name: "Secciones del panel" });
    // The header's two rows (name and plan; pause, account and sign-out: about 100 px), the title
    // and the strip's one line: the tabs start within 200 px, so more than 500 px of the 740 px
    // first screen is the tab's own.
    const navTop = (await nav.boundingBox())!.y;
    expect(navTop, "the tab bar's top").toBeLessThanOrEqual(200);
    for (const [what, locator] of [
      ["the tab bar", nav],
      ["the tab's heading", page.getByRole("heading", { name: "Productos", level: 2 })],
      ["the tab's first action", page.getByRole("button", { name: "Agregar producto" })],
      ["the sound's switch", page.getByRole("button", { name: "Activar sonido" })],
    ] as const) {
      expect(await onFirstScreen(locator), `${what}, within the first 740 px`).toBe(true);
    }
    expect(await page.locator("[data-sound]").getAttribute("data-sound")).toBe("locked");
    await expectFits(page, "the panel's first screen");
    await saveScreenshot(page, "panel-primera-pantalla-360");

    // The line opens from the keyboard onto the address, its copy button, the sound and the plan.
    const summary = page.locator("summary", { hasText: "Tu tienda" });
    expect((await summary.boundingBox())!.height, "the strip's line").toBeLessThanOrEqual(44);
    expect(await page.getByRole("button", { name: /Copiar/ }).isVisible()).toBe(false);
    await summary.focus();
    await page.keyboard.press("Enter");
    const address = page.getByRole("link", { name: new RegExp(`/${storeId}$`) });
    await address.waitFor();
    // The key that opened it was the panel's first, which turns the sound on.
    await page.getByText("Alertas de pedidos con sonido.").waitFor();
    for (const shown of [
      address,
      page.getByRole("button", { name: "Copiar dirección" }),
      page.getByRole("region", { name: "Tu plan" }),
      page.getByText(/Estás probando el plan Negocio: te quedan 30 días/),
    ]) {
      expect(await shown.isVisible()).toBe(true);
    }
    await expectFits(page, "the panel's strip, open");
    await expectAccessible(page);
    await saveScreenshot(page, "panel-tira-abierta-360");
    await page.context().close();
  });

  it("keeps an unseen order's alert to one more line above the tabs", async () => {
    const page = await newPage(PHONE);
    const { storeId } = await signedInOwner(page.context(), db, {
      displayName: "Panadería La Espiga",
      trialExpiration: inAMonth(),
    });
    const product = await createProduct(db, storeId, { name: "Concha", price: 14 });
    await createOrder(db, storeId, {
      lines: [{ productId: product.id, name: product.name, price: product.price, unit: product.unit }],
    });
    await gotoAdmin(page, "ordenes_pendientes");
    const alert = page.getByRole("alert").filter({ hasText: "1 orden nueva sin ver" });
    await alert.waitFor();
    const nav = page.getByRole("navigation", { name: "Secciones del panel" });
    const [alertBox, navBox] = [(await alert.boundingBox())!, (await nav.boundingBox())!];
    // The alert's words and its "Ver órdenes" share one line of about 44 px.
    expect(alertBox.height).toBeLessThanOrEqual(48);
    expect(navBox.y).toBeLessThanOrEqual(200 + alertBox.height);
    const heading = page.getByRole("heading", { name: "Órdenes pendientes", level: 2 });
    expect((await heading.boundingBox())!.y).toBeLessThan(PHONE.height / 2);
    await expectFits(page, "the panel with an unseen order");
    await saveScreenshot(page, "panel-orden-sin-ver-360");
    await page.context().close();
  });
});

describe("carousels", () => {
  /** A city of the test's own: six stores, and twelve sweets with pictures in one carousel. */
  async function cityWithStores() {
    const suffix = uniqueSuffix();
    const city = await createCity(db, { id: `pueblo-${suffix}`, name: `Pueblo ${suffix}` });
    for (let index = 0; index < 6; index++) {
      const store = await createStore(db, {
        id: `tiendita-${index}-${suffix}`,
        displayName: `Tiendita ${index}`,
        cityId: city.id,
        categoryId: "sweets",
      });
      for (let product = 0; product < 2; product++) {
        await createProduct(db, store.id, {
          name: `Dulce ${index}.${product}`,
          imageKey: `product-images/${store.id}/dulce-${product}.webp`,
        });
      }
    }
    return city;
  }

  /** The row's position once a smooth scroll has come to rest. */
  async function restingScroll(row: Locator, expected: number) {
    await expect.poll(() => row.evaluate((list) => list.scrollLeft)).toBe(expected);
  }

  it("moves a row exactly 240 px per button at 360 and 1280, and hides the buttons of a row that cannot scroll", async () => {
    const city = await cityWithStores();
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await newPage(viewport);
      await page.goto(`/c/${city.id}`);
      const sweets = page.getByRole("list", { name: "Postres y dulces" });
      const next = page.getByRole("button", { name: "Postres y dulces: siguiente" });
      const back = page.getByRole("button", { name: "Postres y dulces: anterior" });
      await expect.poll(() => next.isVisible()).toBe(true);
      await next.click();
      await restingScroll(sweets, CAROUSEL_STEP_PX);
      await next.click();
      await restingScroll(sweets, 2 * CAROUSEL_STEP_PX);
      await back.click();
      await restingScroll(sweets, CAROUSEL_STEP_PX);
      // Each button is disabled at its end of the row.
      await back.click();
      await restingScroll(sweets, 0);
      await expect.poll(() => back.isDisabled()).toBe(true);
      await sweets.evaluate((list) => list.scrollTo({ left: list.scrollWidth, behavior: "instant" }));
      await expect.poll(() => next.isDisabled()).toBe(true);

      const stores = page.getByRole("list", { name: `Tiendas de ${city.name}` });
      const storesNext = page.getByRole("button", { name: `Tiendas de ${city.name}: siguiente` });
      if (viewport === PHONE) {
        // Six stores overflow a phone: the strip steps 240 px too.
        await expect.poll(() => storesNext.isVisible()).toBe(true);
        await storesNext.click();
        await restingScroll(stores, CAROUSEL_STEP_PX);
      } else {
        // They fit a desktop: no buttons that would do nothing.
        await expect.poll(() => stores.evaluate((list) => list.scrollWidth <= list.clientWidth)).toBe(true);
        expect(await storesNext.isVisible()).toBe(false);
        expect(
          await page.getByRole("button", { name: `Tiendas de ${city.name}: anterior` }).isVisible(),
        ).toBe(false);
      }
      await expectAccessible(page);
      await page.context().close();
    }
  });
});

describe("a carousel of one or two cards", () => {
  it("neither overflows nor shows its buttons at 360 px", async () => {
    for (const cards of [1, 2]) {
      const suffix = uniqueSuffix();
      const city = await createCity(db, { id: `aldea-${suffix}`, name: `Aldea ${suffix}` });
      const store = await createStore(db, {
        id: `unica-${suffix}`,
        displayName: "Única",
        cityId: city.id,
        categoryId: "sweets",
      });
      for (let product = 0; product < cards; product++) {
        await createProduct(db, store.id, {
          name: `Cocada ${product}`,
          imageKey: `product-images/${store.id}/cocada-${product}.webp`,
        });
      }
      const page = await newPage(PHONE);
      await page.goto(`/c/${city.id}`);
      await page.locator('[data-measured="true"]').first().waitFor({ state: "attached" });
      // The city's one store in its strip, and its products in their category's row.
      for (const [label, count] of [
        [`Tiendas de ${city.name}`, 1],
        ["Postres y dulces", cards],
      ] as const) {
        const row = page.getByRole("list", { name: label });
        expect(await row.getByRole("listitem").count(), label).toBe(count);
        await expect
          .poll(() => row.evaluate((list) => list.scrollWidth - list.clientWidth), { message: label })
          .toBeLessThanOrEqual(0);
        // Measured by the page's script, the row says it does not scroll.
        const controls = row.locator("xpath=../div[@data-measured]");
        await expect.poll(() => controls.getAttribute("data-measured")).toBe("true");
        expect(await controls.getAttribute("data-scrolls"), label).toBe("false");
        for (const side of ["anterior", "siguiente"]) {
          expect(await page.getByRole("button", { name: `${label}: ${side}` }).isVisible(), label).toBe(
            false,
          );
        }
      }
      await expectFits(page, `a city of one store and ${cards} products`);
      await page.context().close();
    }
  });
});

describe("the checkout on a phone", () => {
  /** Opens a store's cart with one product in it. */
  async function cartOf(storeId: string, product: string) {
    const page = await newPage(PHONE);
    await page.goto(`/${storeId}`);
    await page.locator("[data-hydrated]").waitFor();
    await page.getByRole("article", { name: product }).getByRole("button", { name: "Agregar" }).click();
    await page.getByRole("tab", { name: /Carrito/ }).click();
    await page.getByRole("heading", { name: "Tu carrito" }).waitFor();
    return page;
  }

  it("a store that takes no orders while closed says so at the top of the cart, before the form", async () => {
    // Open from 9:00 to 18:00 every day, but closed today and tomorrow: closed now, whatever the time.
    const today = dateKey(localParts(new Date(), DEFAULT_TIME_ZONE));
    const store = await createStore(db, {
      settings: {
        allowPickup: true,
        outsideHours: "refuse",
        openingHours: {
          weekly: Array.from({ length: 7 }, () => [{ open: "09:00", close: "18:00" }]),
          exceptions: [
            { date: today, ranges: [] },
            { date: addDays(today, 1), ranges: [] },
          ],
        },
      },
    });
    await createProduct(db, store.id, { name: "Concha", price: 14 });
    const page = await cartOf(store.id, "Concha");
    const notice = page.getByText(
      /^Cerrado · abre el \S+ a las 9:00\. Vuelve cuando abramos para hacer tu pedido\.$/,
    );
    await notice.waitFor();
    expect(await notice.getAttribute("role")).toBe("status");
    // Said once, above the cart's lines and the form, on the screen the tab opens on.
    expect(
      await page.getByText("Vuelve cuando abramos para hacer tu pedido.", { exact: false }).count(),
    ).toBe(1);
    const top = await boxOf(notice);
    expect(top.bottom).toBeLessThanOrEqual(
      (await boxOf(page.getByRole("heading", { name: "Tu carrito" }))).top,
    );
    expect(top.bottom).toBeLessThanOrEqual(
      (await boxOf(page.getByRole("heading", { name: "Tus datos" }))).top,
    );
    expect(top.top).toBeGreaterThanOrEqual(0);
    expect(top.bottom).toBeLessThanOrEqual(PHONE.height);
    // The order button waits, and says why to whoever reaches it.
    const button = page.getByRole("button", { name: /Hacer pedido/ });
    expect(await button.isDisabled()).toBe(true);
    const describedBy = await button.getAttribute("aria-describedby");
    expect(await page.locator(`#${describedBy}`).textContent()).toBe(await notice.textContent());
    await expectFits(page, "the cart of a closed store");
    await expectAccessible(page);
    await page.context().close();

    // A store that configures no hours shows no notice.
    const always = await createStore(db, { settings: { allowPickup: true } });
    await createProduct(db, always.id, { name: "Bolillo", price: 3 });
    const open = await cartOf(always.id, "Bolillo");
    expect(await open.getByRole("status").filter({ hasText: "Vuelve cuando abramos" }).count()).toBe(0);
    expect(await open.getByRole("button", { name: /Hacer pedido/ }).isDisabled()).toBe(false);
    await open.context().close();
  });

  it("shows a long delivery zone's whole name at 360 px, and the postal code or the keyboard picks it", async () => {
    const long = "Fraccionamiento Jardines de la Asunción y Colonia Insurgentes Segunda Sección";
    const store = await createStore(db, {
      settings: {
        allowPickup: true,
        pickupAddress: "Calle Juan de Montoro 214, Zona Centro",
        allowDelivery: true,
        deliveryPricing: {
          zones: [
            { id: "centro", name: "Centro", postalCodes: ["20000"], fee: 35, minimum: 0 },
            { id: "jardines", name: long, postalCodes: ["20270"], fee: 45, minimum: 100 },
          ],
          flatFee: 0,
          freeOver: null,
        },
      },
    });
    await createProduct(db, store.id, { name: "Pastel", price: 420 });
    const page = await cartOf(store.id, "Pastel");
    // Picking up says where.
    await page
      .getByRole("radio", { name: "Recoger en tienda Calle Juan de Montoro 214, Zona Centro" })
      .waitFor();
    await page.getByRole("radio", { name: /Entrega a domicilio/ }).check();
    const zones = page.getByRole("group", { name: "Zona de entrega" });
    const jardines = zones.getByRole("radio", { name: new RegExp(`^${long}`) });
    await jardines.waitFor();
    // The name is whole: not cut in its box, nor past the form's edge.
    const name = zones.getByText(long, { exact: true });
    expect(await name.isVisible()).toBe(true);
    expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    expect(await within(name, page.getByRole("form", { name: "Tus datos" }))).toBe(true);
    expect(await lineCount(name)).toBeGreaterThan(1);
    expect(await zones.textContent()).toContain("Envío $45.00 · mínimo $100.00");

    // A postal code of the zone picks it.
    await page.getByLabel("Código postal (opcional)").fill("20270");
    await expect.poll(() => jardines.isChecked()).toBe(true);
    await expect.poll(() => page.getByTestId("delivery-fee").textContent()).toBe("$45.00");
    // The keyboard moves between zones as between any radio buttons.
    await jardines.focus();
    await page.keyboard.press("ArrowUp");
    await expect.poll(() => zones.getByRole("radio", { name: /^Centro/ }).isChecked()).toBe(true);
    await expect.poll(() => page.getByTestId("delivery-fee").textContent()).toBe("$35.00");
    await expectFits(page, "a long delivery zone");
    await expectAccessible(page);
    await page.context().close();
  });
});

/**
 * Colours of the page's elements that read as blue, as a list of "element: colour". CSS colours
 * of any notation are turned into sRGB through a canvas; SVG pictures and images are not
 * elements' colours and are not looked at.
 */
const BLUE_THINGS = `(() => {
  const canvas = document.createElement("canvas").getContext("2d");
  const rgb = (colour) => {
    canvas.clearRect(0, 0, 1, 1);
    canvas.fillStyle = "#000";
    canvas.fillStyle = colour;
    canvas.fillRect(0, 0, 1, 1);
    return canvas.getImageData(0, 0, 1, 1).data;
  };
  const blue = (colour) => {
    if (!colour || colour === "none" || colour === "transparent") return false;
    const [r, g, b, a] = [...rgb(colour)].map((value, index) => (index < 3 ? value / 255 : value / 255));
    if (a < 0.3) return false;
    const max = Math.max(r, g, b);
    const min = Math.min(r, g, b);
    const lightness = (max + min) / 2;
    if (max === min || lightness < 0.12 || lightness > 0.92) return false;
    const saturation = (max - min) / (1 - Math.abs(2 * lightness - 1));
    let hue = max === r ? ((g - b) / (max - min)) % 6 : max === g ? (b - r) / (max - min) + 2 : (r - g) / (max - min) + 4;
    hue = (hue * 60 + 360) % 360;
    return saturation > 0.35 && hue >= 195 && hue <= 265;
  };
  const found = [];
  for (const element of document.body.querySelectorAll("*")) {
    if (element.closest('[data-testid="store-preview"], [role="progressbar"], img, picture')) continue;
    const style = getComputedStyle(element);
    if (style.display === "none") continue;
    const colours = [style.backgroundColor, style.fill, style.stroke];
    if ([...element.childNodes].some((node) => node.nodeType === 3 && node.textContent.trim())) colours.push(style.color);
    for (const side of ["Top", "Right", "Bottom", "Left"]) {
      if (parseFloat(style["border" + side + "Width"]) > 0) colours.push(style["border" + side + "Color"]);
    }
    if (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0) colours.push(style.outlineColor);
    const hit = colours.find(blue);
    if (hit) found.push("<" + element.tagName.toLowerCase() + "> " + (element.textContent || "").trim().slice(0, 30) + ": " + hit);
  }
  return found;
})()`;

describe("colours and copy", () => {
  it("paints the panel and the platform's pages in Tianguis's terracotta, never blue; a store keeps its owner's colours", async () => {
    const page = await newPage(DESKTOP);
    await signIn(page.context(), DEMO_OWNER_EMAIL);
    for (const tab of ADMIN_TABS) {
      await gotoAdmin(page, tab.id);
      if (tab.id === "ordenes_completadas") await page.getByRole("row").nth(1).click();
      expect(await page.evaluate(BLUE_THINGS), tab.id).toEqual([]);
    }
    // The current tab is marked in the brand's colour.
    const marked = await page
      .locator('nav [aria-current="page"]')
      .evaluate((element) => getComputedStyle(element).borderBottomColor);
    expect(marked).toBe("rgb(194, 65, 12)");
    await page.getByRole("button", { name: "Cerrar sesión" }).click();

    const visitor = await newPage(DESKTOP);
    for (const path of ["/", "/i/login", "/i/signup", "/c/aguascalientes"]) {
      await visitor.goto(path);
      expect(await visitor.evaluate(BLUE_THINGS), path).toEqual([]);
    }
    await signIn(visitor.context(), DEMO_SUPERADMIN_EMAIL);
    await visitor.goto("/i/super-admin");
    expect(await visitor.evaluate(BLUE_THINGS), "/i/super-admin").toEqual([]);

    // A store whose owner chose blue keeps it on its own page.
    const store = await createStore(db, { settings: { primaryColor: "#1d4ed8" } });
    await createProduct(db, store.id);
    await visitor.goto(`/${store.id}`);
    await visitor.getByTestId("cart-status").waitFor();
    expect(
      await visitor
        .getByRole("heading", { level: 1 })
        .evaluate((element) => getComputedStyle(element.closest("header")!).backgroundColor),
    ).toBe("rgb(29, 78, 216)");
    await page.context().close();
    await visitor.context().close();
  });

  it("dims the page behind a modal enough to read as one", async () => {
    const page = await newPage(PHONE);
    await signedInOwner(page.context(), db);
    await gotoAdmin(page, "productos");
    const backdropAlpha = () =>
      page.evaluate(() => {
        const dialog = document.querySelector("dialog[open]")!;
        const canvas = document.createElement("canvas").getContext("2d")!;
        canvas.fillStyle = getComputedStyle(dialog, "::backdrop").backgroundColor;
        canvas.fillRect(0, 0, 1, 1);
        const [r, g, b, a] = canvas.getImageData(0, 0, 1, 1).data;
        return { darkness: 1 - (r! + g! + b!) / (3 * 255), alpha: a! / 255 };
      });
    await page.getByRole("button", { name: "Agregar producto" }).click();
    await page.getByRole("dialog", { name: "Agregar producto" }).waitFor();
    const product = await backdropAlpha();
    expect(product.alpha).toBeGreaterThanOrEqual(0.65);
    expect(product.darkness).toBeGreaterThan(0.8);
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Pausar pedidos" }).click();
    await page.getByRole("button", { name: "Agregar mensaje u hora de regreso" }).click();
    await page.getByRole("dialog", { name: "Mensaje y hora de regreso" }).waitFor();
    expect((await backdropAlpha()).alpha).toBeGreaterThanOrEqual(0.65);
    await page.context().close();
  });

  it("writes the WhatsApp confirmation's option and unit naturally, with no parentheses inside parentheses", async () => {
    const store = await createStore(db, {
      id: `pasteles-${uniqueSuffix()}`,
      settings: { phone: "4491234567", requireWhatsappConfirmation: true, allowPickup: true },
    });
    await createProduct(db, store.id, {
      name: "Pastel de tres leches",
      price: 420,
      variations: ["Grande (15 personas)", "Chico (8 personas)"],
    });
    await createProduct(db, store.id, {
      name: "Polvorones de nuez",
      price: 260,
      unit: "kg",
      quantityStep: 0.25,
    });
    const page = await newPage(PHONE);
    await page.goto(`/${store.id}`);
    await expect.poll(() => page.getByTestId("cart-status").textContent()).toBe("Carrito: 0 artículos");
    await page
      .getByRole("article", { name: "Pastel de tres leches" })
      .getByRole("button", { name: "Agregar" })
      .click();
    await page
      .getByRole("article", { name: "Polvorones de nuez" })
      .getByRole("button", { name: "Agregar" })
      .click();
    await expect.poll(() => page.getByTestId("cart-status").textContent()).toBe("Carrito: 2 artículos");
    await page.getByRole("tab", { name: /Carrito/ }).click();
    await page.getByLabel("Nombre").fill("Ana López");
    await page.getByRole("button", { name: /Hacer pedido/ }).click();
    const link = page.getByRole("link", { name: "Confirmar por WhatsApp" });
    const text = decodeURIComponent((await link.getAttribute("href"))!.split("?text=")[1]!);
    expect(text).toContain("• 1 × Pastel de tres leches — Grande (15 personas): $420.00");
    expect(text).toContain("• 0.25 kg de Polvorones de nuez: $65.00");
    expect(text).not.toMatch(/\([^()]*\(/);
    expect(text).not.toMatch(/\d pieza ×/);
    await page.context().close();
  });
});

describe("the super-admin erasing a shopper's data", () => {
  it("shows what will be erased before anything is, at 360 px; Cancelar keeps it, Sí, borrar erases it", async () => {
    const store = await createStore(db, { displayName: `Panadería ${uniqueSuffix()}` });
    const product = await createProduct(db, store.id);
    const order = await createOrder(db, store.id, {
      customerName: "Rosa Elvira Cantú",
      customerPhone: "4491234567",
      deliveryType: "delivery",
      address: "Calle Nogal 12, Col. Centro",
      comments: "Tocar dos veces",
      lines: [{ productId: product.id, name: product.name, price: 30, unit: "pieza" }],
    });
    const stored = async () =>
      (
        await db
          .select({ name: orders.customerName, erasedAt: orders.personalDataErasedAt })
          .from(orders)
          .where(and(eq(orders.storeId, store.id), eq(orders.id, order.id)))
      )[0]!;
    const page = await newPage(PHONE);
    await signIn(page.context(), DEMO_SUPERADMIN_EMAIL);
    await page.goto("/i/super-admin");
    await page.locator("main[data-hydrated]").waitFor();
    const panel = page.getByRole("region", { name: "Borrar los datos de un cliente" });
    await panel.getByLabel("Número de pedido").fill(order.id.toLowerCase());
    await panel.getByRole("button", { name: "Borrar los datos del cliente" }).click();

    const confirm = panel.getByRole("region", { name: "¿Borrar estos datos?" });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    // The heading takes the focus, so a keyboard or a screen reader lands on the question.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("confirmar-borrado");
    const shown = await confirm.innerText();
    for (const text of ["Rosa Elvira Cantú", "4491234567", "Calle Nogal 12, Col. Centro", store.id, "Notas"])
      expect(shown).toContain(text);
    await expectFits(page, "the erase confirmation");
    expect((await stored()).erasedAt).toBeNull();

    await confirm.getByRole("link", { name: "Cancelar" }).click();
    await expect.poll(() => confirm.count()).toBe(0);
    expect(await stored()).toMatchObject({ name: "Rosa Elvira Cantú", erasedAt: null });

    await panel.getByRole("button", { name: "Borrar los datos del cliente" }).click();
    await confirm.getByRole("button", { name: "Sí, borrar los datos" }).click();
    await expect
      .poll(() => panel.getByRole("status").textContent())
      .toBe(CLOSE_STORE_MESSAGES.erased(order.id, [store.id]));
    expect(await stored()).toMatchObject({ name: "", erasedAt: expect.any(Date) });
    await page.context().close();
  });
});

describe("the custom-domain panel at 360 px", () => {
  it("says a taken domain once, and once verified speaks of records in place", async () => {
    const taken = `pedidos.ocupado-${uniqueSuffix()}.mx`;
    const other = await createStore(db, NEGOCIO_PLAN);
    await db.insert(customDomains).values({ storeId: other.id, host: taken, token: "t", status: "verified" });
    const page = await newPage(PHONE);
    const { storeId } = await signedInOwner(page.context(), db, NEGOCIO_PLAN);
    await gotoAdmin(page, "configuracion");
    const form = page.getByRole("form", { name: "Dominio propio" });
    await form.getByLabel("Tu dominio").fill(taken);
    await form.getByRole("button", { name: "Guardar dominio" }).click();
    await expect.poll(() => page.getByText(DOMAIN_MESSAGES.taken).first().isVisible()).toBe(true);
    // Written once, next to the field; the announcement for screen readers is not drawn.
    const drawn = await page
      .getByText(DOMAIN_MESSAGES.taken)
      .evaluateAll(
        (elements) => elements.filter((element) => element.getBoundingClientRect().width > 1).length,
      );
    expect(drawn).toBe(1);
    expect(await page.getByRole("alert").filter({ hasText: DOMAIN_MESSAGES.taken }).count()).toBe(1);

    // Verified, the records exist: the panel asks to keep them, not to create them.
    const own = `pedidos.propio-${uniqueSuffix()}.mx`;
    await db.insert(customDomains).values({ storeId, host: own, token: "t", status: "verified" });
    await gotoAdmin(page, "configuracion");
    const records = page.getByRole("list", { name: "Registros DNS de tu dominio" });
    await records.waitFor();
    expect(await records.getByRole("listitem").count()).toBeGreaterThan(0);
    expect(await page.getByText("Registros DNS que debes crear").count()).toBe(0);
    await expectFits(page, "the custom-domain panel");
    await page.context().close();
  });
});
