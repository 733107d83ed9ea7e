/**
 * A guard on the layout of every page a visitor or an owner opens, at a phone's
 * 360 × 740 and a desktop's 1280 × 800. Each page is photographed into test-results/layout/ (for
 * a person to look at; git-ignored) and fails when the document is wider than the viewport or
 * any text overflows, is cut in its box, or overlaps other text (tests/support/layout.ts reads
 * the geometry, not the pixels). axe runs on each as well. Besides the pages a visitor browses to,
 * the ones reached by a link: a product's own page, a shopper's order tracking page (an order
 * placed through the factories in a store with long names) and the page after closing a store.
 */
import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_OWNER_EMAIL, DEMO_PASSWORD, DEMO_SUPERADMIN_EMAIL } from "~/db/demo/demo-marketplace";
import { createOrder, createProduct, createStore } from "~/db/factories.server";
import { orderEvents, orders, products } from "~/db/schema";
import type { ProductUnit } from "~/domain/products/product-units";
import { ADMIN_TABS } from "~/domain/team/admin-tabs";
import type { Database } from "~/db/client.server";
import { expectAccessible, newPageAt, signInAs, useBrowser, useE2eDatabase } from "./browser";
import { expectFits, saveScreenshot } from "./layout";

export const VIEWPORTS = {
  phone: { name: "telefono", width: 360, height: 740 },
  desktop: { name: "escritorio", width: 1280, height: 800 },
} as const;
type Viewport = (typeof VIEWPORTS)[keyof typeof VIEWPORTS];

/** The public pages, and what shows that each has finished arriving. */
const PUBLIC_PAGES: { name: string; path: string; ready: (page: Page) => Promise<unknown> }[] = [
  { name: "inicio", path: "/", ready: (page) => page.getByRole("heading", { level: 1 }).waitFor() },
  {
    name: "tienda",
    path: "/panaderia-la-espiga",
    ready: (page) => page.locator("[data-hydrated]").waitFor(),
  },
  {
    name: "ciudad",
    path: "/c/aguascalientes",
    // The carousels' buttons show (or stay hidden) once the rows are measured.
    ready: (page) => page.locator('[data-measured="true"]').first().waitFor({ state: "attached" }),
  },
  {
    name: "entrar",
    path: "/i/login",
    ready: (page) => page.getByRole("button", { name: "Entrar" }).waitFor(),
  },
  {
    name: "registro",
    path: "/i/signup",
    ready: (page) => page.locator("[data-hydrated]").waitFor(),
  },
  {
    name: "olvide-contrasena",
    path: "/i/olvide-contrasena",
    ready: (page) => page.getByRole("heading", { level: 1 }).waitFor(),
  },
];

/** A demo product with its photo: its own page opens the store with it first. */
async function demoProductPath(db: Database) {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.storeId, "panaderia-la-espiga"),
        eq(products.available, true),
        isNotNull(products.imageKey),
      ),
    )
    .orderBy(asc(products.id))
    .limit(1);
  return `/panaderia-la-espiga/p/${product!.id}`;
}

/**
 * An order a shopper follows, placed through the factories, with what makes the page long and
 * wide: a long store name and address, a variation, a transfer still to make, two steps.
 */
async function trackingPath(db: Database) {
  const store = await createStore(db, {
    displayName: "Tamales y Atoles Doña Guadalupe del Barrio de San Marcos",
    settings: {
      allowDelivery: true,
      phone: "4491234567",
      contactEmail: "pedidos.tamales.dona.guadalupe@example.com",
      paymentMethods: ["cash", "transfer"],
      bankName: "BBVA México",
      bankAccountHolder: "María Guadalupe Hernández Rodríguez",
      clabe: "002115016003269411",
    },
  });
  const tamal = await createProduct(db, store.id, {
    name: "Tamal de rajas con queso y elote envuelto en hoja de plátano",
    price: 28,
    variations: ["Grande (para compartir)", "Chico"],
  });
  const atole = await createProduct(db, store.id, {
    name: "Champurrado",
    price: 60,
    unit: "L",
    quantityStep: 0.5,
  });
  const order = await createOrder(db, store.id, {
    deliveryType: "delivery",
    address:
      "Calle Venustiano Carranza 1234, interior 5, Barrio de San Marcos, entre Juan de Montoro y Nieto, Aguascalientes",
    comments: "Por favor toquen el timbre dos veces; el perro no muerde.",
    lines: [
      { ...lineOf(tamal), quantity: 12, variation: "Grande (para compartir)" },
      { ...lineOf(atole), quantity: 1.5 },
    ],
  });
  await db
    .update(orders)
    .set({ paymentMethod: "transfer", step: "accepted" })
    .where(and(eq(orders.storeId, store.id), eq(orders.id, order.id)));
  await db.insert(orderEvents).values([
    { storeId: store.id, orderId: order.id, kind: "placed" },
    { storeId: store.id, orderId: order.id, kind: "accepted" },
  ]);
  return `/s/${store.id}/pedido/${order.id}`;
}

