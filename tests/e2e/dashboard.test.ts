/**
 * The Resumen tab in the real browser: the panel opens on Productos, Resumen when asked; its charts have a
 * text alternative, the periods switch, it fits 360 px, axe is clean, and its code loads only there.
 */
import { describe, expect, it } from "vitest";
import { createOrder, createProduct } from "~/db/factories.server";
import { analyticsEvents } from "~/db/schema";
import {
  expectAccessible,
  newPageAt,
  newPhonePage,
  signInAs,
  signedInOwner,
  useBrowser,
  useE2eDatabase,
} from "../support/browser";

const browser = useBrowser();
const db = useE2eDatabase();

/** Today at the given Mexico City hour (UTC−6 all year since 2022), as an instant. */
function todayAt(hour: number, minute: number) {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Mexico_City" }).format(new Date());
  return new Date(`${today}T${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}:00-06:00`);
}

describe("Resumen tab", () => {
  it("opens first for a store with orders and shows its charts with their data as text", async () => {
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    const { storeId } = await signedInOwner(page.context(), db, { displayName: "Panadería La Espiga" });
    const concha = await createProduct(db, storeId, { name: "Concha", price: 14 });
    const cafe = await createProduct(db, storeId, { name: "Café de olla", price: 30 });
    const line = (product: typeof concha, quantity: number) => ({
      productId: product.id,
      name: product.name,
      unit: "pieza" as const,
      price: product.price,
      quantity,
    });
    await createOrder(db, storeId, {
      status: "completed",
      createdAt: todayAt(13, 10),
      lines: [line(concha, 5)],
    });
    await createOrder(db, storeId, {
      status: "completed",
      createdAt: todayAt(13, 40),
      lines: [line(cafe, 1)],
    });
    await createOrder(db, storeId, {
      status: "pending",
      deliveryType: "delivery",
      address: "Calle 5 de Mayo 12",
      createdAt: todayAt(8, 5),
      lines: [line(cafe, 2)],
    });
    await db
      .insert(analyticsEvents)
      .values(
        Array.from({ length: 6 }, () => ({ name: "view_store_page", storeId, createdAt: todayAt(7, 0) })),
      );

    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    // The panel opens on Productos even with orders, and Resumen's code is not loaded there.
    await page.goto("/i/admin");
    await page.locator("main[data-hydrated]").waitFor();
    expect(await page.getByRole("link", { name: "Productos" }).getAttribute("aria-current")).toBe("page");
    expect(scripts.filter((url) => url.includes("dashboard-tab"))).toEqual([]);

    await page.goto("/i/admin?tab=resumen");
    await page.locator("main[data-hydrated]").waitFor();
    await page.getByRole("heading", { name: "Resumen", level: 2 }).waitFor();
    expect(await page.getByRole("link", { name: "Resumen" }).getAttribute("aria-current")).toBe("page");
    const figures = page.locator("dl");
    await figures.getByText("$100.00").waitFor();
    await figures.getByText("50 %").waitFor();

    const hours = page.getByRole("img", {
      name: "La hora con más pedidos es de 13:00 a 14:00, con 2 pedidos.",
    });
    await hours.waitFor();
    const hoursFigure = page.getByRole("figure").filter({ has: hours });
    await hoursFigure.getByText("Ver los datos").click();
    await hoursFigure.getByRole("row", { name: "13:00 a 14:00 2" }).waitFor();
    await page.getByRole("img", { name: /^Ventas de cada día, de \$0\.00 a \$100\.00\.$/ }).waitFor();
    await page.getByRole("list", { name: "Más vendidos por unidades" }).getByText("Concha").waitFor();
    expect(
      await page
        .getByRole("list", { name: "Más vendidos por monto" })
        .getByRole("listitem")
        .first()
        .textContent(),
    ).toContain("Concha");

    await page.getByRole("link", { name: "Hoy" }).click();
    await page.getByText(/^Hoy, /).waitFor();
    expect(await page.getByRole("link", { name: "Hoy" }).getAttribute("aria-current")).toBe("page");
    expect(page.url()).toContain("periodo=hoy");
    // One day has no line of daily sales; the bars stay.
    expect(await page.getByRole("img", { name: /^Ventas de cada día/ }).count()).toBe(0);
    await hours.waitFor();

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await page.context().close();
  });

  it("keeps the figures the server sent while the tab's code arrives, and hydrates them in place", async () => {
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    const { storeId } = await signedInOwner(page.context(), db);
    const pan = await createProduct(db, storeId, { name: "Bolillo", price: 3 });
    await createOrder(db, storeId, {
      status: "completed",
      lines: [{ productId: pan.id, name: pan.name, unit: "pieza", price: pan.price, quantity: 4 }],
    });
    // Whether the panel ever showed the tab's loading text: the server sends the figures themselves.
    await page.addInitScript(() => {
      const seen = () => {
        if (document.body?.textContent?.includes("Cargando resumen")) {
          (window as unknown as { loadingShown: boolean }).loadingShown = true;
        }
      };
      new MutationObserver(seen).observe(document, { childList: true, subtree: true, characterData: true });
    });
    // The tab's code is held back until the rest of the panel has hydrated and updated itself (its
    // hydration marker): a slow phone gets it last.
    let release!: () => void;
    let heldBack = false;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/assets/dashboard-tab-*.js", async (route) => {
      heldBack = true;
      await held;
      await route.continue();
    });
    await page.goto("/i/admin?tab=resumen");
    await page.locator("main[data-hydrated]").waitFor();
    expect(await page.locator("dl").count(), "the figures the server sent, still on screen").toBe(1);
    const served = await page.locator("dl").elementHandle();
    expect(heldBack).toBe(true);
    release();
    await page.waitForFunction(() =>
      Object.keys(document.querySelector("dl") ?? {}).some((key) => key.startsWith("__reactFiber$")),
    );
    expect(await served!.evaluate((node) => node.isConnected && node.textContent)).toContain("$12.00");
    expect(await page.evaluate(() => (window as unknown as { loadingShown?: boolean }).loadingShown)).toBe(
      undefined,
    );
    await page.context().close();
  });

  it("writes the charts' axis labels at one readable size, phone or desktop, none over another", async () => {
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    const { email, password, storeId } = await signedInOwner(page.context(), db);
    const pan = await createProduct(db, storeId, { name: "Bolillo", price: 3 });
    for (const daysAgo of [1, 5, 12, 20, 28]) {
      await createOrder(db, storeId, {
        status: "completed",
        createdAt: new Date(todayAt(12, 0).getTime() - daysAgo * 86_400_000),
        lines: [{ productId: pan.id, name: pan.name, unit: "pieza", price: pan.price, quantity: 2 }],
      });
    }
    await page.context().close();

    const sizes: string[] = [];
    for (const viewport of [
      { width: 360, height: 740 },
      { width: 1280, height: 800 },
    ]) {
      const wide = await newPageAt(browser.browser, browser.baseUrl, viewport);
      await signInAs(wide.context(), email, password);
      await wide.goto("/i/admin?tab=resumen&periodo=30dias");
      await wide.getByRole("img", { name: /^Ventas de cada día/ }).waitFor();
      const axes = await wide.locator("[data-chart-axis]").evaluateAll((rows) =>
        rows.map((row) =>
          [...row.querySelectorAll("span")].map((label) => {
            const box = label.getBoundingClientRect();
            const frame = row.getBoundingClientRect();
            return {
              text: label.textContent,
              size: getComputedStyle(label).fontSize,
              left: box.left,
              right: box.right,
              inside: box.left >= frame.left - 0.5 && box.right <= frame.right + 0.5,
            };
          }),
        ),
      );
      // Ventas por día, Pedidos por hora, Pedidos por día de la semana.
      expect(axes).toHaveLength(3);
      expect(axes[0]!.length, `${viewport.width} px: the dates shown`).toBeGreaterThanOrEqual(3);
      for (const labels of axes) {
        for (const label of labels) {
          expect(parseFloat(label.size)).toBeGreaterThanOrEqual(11);
          expect(label.inside, `${viewport.width} px: "${label.text}" inside its chart`).toBe(true);
          sizes.push(label.size);
        }
        for (let index = 1; index < labels.length; index++) {
          expect(
            labels[index]!.left,
            `${viewport.width} px: "${labels[index - 1]!.text}" and "${labels[index]!.text}" apart`,
          ).toBeGreaterThanOrEqual(labels[index - 1]!.right);
        }
      }
      await wide.context().close();
    }
    expect(new Set(sizes).size, "one size at 360 px and at 1280 px").toBe(1);
  });
});
