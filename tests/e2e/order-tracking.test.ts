/**
 * Issue 17 in the real browser: a shopper orders, follows the tracking link, and sees the
 * owner's steps arrive without reloading; the owner's WhatsApp buttons carry the right text.
 */
import { describe, expect, it } from "vitest";
import { createProduct } from "~/db/factories.server";
import { newPhonePage, signedInOwner, useBrowser, useE2eDatabase } from "../support/browser";

const browser = useBrowser();
const db = useE2eDatabase();

describe("following an order", () => {
  it("the shopper's open tracking page shows Aceptado and Listo para recoger as the owner marks them", async () => {
    const ownerPage = await newPhonePage(browser.browser, browser.baseUrl);
    const { storeId } = await signedInOwner(ownerPage.context(), db, {
      displayName: "Panadería La Espiga",
      settings: {
        allowPickup: true,
        phone: "4491234567",
        paymentMethods: ["cash", "transfer"],
        bankName: "BBVA",
        bankAccountHolder: "Lupe Martínez",
        clabe: "002115016003269411",
      },
    });
    await createProduct(db, storeId, { name: "Concha", price: 14 });

    // The shopper orders through the storefront, paying cash with change.
    const shopper = await newPhonePage(browser.browser, browser.baseUrl);
    await shopper.goto(`/${storeId}`);
    await shopper.locator("[data-hydrated]").waitFor();
    await shopper.getByRole("article", { name: "Concha" }).getByRole("button", { name: "Agregar" }).click();
    await shopper.getByRole("tab", { name: /Carrito/ }).click();
    await shopper.getByLabel("Nombre").fill("Ana López");
    await shopper.getByLabel("Teléfono (opcional)").fill("4491112233");
    await shopper.getByRole("radio", { name: "Efectivo" }).check();
    await shopper.getByLabel("¿Con cuánto pagas? (opcional)").fill("50");
    await shopper.getByText("Tu cambio: $36.00.").waitFor();
    await shopper.getByRole("button", { name: /Hacer pedido/ }).click();
    await shopper.getByRole("heading", { name: "¡Pedido recibido!" }).waitFor();
    const number = (await shopper.getByTestId("order-number").textContent())!;
    // The open page listens on its order's own live stream (it falls back to polling without one).
    const streamOpened = shopper.waitForRequest(`**/s/${storeId}/pedido/${number}/stream`);
    await shopper.getByRole("link", { name: "Sigue tu pedido" }).click();
    await shopper.waitForURL(`**/s/${storeId}/pedido/${number}`);
    await streamOpened;
    const state = shopper.getByTestId("tracking-state");
    expect(await state.textContent()).toBe("Pendiente");
    await shopper.getByText("Efectivo (pago con $50.00, cambio $36.00)").waitFor();

    // The owner's WhatsApp button opens the shopper's chat with the ready text.
    await ownerPage.goto("/i/admin?tab=ordenes_pendientes");
    await ownerPage.locator("main[data-hydrated]").waitFor();
    const order = ownerPage.getByRole("listitem", { name: `Orden ${number}` });
    const ready = await order
      .getByRole("link", { name: "Avisar por WhatsApp: Listo para recoger" })
      .getAttribute("href");
    expect(ready).toMatch(/^https:\/\/wa\.me\/524491112233\?text=/);
    expect(new URL(ready!).searchParams.get("text")).toBe(
      `¡Hola Ana! Tu pedido ${number} ya está listo para recoger en Panadería La Espiga. Total $14.00. ${browser.baseUrl}/s/${storeId}/pedido/${number}`,
    );

    await order.getByRole("button", { name: "Marcar: Aceptado" }).click();
    await expect.poll(() => state.textContent(), { timeout: 15_000 }).toBe("Aceptado");
    await order.getByRole("button", { name: "Marcar: Listo para recoger" }).click();
    await expect.poll(() => state.textContent(), { timeout: 15_000 }).toBe("Listo para recoger");
    const timeline = shopper.getByRole("list", { name: "Historial del pedido" });
    expect(await timeline.getByRole("listitem").allTextContents()).toEqual([
      expect.stringContaining("Pedido recibido"),
      expect.stringContaining("Aceptado"),
      expect.stringContaining("Listo para recoger"),
    ]);
    await shopper.context().close();
    await ownerPage.context().close();
  });
});
