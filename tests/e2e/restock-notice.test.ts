/**
 * "Avísame cuando haya" (docs/decisions/030) on a phone: a shopper without an account asks for an
 * e-mail on a sold-out product in a small dialog (its message beside a wrong address, the keyboard
 * closing it), and the owner sees how many wait.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createProduct, createStore } from "~/db/factories.server";
import { restockRequests } from "~/db/schema";
import { RESTOCK_WORDS } from "~/domain/products/restock";
import { randomId } from "~/lib/ids";
import {
  expectAccessible,
  NEGOCIO_PLAN,
  newPhonePage,
  signedInOwner,
  uniqueSuffix,
  useBrowser,
  useE2eDatabase,
} from "../support/browser";

const browser = useBrowser();
const db = useE2eDatabase();

describe("Avísame cuando haya", () => {
  it("a shopper at 360 px asks by e-mail on a sold-out product and sees the confirmation", async () => {
    const store = await createStore(db, {
      id: `avisa-${uniqueSuffix()}`,
      ...NEGOCIO_PLAN,
      settings: { allowPickup: true, allowDelivery: false },
    });
    await createProduct(db, store.id, { id: "cuerno", name: "Cuerno", stock: 0 });
    await createProduct(db, store.id, { id: "bolillo", name: "Bolillo", stock: 50 });
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    expect(page.viewportSize()?.width).toBe(360);
    await page.goto(`/${store.id}`);
    await expect.poll(() => page.getByTestId("cart-status").textContent()).toBe("Carrito: 0 artículos");

    // Only the sold-out product offers it.
    expect(await page.getByRole("article", { name: "Bolillo" }).getByText(RESTOCK_WORDS.button).count()).toBe(
      0,
    );
    const open = page
      .getByRole("article", { name: "Cuerno" })
      .getByRole("button", { name: RESTOCK_WORDS.button });
    await open.click();
    const dialog = page.getByRole("dialog", { name: RESTOCK_WORDS.title("Cuerno") });
    await dialog.waitFor();
    // Esc closes it, as a dialog should; the button opens it again.
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await open.click();
    await dialog.waitFor();

    const field = dialog.getByLabel(RESTOCK_WORDS.emailLabel);
    await field.fill("ana@");
    await dialog.getByRole("button", { name: RESTOCK_WORDS.send, exact: true }).click();
    await dialog.getByText(RESTOCK_WORDS.email).waitFor();
    expect(await field.getAttribute("aria-invalid")).toBe("true");
    await expect.poll(() => field.evaluate((element) => element === document.activeElement)).toBe(true);
    await expectAccessible(page);
    // The dialog fits the phone: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    const address = `ana-${randomId(6).toLowerCase()}@example.com`;
    await field.fill(address);
    await field.press("Enter");
    await dialog.getByRole("status").getByText(RESTOCK_WORDS.done(address)).waitFor();
    await dialog.getByRole("link", { name: RESTOCK_WORDS.cancelLink }).waitFor();
    const stored = await db.select().from(restockRequests).where(eq(restockRequests.storeId, store.id));
    expect(stored).toMatchObject([{ productId: "cuerno", address, channel: "email" }]);
    await page.context().close();
  });

  it("the owner sees how many shoppers wait on the sold-out product", async () => {
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    const { storeId } = await signedInOwner(page.context(), db, NEGOCIO_PLAN);
    await createProduct(db, storeId, { id: "concha", name: "Concha", stock: 0 });
    await createProduct(db, storeId, { id: "oreja", name: "Oreja", stock: 0 });
    await db.insert(restockRequests).values(
      ["a", "b"].map((name) => ({
        storeId,
        productId: "concha",
        address: `${name}-${randomId(6).toLowerCase()}@example.com`,
        token: randomId(32),
        origin: browser.baseUrl,
      })),
    );
    await page.goto("/i/admin?tab=productos");
    await page.locator("main[data-hydrated]").waitFor();
    await page.getByRole("listitem", { name: "Concha" }).getByText(RESTOCK_WORDS.waiting(2)).waitFor();
    expect(await page.getByRole("listitem", { name: "Oreja" }).textContent()).not.toContain("aviso");
    await page.context().close();
  });
});
