/**
 * Shop rules in the real browser: the owner sets hours, scheduled orders and a delivery zone, and
 * pauses; the storefront follows; a shopper orders 0.75 kg for delivery to the zone at a chosen
 * time; the owner's pending tab shows the zone, the fee and the time.
 */
import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createProduct, createStore } from "~/db/factories.server";
import { orders } from "~/db/schema";
import { formatOrderDate, scheduledLabel } from "~/domain/orders/order-vocabulary";
import {
  addDays,
  dateKey,
  DEFAULT_TIME_ZONE,
  localParts,
  WEEKDAY_NAMES,
} from "~/domain/stores/opening-hours";
import {
  expectAccessible,
  newPhonePage,
  signedInOwner,
  useBrowser,
  useE2eDatabase,
} from "../support/browser";
import { expectFits, saveScreenshot } from "../support/layout";

const browser = useBrowser();
const db = useE2eDatabase();

describe("how the shop sells", () => {
  it("hours, pause, a zone and a scheduled 0.75 kg delivery, from the owner's settings to the pending tab", async () => {
    const owner = await newPhonePage(browser.browser, browser.baseUrl);
    const { storeId } = await signedInOwner(owner.context(), db, {
      settings: { allowPickup: true, allowDelivery: true },
    });
    await createProduct(db, storeId, { name: "Queso Oaxaca", price: 260, unit: "kg", quantityStep: 0.25 });

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
    await zones.getByLabel("Códigos postales (opcional)").fill("20000, 20010");
    await zones.getByLabel("Costo de envío ($)").fill("35");
    await zones.getByLabel("Pedido mínimo ($)").fill("100");
    await zones.getByRole("button", { name: "Guardar zonas de entrega" }).click();
    await zones.getByRole("status").filter({ hasText: "Zonas de entrega guardadas." }).waitFor();
    await expectAccessible(owner);

    // One tap pauses at once, with no dialog; the storefront says so and its order button waits.
    const header = owner.getByRole("banner");
    await header.getByRole("button", { name: "Pausar pedidos" }).click();
    await header
      .getByRole("status")
      .filter({ hasText: /^Pedidos en pausa$/ })
      .waitFor();
    expect(await owner.getByRole("dialog").count()).toBe(0);
    const shopper = await newPhonePage(browser.browser, browser.baseUrl);
    await shopper.goto(`/${storeId}`);
    await shopper.getByText("Pedidos en pausa", { exact: true }).first().waitFor();
    // Then, when there is time, a message and an automatic end.
    await header.getByRole("button", { name: "Agregar mensaje u hora de regreso" }).click();
    const details = owner.getByRole("dialog", { name: "Mensaje y hora de regreso" });
    await details.getByLabel("Mensaje para tus clientes (opcional)").fill("Volvemos en 30 minutos");
    await details.getByLabel("¿Cuándo vuelves a recibir pedidos?").selectOption({ label: "1 hora" });
    await details.getByRole("button", { name: "Guardar" }).click();
    await details.waitFor({ state: "hidden" });
    await header
      .getByRole("status")
      .filter({ hasText: /^Pedidos en pausa hasta las \d{1,2}:\d{2} · «Volvemos en 30 minutos»$/ })
      .waitFor();
    await shopper.reload();
    await shopper.getByText("Pedidos en pausa · Volvemos en 30 minutos").first().waitFor();
    await header.getByRole("button", { name: "Reanudar" }).click();
    await header.getByRole("button", { name: "Pausar pedidos" }).waitFor();
    expect(await header.getByText("Pedidos en pausa").count()).toBe(0);

    await shopper.reload();
    await shopper.locator("[data-hydrated]").waitFor();
    expect(await shopper.getByTestId("open-status").textContent()).toMatch(
      /^(Abierto ahora · cierra a las 18:00|Cerrado · abre (hoy|mañana) a las 9:00)$/,
    );
    const queso = shopper.getByRole("article", { name: "Queso Oaxaca" });
    await queso.getByRole("button", { name: "Agregar" }).click();
    await shopper.getByRole("tab", { name: /Carrito/ }).click();
    // The shopper types the quantity: off the step it is refused next to the field, then 0,75 is taken.
    const quantity = shopper.getByRole("textbox", { name: "Cantidad de Queso Oaxaca (kg)" });
    await quantity.fill("0,8");
    await quantity.press("Tab");
    const offStep = shopper.getByRole("alert").filter({
      hasText: "La cantidad debe ser de al menos 0.25 kg y en pasos de 0.25 kg.",
    });
    await offStep.waitFor();
    expect(await quantity.getAttribute("aria-invalid")).toBe("true");
    expect(await shopper.getByLabel("Subtotal de Queso Oaxaca").textContent()).toBe("$65.00");
    // The order waits for it: a quantity the shopper did not choose is never ordered.
    const orderButton = shopper.getByRole("button", { name: /Hacer pedido/ });
    await orderButton.click();
    await shopper.getByText("Corrige la cantidad marcada en tu carrito para hacer tu pedido.").waitFor();
    // (axe reads the button's colours once its 600 ms pulse has ended)
    await expect.poll(() => orderButton.getAttribute("class")).not.toContain("animate-pulse");
    await expect.poll(() => quantity.evaluate((input) => input === document.activeElement)).toBe(true);
    await saveScreenshot(shopper, "carrito-cantidad-360");
    await expectFits(shopper, "the cart with a refused quantity");
    await expectAccessible(shopper);
    await quantity.fill("0,75");
    await quantity.press("Tab");
    await offStep.waitFor({ state: "detached" });
    await shopper.getByText("Corrige la cantidad marcada en tu carrito").waitFor({ state: "detached" });
    await expect.poll(() => quantity.inputValue()).toBe("0.75");
    await expect.poll(() => shopper.getByLabel("Subtotal de Queso Oaxaca").textContent()).toBe("$195.00");
    await shopper.getByLabel("Nombre").fill("Ana López");
    await shopper.getByRole("radio", { name: /Entrega a domicilio/ }).check();
    await shopper.getByLabel("Teléfono", { exact: true }).fill("4491112233");
    await shopper.getByLabel("Dirección de entrega").fill("Madero 12");
    // A postal code of no zone says so; one of a zone picks it.
    const postal = shopper.getByLabel("Código postal (opcional)");
    await postal.fill("99999");
    await shopper.getByText("No entregamos en ese código postal. Elige una zona de la lista.").waitFor();
    await postal.fill("20010");
    await shopper.getByText("Tu código postal es de la zona Centro.").waitFor();
    await saveScreenshot(shopper, "carrito-codigo-postal-360");
    const centro = shopper
      .getByRole("group", { name: "Zona de entrega" })
      .getByRole("radio", { name: /^Centro Envío \$35\.00 · mínimo \$100\.00$/ });
    await expect.poll(() => centro.isChecked()).toBe(true);
    await expect.poll(() => shopper.getByTestId("delivery-fee").textContent()).toBe("$35.00");
    await expect.poll(() => shopper.getByTestId("cart-total").textContent()).toBe("$230.00");
    // A day, then one of its times.
    const when = shopper.getByRole("group", { name: /¿Para cuándo\?/ });
    await when.getByLabel("Día").selectOption({ index: 1 });
    const slot = await when.getByLabel("Hora").locator("option:checked").textContent();
    await shopper.getByRole("button", { name: /Hacer pedido/ }).click();
    await shopper.getByRole("heading", { name: "¡Pedido recibido!" }).waitFor();
    const number = (await shopper.getByTestId("order-number").textContent())!;

    await owner.goto("/i/admin?tab=ordenes_pendientes");
    const pending = owner.getByRole("listitem", { name: `Orden ${number}` });
    await pending.waitFor();
    await pending.getByText("Programado").waitFor();
    await pending.getByText("Centro · $35.00").waitFor();
    expect(await pending.textContent()).toContain("0.75 kg de Queso Oaxaca");
    expect(slot).toMatch(/^\d{1,2}:\d{2} a \d{1,2}:\d{2}$/);
    // The time it is due, as the owner reads it, under "Para".
    const [stored] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.storeId, storeId), eq(orders.id, number)));
    expect(stored!.scheduledFor).not.toBeNull();
    expect(await pending.locator("dt", { hasText: "Para" }).locator("+ dd").textContent()).toBe(
      formatOrderDate(stored!.scheduledFor!, "long"),
    );
    // And on its badge, short: "Programado: mañana 9:00".
    await pending.getByText(`Programado: ${scheduledLabel(stored!.scheduledFor!, new Date())}`).waitFor();
    await shopper.context().close();
    await owner.context().close();
  });

  it("a closed store's schedule: a day picker of at most eight days, then only that day's times, by keyboard at 360 px", async () => {
    // Open 9:00–18:00 every day but closed today: closed now, and a week of half hours ahead.
    const today = dateKey(localParts(new Date(), DEFAULT_TIME_ZONE));
    const store = await createStore(db, {
      settings: {
        allowPickup: true,
        outsideHours: "schedule",
        slotMinutes: 30,
        openingHours: {
          weekly: Array.from({ length: 7 }, () => [{ open: "09:00", close: "18:00" }]),
          exceptions: [{ date: today, ranges: [] }],
        },
      },
    });
    await createProduct(db, store.id, { name: "Concha", price: 14 });
    const shopper = await newPhonePage(browser.browser, browser.baseUrl);
    await shopper.goto(`/${store.id}`);
    await shopper.locator("[data-hydrated]").waitFor();
    await shopper.getByRole("article", { name: "Concha" }).getByRole("button", { name: "Agregar" }).click();
    await shopper.getByRole("tab", { name: /Carrito/ }).click();
    await shopper.getByLabel("Nombre").fill("Ana López");

    const when = shopper.getByRole("group", { name: "¿Para cuándo? (la tienda está cerrada ahora)" });
    const day = when.getByLabel("Día");
    const options = await day
      .locator("option")
      .evaluateAll((list) =>
        list.map((option) => ({ value: (option as HTMLOptionElement).value, label: option.textContent! })),
      );
    // "Elige el día", then tomorrow and the days after: not the week's 126 half hours in one list.
    expect(options[0]).toEqual({ value: "", label: "Elige el día" });
    expect(options.length).toBeLessThanOrEqual(8);
    expect(options.length).toBeGreaterThanOrEqual(7);
    const weekday = `(${WEEKDAY_NAMES.join("|")})`;
    expect(options[1]!.value).toBe(addDays(today, 1));
    expect(options[1]!.label).toMatch(new RegExp(`^Mañana, ${weekday} \\d{1,2}( de [a-z]+)?$`));
    // The days after tomorrow by name and date, capitalised: "Miércoles 25".
    expect(options[2]!.label).toMatch(new RegExp(`^${weekday} \\d{1,2}( de [a-z]+)?$`, "i"));
    expect(options[2]!.label[0]).toBe(options[2]!.label[0]!.toUpperCase());
    // No time to pick before a day is.
    expect(await when.getByLabel("Hora").count()).toBe(0);

    // The keyboard picks the day after tomorrow, then its third time.
    await day.focus();
    await shopper.keyboard.press("ArrowDown");
    await shopper.keyboard.press("ArrowDown");
    await expect.poll(() => day.inputValue()).toBe(addDays(today, 2));
    const time = when.getByLabel("Hora");
    await time.waitFor();
    const times = await time
      .locator("option")
      .evaluateAll((list) =>
        list.map((option) => ({ value: (option as HTMLOptionElement).value, label: option.textContent! })),
      );
    // Only that day's times, 9:00 to 17:30, each on its own wall clock.
    expect(times.map((entry) => entry.label)).toEqual(
      Array.from({ length: 18 }, (_, index) => {
        const start = 9 * 60 + index * 30;
        const clock = (minutes: number) =>
          `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, "0")}`;
        return `${clock(start)} a ${clock(start + 30)}`;
      }),
    );
    for (const entry of times) {
      expect(dateKey(localParts(new Date(entry.value), DEFAULT_TIME_ZONE))).toBe(addDays(today, 2));
    }
    await shopper.keyboard.press("Tab");
    await expect.poll(() => time.evaluate((element) => element === document.activeElement)).toBe(true);
    await shopper.keyboard.press("ArrowDown");
    await shopper.keyboard.press("ArrowDown");
    await expect.poll(() => time.inputValue()).toBe(times[2]!.value);
    await expectFits(shopper, "the schedule picker of a closed store");
    await expectAccessible(shopper);
    await saveScreenshot(shopper, "carrito-dia-y-hora-360");

    await shopper.getByRole("button", { name: /Hacer pedido/ }).click();
    await shopper.getByRole("heading", { name: "¡Pedido recibido!" }).waitFor();
    const number = (await shopper.getByTestId("order-number").textContent())!;
    const [stored] = await db
      .select({ scheduledFor: orders.scheduledFor })
      .from(orders)
      .where(and(eq(orders.storeId, store.id), eq(orders.id, number)));
    expect(stored!.scheduledFor!.toISOString()).toBe(times[2]!.value);
    await shopper.context().close();
  });

  it("copies Monday's hours to Monday–Friday, then to every day, from the keyboard; saved, they stay", async () => {
    const owner = await newPhonePage(browser.browser, browser.baseUrl);
    await signedInOwner(owner.context(), db);
    await owner.goto("/i/admin?tab=configuracion");
    await owner.locator("main[data-hydrated]").waitFor();
    const hours = owner.getByRole("form", { name: "Horario" });
    await hours.getByRole("button", { name: "Agregar horario el lunes" }).click();
    await hours.getByLabel("Abre (lunes, horario 1)").fill("08:00");
    await hours.getByLabel("Cierra (lunes, horario 1)").fill("14:00");
    await hours.getByRole("button", { name: "Agregar horario el lunes" }).click();
    await hours.getByLabel("Abre (lunes, horario 2)").fill("16:30");
    await hours.getByLabel("Cierra (lunes, horario 2)").fill("20:00");
    const days = ["lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"];
    const periodsOf = async (day: string) => {
      const periods: string[] = [];
      for (let index = 1; (await hours.getByLabel(`Abre (${day}, horario ${index})`).count()) > 0; index++) {
        const open = await hours.getByLabel(`Abre (${day}, horario ${index})`).inputValue();
        const close = await hours.getByLabel(`Cierra (${day}, horario ${index})`).inputValue();
        periods.push(`${open}-${close}`);
      }
      return periods;
    };
    const monday = ["08:00-14:00", "16:30-20:00"];

    // Keyboard only: the copy buttons are reached with Tab and pressed with Enter or Space.
    const toWeekdays = hours.getByRole("button", { name: "Copiar el horario del lunes de lunes a viernes" });
    await toWeekdays.focus();
    await owner.keyboard.press("Enter");
    await hours
      .getByRole("status")
      .filter({ hasText: "Horario del lunes copiado de lunes a viernes." })
      .waitFor();
    for (const day of days)
      expect(await periodsOf(day), day).toEqual(["sábado", "domingo"].includes(day) ? [] : monday);

    await hours.getByRole("button", { name: "Quitar horario 2 del lunes" }).focus();
    await owner.keyboard.press("Tab"); // Agregar horario
    await owner.keyboard.press("Tab");
    expect(
      await owner.evaluate(() => document.activeElement?.getAttribute("aria-label")),
      "after the day's own buttons, the copy to every day",
    ).toBe("Copiar el horario del lunes a todos los días");
    await owner.keyboard.press("Space");
    await hours
      .getByRole("status")
      .filter({ hasText: "Horario del lunes copiado a todos los días." })
      .waitFor();
    // Each day is its own copy: changing Tuesday leaves Monday as it was.
    await hours.getByLabel("Cierra (martes, horario 2)").fill("21:00");
    expect(await periodsOf("lunes")).toEqual(monday);
    await hours.getByLabel("Cierra (martes, horario 2)").fill("20:00");

    await hours.getByRole("button", { name: "Guardar horario" }).click();
    await hours.getByRole("status").filter({ hasText: "Horario guardado." }).waitFor();
    await owner.reload();
    await owner.locator("main[data-hydrated]").waitFor();
    for (const day of days) expect(await periodsOf(day), day).toEqual(monday);
    await expectAccessible(owner);
    await owner.context().close();
  });
});
