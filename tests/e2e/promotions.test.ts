/**
 * Promotions as a shopper meets them on a phone (docs/decisions/036): the offer's badge on the
 * store page, a code typed in the cart with its refusal beside the field, then its discount line
 * and the new total, the order placed, and the discount on the confirmation and in the WhatsApp
 * text; and the owner's Promociones tab creating a code valid until a day, listing that day, and pausing it.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createProduct, createStore } from "~/db/factories.server";
import { discountCodes, offers } from "~/db/schema";
import { PROMOTION_MESSAGES } from "~/domain/promotions/promotions";
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

describe("a discount code in the cart", () => {
  it("types a code, sees why not, then its discount line and total, and the WhatsApp text carries it", async () => {
    const store = await createStore(db, {
      id: `promo-${uniqueSuffix()}`,
      ...NEGOCIO_PLAN,
      settings: {
        allowPickup: true,
        allowDelivery: false,
        phone: "4491234567",
        requireWhatsappConfirmation: true,
      },
    });
    const concha = await createProduct(db, store.id, { id: "concha", name: "Concha", price: 25 });
    await createProduct(db, store.id, { id: "oreja", name: "Oreja", price: 15 });
    await db.insert(discountCodes).values({
      storeId: store.id,
      id: "c1",
      code: "BIENVENIDA10",
      kind: "percent",
      value: 10,
      minSubtotal: 100,
    });
    await db.insert(offers).values({
      storeId: store.id,
      id: "o1",
      name: "2×1 en orejas",
      kind: "bundle",
      buy: 2,
      pay: 1,
      productIds: ["oreja"],
    });

    const page = await newPhonePage(browser.browser, browser.baseUrl);
    expect(page.viewportSize()?.width).toBe(360);
    await page.goto(`/${store.id}`);
    await expect.poll(() => page.getByTestId("cart-status").textContent()).toBe("Carrito: 0 artículos");
    await page.getByRole("article", { name: "Oreja" }).getByText("Oferta 2×1").waitFor();

    const card = page.getByRole("article", { name: concha.name });
    for (let i = 0; i < 2; i++) await card.getByRole("button", { name: "Agregar" }).click();
    const oreja = page.getByRole("article", { name: "Oreja" });
    for (let i = 0; i < 2; i++) await oreja.getByRole("button", { name: "Agregar" }).click();
    await expect.poll(() => page.getByTestId("cart-status").textContent()).toBe("Carrito: 4 artículos");
    await page.getByRole("tab", { name: /Carrito/ }).click();
    // The 2×1 applies by itself: $50 + $30 − $15.
    await expect
      .poll(() => page.getByTestId("cart-discount").allTextContents())
      .toEqual(["Oferta 2×1 en orejas−$15.00"]);
    expect(await page.getByTestId("cart-total").textContent()).toBe("$65.00");

    // Under the minimum: the reason beside the field, and no discount.
    const field = page.getByLabel("¿Tienes un código?");
    await field.fill("bienvenida10");
    await field.press("Enter");
    await page.getByText("Te faltan $35.00 para usar este código.").waitFor();
    expect(await field.getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByTestId("cart-discount").count()).toBe(1);

    // Two more conchas: $115 after the offer, the code applies to it.
    await page.getByRole("tab", { name: /Productos/ }).click();
    for (let i = 0; i < 2; i++) await card.getByRole("button", { name: "Agregar" }).click();
    await page.getByRole("tab", { name: /Carrito/ }).click();
    await page.getByRole("button", { name: "Aplicar" }).click();
    await page.getByTestId("coupon-applied").waitFor();
    // The combination rule, said in the cart.
    await page.getByText(PROMOTION_MESSAGES.combination).waitFor();
    await expect
      .poll(() => page.getByTestId("cart-discount").allTextContents())
      .toEqual(["Oferta 2×1 en orejas−$15.00", "Código BIENVENIDA10−$11.50"]);
    expect(await page.getByTestId("cart-total").textContent()).toBe("$103.50");
    await expectAccessible(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await page.getByLabel("Nombre").fill("Ana López");
    await page.getByRole("button", { name: /Hacer pedido/ }).click();
    await page.getByRole("heading", { name: "¡Pedido recibido!" }).waitFor();
    await expect
      .poll(() => page.getByTestId("order-discount").allTextContents())
      .toEqual(["Oferta 2×1 en orejas−$15.00", "Código BIENVENIDA10−$11.50"]);
    const whatsapp = await page.getByRole("link", { name: "Confirmar por WhatsApp" }).getAttribute("href");
    const text = decodeURIComponent(new URL(whatsapp!).searchParams.get("text")!);
    expect(text).toContain("Oferta 2×1 en orejas: −$15.00\nCódigo BIENVENIDA10: −$11.50");
    expect(text).toContain("Total: $103.50");
  });
});

describe("a code's refusal when the order is placed", () => {
  it("asks for the phone of a once-per-phone code beside the code's field, and forgets it once removed; a code with nothing to take says it does not apply", async () => {
    const store = await createStore(db, {
      id: `promo-${uniqueSuffix()}`,
      ...NEGOCIO_PLAN,
      settings: { allowPickup: true, allowDelivery: false },
    });
    await createProduct(db, store.id, { id: "concha", name: "Concha", price: 25 });
    await db
      .insert(discountCodes)
      .values({ storeId: store.id, id: "c1", code: "VECINO", kind: "amount", value: 5, oncePerPhone: true });
    // The café is free today: a code for the café has nothing to take.
    await createProduct(db, store.id, { id: "cafe", name: "Café", price: 20 });
    await db.insert(offers).values({
      storeId: store.id,
      id: "o1",
      name: "Café gratis",
      kind: "percent",
      percent: 100,
      productIds: ["cafe"],
    });
    await db
      .insert(discountCodes)
      .values({ storeId: store.id, id: "c2", code: "CAFE5", kind: "amount", value: 5, productIds: ["cafe"] });
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    await page.goto(`/${store.id}`);
    await expect.poll(() => page.getByTestId("cart-status").textContent()).toBe("Carrito: 0 artículos");
    await page.getByRole("article", { name: "Concha" }).getByRole("button", { name: "Agregar" }).click();
    await page.getByRole("tab", { name: /Carrito/ }).click();
    await page.getByLabel("¿Tienes un código?").fill("vecino");
    await page.getByRole("button", { name: "Aplicar" }).click();
    await expect
      .poll(() => page.getByTestId("cart-discount").allTextContents())
      .toEqual(["Código VECINO−$5.00"]);
    await page.getByLabel("Nombre").fill("Ana López");
    await page.getByRole("button", { name: /Hacer pedido/ }).click();
    await page.getByText(PROMOTION_MESSAGES.phoneNeeded).waitFor();
    await page.getByRole("button", { name: "Quitar código" }).click();
    expect(await page.getByText(PROMOTION_MESSAGES.phoneNeeded).count()).toBe(0);
    expect(await page.getByTestId("cart-total").textContent()).toBe("$25.00");

    await page.getByRole("tab", { name: /Productos/ }).click();
    await page.getByRole("article", { name: "Café" }).getByRole("button", { name: "Agregar" }).click();
    await page.getByRole("tab", { name: /Carrito/ }).click();
    await page.getByLabel("¿Tienes un código?").fill("cafe5");
    await page.getByRole("button", { name: "Aplicar" }).click();
    await page.getByText(PROMOTION_MESSAGES.noSaving).waitFor();
    expect(await page.getByTestId("cart-discount").allTextContents()).toEqual(["Oferta Café gratis−$20.00"]);
    expect(await page.getByTestId("cart-total").textContent()).toBe("$25.00");
  });
});

describe("the Promociones tab", () => {
  it("creates a code with its field's refusal first, lists it and pauses it, on a phone", async () => {
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    const { storeId } = await signedInOwner(page.context(), db, NEGOCIO_PLAN);
    await createProduct(db, storeId, { name: "Concha", price: 14 });
    await page.goto("/i/admin?tab=promociones");
    await page.locator("main[data-hydrated]").waitFor();
    await page.getByText("Aún no tienes códigos.", { exact: false }).waitFor();
    await expectAccessible(page);

    const form = page.locator("form", { has: page.getByRole("heading", { name: "Nuevo código" }) });
    await form.getByLabel("Código").fill("hola amigos!");
    await form.getByLabel("Descuento", { exact: true }).fill("10");
    await form.getByRole("button", { name: "Crear código" }).click();
    await form.getByText("Escribe un código de 3 a 20 letras o números, sin espacios.").waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("code");

    await form.getByLabel("Código").fill("verano15");
    await form.getByLabel("Compra mínima (opcional)").fill("150");
    await form.getByLabel("Hasta (opcional, incluido)").fill("2030-11-20");
    await form.getByRole("button", { name: "Crear código" }).click();
    await page.getByText("Promoción guardada.").waitFor();
    await page.getByText("VERANO15 · 10 % · mínimo $150.00").waitFor();
    // The last day the owner typed, in the store's time zone (the stored end is the midnight after it).
    await page.getByText("Usado 0 veces · válido hasta el 20/11/2030").waitFor();
    await page.getByRole("button", { name: "Pausar VERANO15" }).click();
    await page.getByRole("button", { name: "Reactivar VERANO15" }).waitFor();
    const [code] = await db
      .select()
      .from(discountCodes)
      .where(and(eq(discountCodes.storeId, storeId), eq(discountCodes.code, "VERANO15")));
    expect(code).toMatchObject({ kind: "percent", value: 10, minSubtotal: 150, paused: true });
  });
});
