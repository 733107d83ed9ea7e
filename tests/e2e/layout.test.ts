/**
 * Issue 14, item 7: a guard on the layout of every page a visitor or an owner opens, at a phone's
 * 360 × 740 and a desktop's 1280 × 800. Each page is photographed into test-results/layout/ (for
 * a person to look at; git-ignored) and fails when the document is wider than the viewport or
 * any text overflows, is cut in its box, or overlaps other text (tests/support/layout.ts reads
 * the geometry, not the pixels). axe runs on each as well.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_OWNER_EMAIL, DEMO_PASSWORD, DEMO_SUPERADMIN_EMAIL } from "~/db/demo/demo-marketplace";
import { ADMIN_TABS } from "~/domain/stores/admin-tabs";
import { expectAccessible, newPageAt, signInAs, useBrowser } from "../support/browser";
import { expectFits, saveScreenshot } from "../support/layout";

const browser = useBrowser();

const VIEWPORTS = [
  { name: "telefono", width: 360, height: 740 },
  { name: "escritorio", width: 1280, height: 800 },
] as const;

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

describe.each(VIEWPORTS)("layout at $width × $height", (viewport) => {
  it.each(PUBLIC_PAGES.map((entry) => [entry.name, entry] as const))("%s fits", async (_name, entry) => {
    const page = await newPageAt(browser.browser, browser.baseUrl, viewport);
    await page.goto(entry.path);
    await entry.ready(page);
    await saveScreenshot(page, `${entry.name}-${viewport.width}`);
    await expectFits(page, entry.path);
    await expectAccessible(page);
    await page.context().close();
  });

  describe("the demo owner's panel", () => {
    let context: BrowserContext;
    beforeAll(async () => {
      context = (await newPageAt(browser.browser, browser.baseUrl, viewport)).context();
      await signInAs(context, DEMO_OWNER_EMAIL, DEMO_PASSWORD);
    });
    afterAll(() => context?.close());

    it.each(ADMIN_TABS.map((tab) => [tab.id, tab.label] as const))("the %s tab fits", async (tab, label) => {
      const page = await context.newPage();
      await page.goto(`/i/admin?tab=${tab}`);
      await page.locator("main[data-hydrated]").waitFor();
      expect(await page.getByRole("link", { name: label, exact: true }).getAttribute("aria-current")).toBe(
        "page",
      );
      if (tab === "ordenes_completadas") {
        // With an order opened: its details are part of what must fit.
        await page.getByRole("row").nth(1).getByRole("button").click();
        await page.locator("[id^=order-details-]").waitFor();
      }
      await saveScreenshot(page, `panel-${tab}-${viewport.width}`);
      await expectFits(page, `/i/admin?tab=${tab}`);
      await expectAccessible(page);
      await page.close();
    });

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
