/**
 * The demo marketplace a new visitor sees looks like neighbourhood shops —
 * every product has its own picture, prices are sensible for the unit they are sold by, and
 * several stores say when they are open. (That the pictures are the right drawings is checked in
 * tests/integration/demo-images.test.ts.)
 */
import { describe, expect, it } from "vitest";
import { DEMO_STORES } from "~/db/demo/demo-marketplace";
import { newPhonePage, useBrowser } from "../support/browser";

const browser = useBrowser();

/** What a shopper would still call a normal price, per unit sold. */
const SENSIBLE_PRICE: Record<string, [number, number]> = {
  pieza: [1, 5000],
  kg: [20, 2000],
  L: [10, 500],
  mL: [0.01, 2],
};

const visibleStores = DEMO_STORES.filter((store) => !store.isHidden);

describe("the demo marketplace", () => {
  it.each(visibleStores.map((store) => [store.displayName, store.id]))(
    "%s: every product has its own picture and a sensible price for its unit",
    async (_name, storeId) => {
      const page = await newPhonePage(browser.browser, browser.baseUrl);
      await page.goto(`/${storeId}`);
      await expect.poll(() => page.getByTestId("cart-status").textContent()).toBe("Carrito: 0 artículos");
      const products = page.getByRole("list", { name: "Productos" }).getByRole("article");
      expect(await products.count()).toBeGreaterThan(3);
      const pictures = new Set<string>();
      for (const product of await products.all()) {
        const text = (await product.textContent())!.replace(/\s+/g, " ");
        const [, amount, unit] = /\$([\d,]+\.\d{2}) \/ (pieza|kg|L|mL)/.exec(text) ?? [];
        expect(unit, text).toBeDefined();
        const price = Number(amount!.replace(/,/g, ""));
        const [low, high] = SENSIBLE_PRICE[unit!]!;
        expect(price, `${text.slice(0, 60)}: $${price} / ${unit}`).toBeGreaterThanOrEqual(low);
        expect(price, `${text.slice(0, 60)}: $${price} / ${unit}`).toBeLessThanOrEqual(high);

        const picture = product.getByRole("img");
        await picture.scrollIntoViewIfNeeded();
        await expect
          .poll(() => picture.evaluate((image) => (image as HTMLImageElement).naturalWidth))
          .toBeGreaterThan(0);
        pictures.add((await picture.getAttribute("src"))!);
      }
      expect(pictures.size).toBe(await products.count());
      await page.context().close();
    },
  );

  it("gives the bakery's JSON-LD its street, from the address where orders are picked up", async () => {
    const html = await (await fetch(`${browser.baseUrl}/panaderia-la-espiga`)).text();
    const stores = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)]
      .map((match) => JSON.parse(match[1]!) as { "@type": string; address?: Record<string, string> })
      .filter((data) => data["@type"] === "Store");
    expect(stores).toHaveLength(1);
    expect(stores[0]!.address).toMatchObject({
      "@type": "PostalAddress",
      streetAddress: "Calle Juan de Montoro 214, Zona Centro",
      addressCountry: "MX",
    });
  });

  it("says on several stores' pages whether they are open now", async () => {
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    const withHours = [];
    for (const store of visibleStores) {
      await page.goto(`/${store.id}`);
      await page.getByTestId("cart-status").waitFor();
      const status = page.getByTestId("open-status");
      if ((await status.count()) > 0) {
        expect(await status.textContent()).toMatch(/Abierto ahora|Cerrado/);
        withHours.push(store.id);
      }
    }
    expect(withHours.length).toBeGreaterThanOrEqual(3);
    await page.context().close();
  });
});
