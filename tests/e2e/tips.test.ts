/**
 * Propina on a phone (360 × 740): the owner offers 10, 15 and 20 % in Configuración; the shopper's
 * checkout shows "Sin propina" chosen, picks 15 % with the keyboard, sees its amount and "Total a
 * pagar", and sends; the confirmation, the owner's pending order and the Resumen show the tip apart.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createProduct } from "~/db/factories.server";
import { orders } from "~/db/schema";
import { TIP_MESSAGES } from "~/domain/orders/tips";
import {
  expectAccessible,
  newPhonePage,
  signedInOwner,
  useBrowser,
  useE2eDatabase,
} from "../support/browser";

const browser = useBrowser();
const db = useE2eDatabase();

const noOverflow = (page: Awaited<ReturnType<typeof newPhonePage>>) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe("propina", () => {
  it("the owner offers it, the shopper picks 15 % and sends, the owner sees it apart and summed", async () => {
    const owner = await newPhonePage(browser.browser, browser.baseUrl);
    const { storeId } = await signedInOwner(owner.context(), db, {
      displayName: "Café La Espiga",
      settings: { allowPickup: true, allowDelivery: false },
    });
    // 3 × 33.30 = 99.90; 15 % = 14.985 → $14.99; to pay $114.89.
    await createProduct(db, storeId, { name: "Café de olla", price: 33.3 });

    await owner.goto("/i/admin?tab=configuracion");
    await owner.locator("main[data-hydrated]").waitFor();
    const settings = owner.locator("form", { has: owner.getByRole("heading", { name: "Propina" }) });
    await settings.getByLabel("Ofrecer propina").check();
    await settings.getByLabel(/Porcentajes sugeridos/).fill("10, 15, 20, 25");
    await settings.getByRole("button", { name: "Guardar propina" }).click();
    await settings.getByText(TIP_MESSAGES.percentages).first().waitFor();
    await settings.getByLabel(/Porcentajes sugeridos/).fill("10, 15, 20");
    await settings.getByRole("button", { name: "Guardar propina" }).click();
    await settings.getByText(TIP_MESSAGES.saved).waitFor();

    const shopper = await newPhonePage(browser.browser, browser.baseUrl);
    expect(shopper.viewportSize()).toEqual({ width: 360, height: 740 });
    await shopper.goto(`/${storeId}`);
    await expect.poll(() => shopper.getByTestId("cart-status").textContent()).toBe("Carrito: 0 artículos");
    const card = shopper.getByRole("article", { name: "Café de olla" });
    for (let i = 0; i < 3; i++) await card.getByRole("button", { name: "Agregar" }).click();
    await expect.poll(() => shopper.getByTestId("cart-status").textContent()).toBe("Carrito: 3 artículos");
    await shopper.getByRole("tab", { name: /Carrito/ }).click();

    const tips = shopper.getByRole("group", { name: "Propina" });
    await tips.waitFor();
    await tips.getByText("Los porcentajes son del subtotal con descuentos ($99.90), sin el envío.").waitFor();
    // Nothing chosen for the shopper but "Sin propina".
    expect(await tips.getByRole("radio", { name: "Sin propina" }).isChecked()).toBe(true);
    for (const name of [/^10 %/, /^15 %/, /^20 %/])
      expect(await tips.getByRole("radio", { name }).isChecked()).toBe(false);
    expect(await shopper.getByTestId("cart-total").textContent()).toBe("$99.90");
    expect(await shopper.getByTestId("cart-tip").count()).toBe(0);

    // The keyboard moves through the group as through any radio group.
    await tips.getByRole("radio", { name: "Sin propina" }).focus();
    await shopper.keyboard.press("ArrowDown");
    await shopper.keyboard.press("ArrowDown");
    expect(await tips.getByRole("radio", { name: /^15 %/ }).isChecked()).toBe(true);
    // The amount each percentage comes to, said beside it.
    await tips
      .locator("label", { has: shopper.getByRole("radio", { name: /^15 %/ }) })
      .getByText("$14.99")
      .waitFor();
    await expect.poll(() => shopper.getByTestId("cart-tip").textContent()).toBe("$14.99");
    await shopper.getByText("Propina (15 %)").waitFor();
    expect(await shopper.getByTestId("cart-total").textContent()).toBe("$114.89");
    await shopper.getByText("Total a pagar").first().waitFor();
    await expectAccessible(shopper);
    expect(await noOverflow(shopper)).toBeLessThanOrEqual(0);

    await shopper.getByLabel("Nombre").fill("Ana López");
    await shopper.getByRole("button", { name: "Hacer pedido · $114.89" }).click();
    await shopper.getByRole("heading", { name: "¡Pedido recibido!" }).waitFor();
    await expect.poll(() => shopper.getByTestId("order-tip").textContent()).toBe("Propina (15 %)$14.99");

    const [stored] = await db.select().from(orders).where(eq(orders.storeId, storeId));
    expect(stored).toMatchObject({ total: 99.9, tip: 14.99, tipPercent: 15 });

    await owner.goto("/i/admin?tab=ordenes_pendientes");
    await owner.locator("main[data-hydrated]").waitFor();
    await expect.poll(() => owner.getByTestId("order-tip").textContent()).toBe("Propina (15 %)$14.99");
    await owner.getByText("Total a pagar").first().waitFor();
    expect(await noOverflow(owner)).toBeLessThanOrEqual(0);

    await db
      .update(orders)
      .set({ status: "completed", completedAt: new Date() })
      .where(eq(orders.storeId, storeId));
    // The completed order's details, in the history, keep the tip apart too.
    await owner.goto("/i/admin?tab=ordenes_completadas");
    await owner.locator("main[data-hydrated]").waitFor();
    await owner.getByRole("button", { name: new RegExp(stored!.id) }).click();
    await expect.poll(() => owner.getByTestId("order-tip").textContent()).toBe("Propina (15 %)$14.99");

    await owner.goto("/i/admin?tab=resumen&periodo=hoy");
    await owner.locator("main[data-hydrated]").waitFor();
    const propinas = owner.locator("dl div", { has: owner.getByText("Propinas", { exact: true }) });
    await propinas.getByText("$14.99").waitFor();
    // The sales keep the order's total, the tip apart.
    await owner
      .locator("dl div", { has: owner.getByText("Ventas", { exact: true }) })
      .getByText("$99.90")
      .waitFor();
  });
});
