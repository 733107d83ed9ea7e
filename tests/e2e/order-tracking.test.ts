/**
 * Order tracking in the real browser: a shopper orders, follows the tracking link, and sees the
 * owner's steps arrive without reloading; the owner's WhatsApp buttons carry the right text.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createOrder, createProduct } from "~/db/factories.server";
import { orders } from "~/db/schema";
import {
  expectAccessible,
  newPhonePage,
  signedInOwner,
  useBrowser,
  useE2eDatabase,
} from "../support/browser";
import { saveScreenshot } from "../support/layout";

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

  it("cancelling asks for the reason; the shopper reads it in Mi Pedido and the owner's WhatsApp buttons carry it", async () => {
    const ownerPage = await newPhonePage(browser.browser, browser.baseUrl);
    const { storeId } = await signedInOwner(ownerPage.context(), db, {
      displayName: "Panadería La Espiga",
      settings: {
        allowPickup: true,
        statusTemplates: { completed: "¡Listo {nombre}! Tu pedido {pedido} ya es tuyo. Total {total}." },
      },
    });
    const concha = await createProduct(db, storeId, { name: "Concha", price: 14 });
    const line = { productId: concha.id, name: concha.name, price: concha.price, unit: concha.unit };
    const order = await createOrder(db, storeId, {
      customerName: "Ana López",
      customerPhone: "4491112233",
      seenAt: new Date(),
      lines: [line],
    });
    const text = (href: string | null) => new URL(href!).searchParams.get("text");
    const tracking = `${browser.baseUrl}/s/${storeId}/pedido/${order.id}`;

    await ownerPage.goto("/i/admin?tab=ordenes_pendientes");
    await ownerPage.locator("main[data-hydrated]").waitFor();
    const item = ownerPage.getByRole("listitem", { name: `Orden ${order.id}` });
    // Completada uses the owner's own text from Configuración; Cancelada the default one.
    const completed = await item
      .getByRole("link", { name: "Avisar por WhatsApp: Completada" })
      .getAttribute("href");
    expect(completed).toMatch(/^https:\/\/wa\.me\/524491112233\?text=/);
    expect(text(completed)).toBe(`¡Listo Ana! Tu pedido ${order.id} ya es tuyo. Total $14.00.`);
    const cancelled = await item
      .getByRole("link", { name: "Avisar por WhatsApp: Cancelada" })
      .getAttribute("href");
    expect(text(cancelled)).toBe(
      `Hola Ana, lo sentimos: Panadería La Espiga canceló tu pedido ${order.id}. ${tracking}`,
    );

    // Cancelling asks first; "No cancelar" leaves the order as it was.
    await item.getByRole("button", { name: "Cancelar orden" }).click();
    const dialog = ownerPage.getByRole("dialog", { name: `Cancelar orden ${order.id}` });
    await dialog
      .getByText("¿Seguro que quieres cancelar esta orden? Esta acción no se puede deshacer.")
      .waitFor();
    await expectAccessible(ownerPage);
    await saveScreenshot(ownerPage, "cancelar-orden-360");
    await dialog.getByRole("button", { name: "No cancelar" }).click();
    await dialog.waitFor({ state: "hidden" });
    const stored = () =>
      db
        .select({ status: orders.status, cancelReason: orders.cancelReason })
        .from(orders)
        .where(and(eq(orders.storeId, storeId), eq(orders.id, order.id)));
    expect(await stored()).toEqual([{ status: "pending", cancelReason: "" }]);

    await item.getByRole("button", { name: "Cancelar orden" }).click();
    await dialog
      .getByLabel("Motivo de la cancelación (opcional; el cliente lo verá)")
      .fill("Se nos acabó la masa");
    await dialog.getByRole("button", { name: "Cancelar orden" }).click();
    await item.waitFor({ state: "detached" });
    expect(await stored()).toEqual([{ status: "cancelled", cancelReason: "Se nos acabó la masa" }]);
    // What happened stays on screen, with the message that tells the shopper why.
    const notice = ownerPage.getByRole("status").filter({ hasText: `Cancelaste la orden ${order.id}.` });
    const told = await notice
      .getByRole("link", { name: "Avisar por WhatsApp: Cancelada" })
      .getAttribute("href");
    await saveScreenshot(ownerPage, "orden-cancelada-360");
    expect(text(told)).toBe(
      `Hola Ana, lo sentimos: Panadería La Espiga canceló tu pedido ${order.id}. Motivo: Se nos acabó la masa. ${tracking}`,
    );

    // The history has the same button, with the reason it keeps.
    await ownerPage.goto("/i/admin?tab=ordenes_completadas");
    await ownerPage.locator("main[data-hydrated]").waitFor();
    await ownerPage.getByRole("button", { name: order.id }).click();
    const again = await ownerPage
      .getByRole("link", { name: "Avisar por WhatsApp: Cancelada" })
      .getAttribute("href");
    expect(again).toBe(told);

    // The shopper looks the order up in Mi Pedido and reads why.
    const shopper = await newPhonePage(browser.browser, browser.baseUrl);
    await shopper.goto(`/${storeId}`);
    await shopper.locator("[data-hydrated]").waitFor();
    await shopper.getByRole("tab", { name: "Mi Pedido" }).click();
    await shopper.getByLabel("Número de pedido").fill(order.id);
    await shopper.getByRole("button", { name: "Buscar" }).click();
    const found = shopper.getByRole("region", { name: `Pedido ${order.id}` });
    await found.locator("dt", { hasText: "Motivo" }).waitFor();
    expect(await found.locator("dt", { hasText: "Estado" }).locator("+ dd").textContent()).toBe("Cancelada");
    expect(await found.locator("dt", { hasText: "Motivo" }).locator("+ dd").textContent()).toBe(
      "Se nos acabó la masa",
    );
    await shopper.context().close();
    await ownerPage.context().close();
  });
});
