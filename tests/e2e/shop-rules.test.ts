/**
 * Issue 16 in the real browser: the owner sets hours, scheduled orders and a delivery zone, and
 * pauses; the storefront follows; a shopper orders 0.75 kg for delivery to the zone at a chosen
 * time; the owner's pending tab shows the zone, the fee and the time.
 */
import { describe, expect, it } from "vitest";
import { createProduct } from "~/db/factories.server";
import {
  expectAccessible,
  newPhonePage,
  signedInOwner,
  useBrowser,
  useE2eDatabase,
} from "../support/browser";

const browser = useBrowser();
const db = useE2eDatabase();

describe("how the shop sells", () => {
  it("hours, pause, a zone and a scheduled 0.75 kg delivery, from the owner's settings to the pending tab", async () => {
    const owner = await newPhonePage(browser.browser, browser.baseUrl);
    const { storeId } = await signedInOwner(owner.context(), db, {
      settings: { allowPickup: true, allowDelivery: true },
    });
    await createProduct(db, storeId, { name: "Queso Oaxaca", price: 260, unit: "kg" });

    await owner.goto("/i/admin?tab=configuracion");
    await owner.locator("main[data-hydrated]").waitFor();
    const hours = owner.getByRole("form", { name: "Horario" });
    for (const day of ["lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"]) {
      await hours.getByRole("button", { name: `Agregar horario el ${day}` }).click();
    }
    await hours.getByLabel("Recibir pedidos programados para cuando abras").check();
    await hours.getByRole("button", { name: "Guardar horario" }).click();
    await hours.getByRole("status").filter({ hasText: "Horario guardado." }).waitFor();

    const zones = owner.getByRole("form", { name: "Zonas de entrega" });
    await zones.getByRole("button", { name: "Agregar zona" }).click();
    await zones.getByLabel("Zona o colonia").fill("Centro");
    await zones.getByLabel("Costo de envío ($)").fill("35");
    await zones.getByLabel("Pedido mínimo ($)").fill("100");
    await zones.getByRole("button", { name: "Guardar zonas de entrega" }).click();
    await zones.getByRole("status").filter({ hasText: "Zonas de entrega guardadas." }).waitFor();
    await expectAccessible(owner);

    // One tap pauses; the storefront says so and its order button waits.
    await owner.getByRole("button", { name: "Pausar pedidos" }).click();
    await owner.getByLabel("Mensaje para tus clientes (opcional)").fill("Volvemos en 30 minutos");
    await owner.getByRole("button", { name: "Pausar", exact: true }).click();
    await owner.getByRole("button", { name: /En pausa hasta las .* Reanudar/ }).waitFor();
    const shopper = await newPhonePage(browser.browser, browser.baseUrl);
    await shopper.goto(`/${storeId}`);
    await shopper.getByText("Pedidos en pausa · Volvemos en 30 minutos").first().waitFor();
    await owner.getByRole("button", { name: /Reanudar/ }).click();
    await owner.getByRole("button", { name: "Pausar pedidos" }).waitFor();

    await shopper.reload();
    await shopper.locator("[data-hydrated]").waitFor();
    expect(await shopper.getByTestId("open-status").textContent()).toMatch(
      /^(Abierto ahora · cierra a las 18:00|Cerrado · abre (hoy|mañana) a las 9:00)$/,
    );
    const queso = shopper.getByRole("article", { name: "Queso Oaxaca" });
    await queso.getByRole("button", { name: "Agregar" }).click();
    await shopper.getByRole("tab", { name: /Carrito/ }).click();
    await shopper.getByRole("button", { name: "Agregar uno de Queso Oaxaca" }).click();
    await shopper.getByRole("button", { name: "Agregar uno de Queso Oaxaca" }).click();
    await expect.poll(() => shopper.getByLabel("Cantidad de Queso Oaxaca").textContent()).toBe("0.75 kg");
    await shopper.getByLabel("Nombre").fill("Ana López");
    await shopper.getByRole("radio", { name: /Entrega a domicilio/ }).check();
    await shopper.getByLabel("Dirección de entrega").fill("Madero 12");
    await shopper.getByLabel("Zona de entrega").selectOption({ index: 1 });
    await expect.poll(() => shopper.getByTestId("delivery-fee").textContent()).toBe("$35.00");
    await expect.poll(() => shopper.getByTestId("cart-total").textContent()).toBe("$230.00");
    const when = shopper.getByLabel(/¿Para cuándo\?/);
    const slot = await when.locator("option").nth(1).textContent();
    await when.selectOption({ index: 1 });
    await shopper.getByRole("button", { name: /Hacer pedido/ }).click();
    await shopper.getByRole("heading", { name: "¡Pedido recibido!" }).waitFor();
    const number = (await shopper.getByTestId("order-number").textContent())!;

    await owner.goto("/i/admin?tab=ordenes_pendientes");
    const pending = owner.getByRole("listitem", { name: `Orden ${number}` });
    await pending.waitFor();
    await pending.getByText("Programado").waitFor();
    await pending.getByText("Centro · $35.00").waitFor();
    expect(await pending.textContent()).toContain("0.75 kg de Queso Oaxaca");
    expect(slot).toMatch(/de \d{1,2}:\d{2} a \d{1,2}:\d{2}$/);
    await shopper.context().close();
    await owner.context().close();
  });
});