const lineOf = (product: { id: string; name: string; price: number; unit: ProductUnit }) => ({
  productId: product.id,
  name: product.name,
  price: product.price,
  unit: product.unit,
});

/** Pages reached by a link rather than by browsing, and what shows that each has arrived. */
const LINKED_PAGES: {
  name: string;
  path: (db: Database) => Promise<string>;
  ready: (page: Page, path: string) => Promise<unknown>;
}[] = [
  {
    name: "producto",
    path: demoProductPath,
    ready: (page) => page.locator("[data-hydrated]").waitFor(),
  },
  {
    name: "seguimiento",
    path: trackingPath,
    // Hydrated: the page follows its order's live stream.
    ready: (page, path) => page.waitForRequest(`**${path}/stream`),
  },
  {
    name: "tienda-cerrada",
    path: async () => "/i/tienda-cerrada",
    ready: (page) => page.getByRole("heading", { name: "Tu tienda se cerró" }).waitFor(),
  },
];

/**
 * The guard at one viewport, for the pages a visitor opens or for the panels an owner and the
 * super-administrator open. Each viewport and part is a test file of its own, so that they run
 * side by side instead of one after the other.
 */
export function layoutSuite(viewport: Viewport, part: "public" | "panels") {
  const browser = useBrowser();
  const db = useE2eDatabase();
  if (part === "public") publicPages(viewport, browser, db);
  else panels(viewport, browser);
}

function publicPages(viewport: Viewport, browser: ReturnType<typeof useBrowser>, db: Database) {
  describe(`public pages at ${viewport.width} × ${viewport.height}`, () => {
    it.each(LINKED_PAGES.map((entry) => [entry.name, entry] as const))("%s fits", async (_name, entry) => {
      const path = await entry.path(db);
      const page = await newPageAt(browser.browser, browser.baseUrl, viewport);
      const ready = entry.ready(page, path);
      await page.goto(path);
      await ready;
      await saveScreenshot(page, `${entry.name}-${viewport.width}`);
      await expectFits(page, path);
      await expectAccessible(page);
      await page.context().close();
    });

    it.each(PUBLIC_PAGES.map((entry) => [entry.name, entry] as const))("%s fits", async (_name, entry) => {
      const page = await newPageAt(browser.browser, browser.baseUrl, viewport);
      await page.goto(entry.path);
      await entry.ready(page);
      await saveScreenshot(page, `${entry.name}-${viewport.width}`);
      await expectFits(page, entry.path);
      await expectAccessible(page);
      await page.context().close();
    });
  });
}

function panels(viewport: Viewport, browser: ReturnType<typeof useBrowser>) {
  describe(`panels at ${viewport.width} × ${viewport.height}`, () => {
    describe("the demo owner's panel", () => {
      let context: BrowserContext;
      beforeAll(async () => {
        context = (await newPageAt(browser.browser, browser.baseUrl, viewport)).context();
        await signInAs(context, DEMO_OWNER_EMAIL, DEMO_PASSWORD);
      });
      afterAll(() => context?.close());

      it.each(ADMIN_TABS.map((tab) => [tab.id, tab.label] as const))(
        "the %s tab fits",
        async (tab, label) => {
          const page = await context.newPage();
          await page.goto(`/i/admin?tab=${tab}`);
          await page.locator("main[data-hydrated]").waitFor();
          expect(
            await page.getByRole("link", { name: label, exact: true }).getAttribute("aria-current"),
          ).toBe("page");
          if (tab === "ordenes_completadas") {
            // With an order opened: its details are part of what must fit.
            await page.getByRole("row").nth(1).getByRole("button").click();
            await page.locator("[id^=order-details-]").waitFor();
          }
          await saveScreenshot(page, `panel-${tab}-${viewport.width}`);
          await expectFits(page, `/i/admin?tab=${tab}`);
          await expectAccessible(page);
          await page.close();
        },
      );

      it("the Cuenta area fits", async () => {
        const page = await context.newPage();
        await page.goto("/i/cuenta");
        await page.locator("main[data-hydrated]").waitFor();
        await saveScreenshot(page, `cuenta-${viewport.width}`);
        await expectFits(page, "/i/cuenta");
        await expectAccessible(page);
        await page.close();
      });
    });

    it("the super-administrator's panel fits", async () => {
      const page = await newPageAt(browser.browser, browser.baseUrl, viewport);
      await signInAs(page.context(), DEMO_SUPERADMIN_EMAIL, DEMO_PASSWORD);
      await page.goto("/i/super-admin");
      await page.locator("main[data-hydrated]").waitFor();
      await saveScreenshot(page, `super-admin-${viewport.width}`);
      await expectFits(page, "/i/super-admin");
      await expectAccessible(page);
      await page.context().close();
    });
  });
}
