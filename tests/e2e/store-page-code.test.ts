/**
 * The store page's JavaScript (docs/decisions/003): what its first load costs a phone, as Chromium
 * receives it, against the page's budget; and the parts loaded on a tap (the checkout, "Avísame")
 * when their code is slow or lost on the way.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createProduct, createStore } from "~/db/factories.server";
import { discountCodes, offers } from "~/db/schema";
import { RESTOCK_WORDS } from "~/domain/products/restock";
import { selectorClasses } from "~/lib/page-cache/critical-css";
import { NEGOCIO_PLAN, newPhonePage, uniqueSuffix, useBrowser, useE2eDatabase } from "../support/browser";
import { TACO_GROUPS } from "../support/choice-groups";
import { untilKept } from "../support/kept-pages";

const browser = useBrowser();
const db = useE2eDatabase();

/** The store page's budget: every script of its first load, as sent (compressed, with its headers). */
const BUDGET_BYTES = 80 * 1024;
const PART_WORDS = {
  loading: "Cargando…",
  failed: "No pudimos cargar esta sección. Revisa tu conexión e intenta de nuevo.",
  retry: "Reintentar",
};

/**
 * A store that uses every feature the store page has code for: sizes and extras, options, stock
 * (sold out, and a few left), an offer and a discount code, categories.
 */
async function storeWithEverything() {
  const store = await createStore(db, {
    id: `todo-${uniqueSuffix()}`,
    ...NEGOCIO_PLAN,
    settings: { allowPickup: true, allowDelivery: true, phone: "4491234567" },
  });
  await createProduct(db, store.id, {
    id: "tacos",
    name: "Orden de tacos",
    price: 45,
    category: "Tacos",
    choiceGroups: TACO_GROUPS,
  });
  await createProduct(db, store.id, {
    id: "agua",
    name: "Agua fresca",
    price: 25,
    category: "Bebidas",
    variations: ["Jamaica", "Horchata"],
  });
  await createProduct(db, store.id, { id: "gringa", name: "Gringa", price: 60, category: "Tacos", stock: 0 });
  await createProduct(db, store.id, {
    id: "flan",
    name: "Flan",
    price: 35,
    category: "Postres",
    stock: 3,
    lowStockThreshold: 5,
  });
  await db
    .insert(discountCodes)
    .values({ storeId: store.id, id: "c1", code: "PRIMERA", kind: "percent", value: 10 });
  await db.insert(offers).values({
    storeId: store.id,
    id: "o1",
    name: "2×1 en aguas",
    kind: "bundle",
    buy: 2,
    pay: 1,
    productIds: ["agua"],
  });
  return store;
}

/** Every script the page receives from now on, by address, with the bytes Chromium counted for it. */
async function recordScripts(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const addresses = new Map<string, string>();
  const sent = new Map<string, number>();
  cdp.on("Network.responseReceived", (event) => {
    if (event.type === "Script") addresses.set(event.requestId, event.response.url);
  });
  cdp.on("Network.loadingFinished", (event) => {
    const address = addresses.get(event.requestId);
    if (address) sent.set(address, event.encodedDataLength);
  });
  return sent;
}

/** The classes the rules of the page's stylesheets are for: only the kept page's own (`inline`), or all. */
async function classesWithRules(page: Page, which: "inline" | "all") {
  const selectors = await page.evaluate((only) => {
    const found: string[] = [];
    const walk = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule) found.push(rule.selectorText);
        if ("cssRules" in rule) walk((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) {
      if (only === "all" || (sheet.ownerNode as Element | null)?.matches("style[data-stylesheet]")) {
        walk(sheet.cssRules);
      }
    }
    return found;
  }, which);
  return new Set(selectors.flatMap(selectorClasses));
}

/** Every class on the page's elements now. */
const classesDrawn = (page: Page) =>
  page.evaluate(() => [
    ...new Set(Array.from(document.querySelectorAll("[class]")).flatMap((el) => [...el.classList])),
  ]);

describe("the store page's stylesheet", () => {
  it("draws its first screen from the rules inside the page, and links the whole stylesheet for what it draws later", async () => {
    const store = await storeWithEverything();
    // The page as kept: the rules of what it draws, half the whole stylesheet or less, which it names.
    const kept = await untilKept(browser.baseUrl, `/${store.id}`);
    expect(kept.cache).toBe("HIT");
    const [, href, inline] = /<style data-stylesheet="([^"]+)">([\s\S]*?)<\/style>/.exec(kept.html) ?? [];
    expect(href).toMatch(/^\/assets\/[\w-]+\.css$/);
    const whole = await (await fetch(`${browser.baseUrl}${href}`)).text();
    expect(inline!.length).toBeLessThan(whole.length / 2);

    // Without scripts, the first screen as a phone paints it before any: a grid of products whose
    // photos keep their shape, with nothing but the rules inside the page.
    const still = await browser.browser.newContext({
      baseURL: browser.baseUrl,
      viewport: { width: 360, height: 740 },
      javaScriptEnabled: false,
    });
    const first = await still.newPage();
    await first.goto(`/${store.id}`);
    expect(await first.locator('link[rel="stylesheet"]').count()).toBe(0);
    const list = first.getByRole("list", { name: "Productos" });
    expect(await list.evaluate((el) => getComputedStyle(el).display)).toBe("grid");
    const gringa = first.getByRole("article", { name: "Gringa" });
    expect(await gringa.evaluate((el) => getComputedStyle(el).borderRadius)).toBe("12px");
    const drawnFirst = await classesDrawn(first);
    const firstRules = await classesWithRules(first, "inline");
    await still.close();

    // With scripts: once painted, the whole stylesheet is linked; what a tap draws later (the
    // cart, "Avísame") has its rules, though the page did not carry them.
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    await page.goto(`/${store.id}`);
    await page.locator("[data-hydrated]").waitFor();
    await expect.poll(() => page.locator(`link[rel="stylesheet"][href="${href}"]`).count()).toBe(1);
    await page.getByRole("button", { name: RESTOCK_WORDS.button }).click();
    await page
      .getByRole("dialog", { name: RESTOCK_WORDS.title("Gringa") })
      .getByLabel(RESTOCK_WORDS.emailLabel)
      .waitFor();
    const allRules = await classesWithRules(page, "all");
    const later = (await classesDrawn(page)).filter(
      (name) => !drawnFirst.includes(name) && !firstRules.has(name) && allRules.has(name),
    );
    expect(later.length, "classes drawn after a tap that the page did not carry").toBeGreaterThan(0);
    // Every class the first screen draws had its rules inside the page.
    const wholeRules = allRules;
    expect(drawnFirst.filter((name) => wholeRules.has(name) && !firstRules.has(name))).toEqual([]);
    await page.context().close();
  });
});

