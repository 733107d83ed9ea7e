/**
 * Choice groups as a shopper and an owner meet them, on a phone (360 px): a size and extras picked
 * on the product card with the price following, the maximum said when passed, two lines for two
 * different choices in the cart, and the confirmation and its WhatsApp text listing them; the owner
 * adding groups in the product dialog, with a message beside a wrong field.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createOrder, createProduct, createStore } from "~/db/factories.server";
import { orderLines, products } from "~/db/schema";
import { CHOICE_MESSAGES } from "~/domain/products/choices";
import {
  expectAccessible,
  newPhonePage,
  signedInOwner,
  uniqueSuffix,
  useBrowser,
  useE2eDatabase,
} from "../support/browser";
import { TACO_GROUPS } from "../support/choice-groups";

const browser = useBrowser();
const db = useE2eDatabase();

const GROUPS = TACO_GROUPS;

describe("choices on the store page", () => {
  it("a shopper picks a size and extras, sees the price follow, and the order and its WhatsApp text list them", async () => {
    const store = await createStore(db, {
      id: `taqueria-${uniqueSuffix()}`,
      settings: { phone: "4491234567", requireWhatsappConfirmation: true, allowPickup: true },
    });
    await createProduct(db, store.id, {
      id: "tacos",
      name: "Orden de tacos",
      price: 45,
      choiceGroups: GROUPS,
    });
    await createProduct(db, store.id, { id: "agua", name: "Agua de jamaica", price: 25 });
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    await page.goto(`/${store.id}`);
    const status = page.getByTestId("cart-status");
    await expect.poll(() => status.textContent()).toBe("Carrito: 0 artículos");

    const card = page.getByRole("article", { name: "Orden de tacos" });
    const price = card.getByTestId("product-price");
    await expect.poll(() => price.textContent()).toMatch(/^\$45\.00/);
    // No size is chosen for the shopper: "Agregar" asks for one, beside the group, and adds nothing.
    for (const size of await card.getByRole("radio").all()) expect(await size.isChecked()).toBe(false);
    await card.getByRole("button", { name: "Agregar" }).click();
    const sizeGroup = card.getByRole("group", { name: /^Tamaño/ });
    await sizeGroup.getByText(CHOICE_MESSAGES.required("Tamaño")).waitFor();
    await expect
      .poll(() =>
        card.getByRole("radio", { name: /3 piezas/ }).evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
    expect(await card.getByRole("radio", { name: /3 piezas/ }).isChecked()).toBe(false);
    expect(await status.textContent()).toBe("Carrito: 0 artículos");
    await card.getByRole("radio", { name: /5 piezas/ }).check();
    await sizeGroup.getByText(CHOICE_MESSAGES.required("Tamaño")).waitFor({ state: "detached" });
    await expect.poll(() => price.textContent()).toMatch(/^\$70\.00/);
    // From the keyboard: Space ticks a focused checkbox.
    await card.getByRole("checkbox", { name: /Queso/ }).focus();
    await page.keyboard.press("Space");
    await card.getByRole("checkbox", { name: /Aguacate/ }).check();
    await expect.poll(() => price.textContent()).toMatch(/^\$95\.00/);
    // A third extra is one more than the group takes: not ticked, and the group says why.
    await card.getByRole("checkbox", { name: /Cebolla asada/ }).click();
    await card.getByText(CHOICE_MESSAGES.tooMany("Extras", 2)).waitFor();
    expect(await card.getByRole("checkbox", { name: /Cebolla asada/ }).isChecked()).toBe(false);
    await expect.poll(() => price.textContent()).toMatch(/^\$95\.00/);
    await expectAccessible(page);
    await card.getByRole("button", { name: "Agregar" }).click();

    // Another size without extras is another line.
    await card.getByRole("radio", { name: /3 piezas/ }).check();
    await card.getByRole("checkbox", { name: /Queso/ }).uncheck();
    await card.getByRole("checkbox", { name: /Aguacate/ }).uncheck();
    await expect.poll(() => price.textContent()).toMatch(/^\$45\.00/);
    await expect.poll(() => card.getByRole("button", { name: "Agregar" }).count()).toBe(1);
    await card.getByRole("button", { name: "Agregar" }).click();
    await expect.poll(() => status.textContent()).toBe("Carrito: 2 artículos");

    await page.getByRole("tab", { name: /Carrito/ }).click();
    const lines = page.getByTestId("cart-line-choices");
    await expect
      .poll(() => lines.allTextContents())
      .toEqual(["Tamaño: 5 piezas · Extras: Queso, Aguacate", "Tamaño: 3 piezas"]);
    await expect
      .poll(() =>
        page
          .getByLabel("Subtotal de Orden de tacos (Tamaño: 5 piezas · Extras: Queso, Aguacate)")
          .textContent(),
      )
      .toBe("$95.00");
    await expect.poll(() => page.getByTestId("cart-total").textContent()).toBe("$140.00");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.getByLabel("Nombre").fill("Ana López");
    await page.getByRole("button", { name: /Hacer pedido/ }).click();
    await expect.poll(() => page.getByRole("heading", { name: "¡Pedido recibido!" }).isVisible()).toBe(true);
    await page.getByText("— Tamaño: 5 piezas · Extras: Queso, Aguacate").waitFor();
    const whatsapp = await page.getByRole("link", { name: "Confirmar por WhatsApp" }).getAttribute("href");
    const text = decodeURIComponent(whatsapp!.split("?text=")[1]!);
    expect(text).toContain("• 1 × Orden de tacos — Tamaño: 5 piezas · Extras: Queso, Aguacate: $95.00");
    expect(text).toContain("• 1 × Orden de tacos — Tamaño: 3 piezas: $45.00");
    expect(text).toContain("Total: $140.00");

    const stored = await db.select().from(orderLines).where(eq(orderLines.storeId, store.id));
    expect(stored.map((line) => [line.price, line.choices.map((group) => group.group)])).toEqual([
      [95, ["Tamaño", "Extras"]],
      [45, ["Tamaño"]],
    ]);
    await page.context().close();
  });
});

describe("choice groups in the owner's product dialog", () => {
  it("an owner adds a size group and an extras group, with a message beside a wrong field", async () => {
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    const { storeId } = await signedInOwner(page.context(), db);
    await createProduct(db, storeId, { name: "Tacos", price: 40 });
    await page.goto("/i/admin?tab=productos");
    await page.locator("main[data-hydrated]").waitFor();
    await page
      .getByRole("listitem", { name: "Tacos" })
      .getByRole("button", { name: /Editar/ })
      .click();
    const dialog = page.getByRole("dialog", { name: "Editar producto" });
    await dialog.waitFor();

    await dialog.getByRole("button", { name: "Agregar grupo de opciones" }).click();
    const size = dialog.getByRole("group", { name: "Tamaño", exact: true });
    await size.getByLabel("Opción 1", { exact: true }).fill("3 piezas");
    await size.getByLabel("Precio (MXN)").fill("45");
    await size.getByRole("button", { name: "Agregar opción a Tamaño" }).click();
    await size.getByLabel("Opción 2", { exact: true }).fill("5 piezas");
    await size.getByLabel("Precio (MXN)").nth(1).fill("70");

    await dialog.getByRole("button", { name: "Agregar grupo de opciones" }).click();
    const extras = dialog.getByRole("group", { name: "Extras", exact: true });
    await extras.getByLabel("Opción 1", { exact: true }).fill("Queso");
    await extras.getByLabel("Suma (MXN)").fill("10");
    await extras.getByLabel("Máximo a elegir").fill("3");
    await dialog.getByRole("button", { name: "Guardar cambios" }).click();
    const minimum = extras.getByLabel("Mínimo a elegir");
    await expect.poll(() => minimum.getAttribute("aria-invalid")).toBe("true");
    await extras.getByText(CHOICE_MESSAGES.range).waitFor();
    await expect.poll(() => minimum.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(page);

    await extras.getByLabel("Máximo a elegir").fill("1");
    await dialog.getByRole("button", { name: "Guardar cambios" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page
      .getByRole("listitem", { name: "Tacos" })
      .getByText("Tamaño: 3 piezas, 5 piezas · Extras: Queso")
      .waitFor();
    const [saved] = await db.select().from(products).where(eq(products.storeId, storeId));
    expect(saved!.price).toBe(45);
    expect(
      saved!.choiceGroups.map((group) => [
        group.name,
        group.kind,
        group.min,
        group.max,
        group.options.length,
      ]),
    ).toEqual([
      ["Tamaño", "size", 1, 1, 2],
      ["Extras", "extras", 0, 1, 1],
    ]);

    await page.goto(`/${storeId}`);
    await page
      .getByRole("article", { name: "Tacos" })
      .getByRole("radio", { name: /5 piezas/ })
      .waitFor();
    await page.context().close();
  });
});

describe("choices in the owner's order history", () => {
  it("a completed order's detail lists its line's choices", async () => {
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    const { storeId } = await signedInOwner(page.context(), db);
    const tacos = await createProduct(db, storeId, { name: "Orden de tacos", choiceGroups: GROUPS });
    await createOrder(db, storeId, {
      status: "completed",
      completedAt: new Date(),
      lines: [
        {
          productId: tacos.id,
          name: tacos.name,
          price: 80,
          unit: "pieza",
          choices: [
            { group: "Tamaño", kind: "size", options: [{ name: "5 piezas", price: 70 }] },
            { group: "Extras", kind: "extras", options: [{ name: "Queso", price: 10 }] },
          ],
        },
      ],
    });
    await page.goto("/i/admin?tab=ordenes_completadas");
    await page.locator("main[data-hydrated]").waitFor();
    await page.getByRole("row").nth(1).click();
    await page.getByText("— Tamaño: 5 piezas · Extras: Queso").waitFor();
    await page.context().close();
  });
});