describe("the store page's JavaScript", () => {
  it(`sends at most ${BUDGET_BYTES / 1024} KB of script on its first load, with every feature on the page`, async () => {
    const store = await storeWithEverything();
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    const sent = await recordScripts(page);
    await page.goto(`/${store.id}`);
    // Everything is on the page and hydrated: the feature's own markup is there to be hydrated.
    await page.locator("[data-hydrated]").waitFor();
    await page.getByRole("button", { name: RESTOCK_WORDS.button }).waitFor();
    await page.getByRole("group", { name: /Extras/ }).waitFor();
    await page.getByTestId("offer-badge").waitFor();
    await page.waitForLoadState("networkidle");

    const total = [...sent.values()].reduce((sum, bytes) => sum + bytes, 0);
    const files = [...sent].map(([address, bytes]) => `${address.split("/").pop()} ${bytes}`);
    expect(sent.size).toBeGreaterThan(0);
    expect(total, `the first load's scripts: ${files.join(", ")}`).toBeLessThanOrEqual(BUDGET_BYTES);
    await page.context().close();
  });

  it("Avísame's code lost on the way: the dialog says so in Spanish, Reintentar shows Cargando… and then the form", async () => {
    const store = await storeWithEverything();
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    await page.goto(`/${store.id}`);
    await page.locator("[data-hydrated]").waitFor();

    let lost = true;
    let holding = true;
    // The second try's request is held until the test has seen Cargando…; `held` resolves once it
    // is, with the function that lets it go (a release before the request arrives would be lost).
    let letGo: (release: () => void) => void = () => {};
    const held = new Promise<() => void>((resolve) => (letGo = resolve));
    await page.route("**/assets/restock-dialog-*.js", async (route) => {
      if (lost) return route.abort("internetdisconnected");
      if (holding) {
        holding = false;
        await new Promise<void>((resolve) => letGo(resolve));
      }
      await route.continue();
    });
    const open = page.getByRole("button", { name: RESTOCK_WORDS.button });
    await open.click();
    const failure = page.getByRole("dialog").getByRole("alert");
    await failure.getByText(PART_WORDS.failed).waitFor();

    lost = false;
    await failure.getByRole("button", { name: PART_WORDS.retry }).click();
    await page.getByRole("dialog").getByRole("status").getByText(PART_WORDS.loading).waitFor();
    (await held)();
    const dialog = page.getByRole("dialog", { name: RESTOCK_WORDS.title("Gringa") });
    await dialog.getByLabel(RESTOCK_WORDS.emailLabel).waitFor();
    await expect.poll(() => page.getByRole("dialog").count()).toBe(1);
    // The form works: a wrong address gets its message.
    await dialog.getByLabel(RESTOCK_WORDS.emailLabel).fill("ana@");
    await dialog.getByRole("button", { name: RESTOCK_WORDS.send, exact: true }).click();
    await dialog.getByText(RESTOCK_WORDS.email).waitFor();
    await page.context().close();
  });

  it("the checkout's code lost on the way: the cart tab says so, and Reintentar shows the cart with its line", async () => {
    const store = await storeWithEverything();
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    await page.goto(`/${store.id}`);
    await page.locator("[data-hydrated]").waitFor();

    let lost = true;
    await page.route("**/assets/cart-panel-*.js", (route) =>
      lost ? route.abort("internetdisconnected") : route.continue(),
    );
    const agua = page.getByRole("article", { name: "Agua fresca" });
    await agua.getByRole("button", { name: "Agregar" }).click();
    await expect.poll(() => page.getByTestId("cart-status").textContent()).toBe("Carrito: 1 artículo");
    await page.getByRole("tab", { name: /Carrito/ }).click();
    const panel = page.getByRole("tabpanel", { name: /Carrito/ });
    await panel.getByRole("alert").getByText(PART_WORDS.failed).waitFor();

    lost = false;
    await panel.getByRole("button", { name: PART_WORDS.retry }).click();
    await panel.getByRole("heading", { name: "Tus datos" }).waitFor();
    await panel.getByText("Agua fresca").first().waitFor();
    await page.context().close();
  });
});
