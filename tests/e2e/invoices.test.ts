/**
 * "Requiero factura" on a phone (360×740, docs/decisions/053): the shopper asks for a factura with
 * a wrong RFC and reads why beside the field, fixes it and orders; the next order finds the form
 * filled in from this device; the owner copies the data in one tap and marks it "Facturado", and the
 * completed order keeps it.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createProduct } from "~/db/factories.server";
import { orderInvoices } from "~/db/schema";
import { INVOICE_MESSAGES } from "~/domain/invoices/invoice-form";
import {
  expectAccessible,
  newPhonePage,
  signedInOwner,
  uniqueSuffix,
  useBrowser,
  useE2eDatabase,
} from "../support/browser";

const browser = useBrowser();
const db = useE2eDatabase();

describe("a factura asked for at checkout", () => {
  it("shows the RFC's refusal, is sent once fixed, is filled in next time, and the owner copies and marks it", async () => {
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    expect(page.viewportSize()).toEqual({ width: 360, height: 740 });
    const { storeId } = await signedInOwner(page.context(), db, {
      id: `factura-${uniqueSuffix()}`,
      settings: { allowPickup: true, allowDelivery: false, allowInvoiceRequests: true },
    });
    await createProduct(db, storeId, { id: "pastel", name: "Pastel", price: 350 });

    async function toCheckout() {
      await page.goto(`/${storeId}`);
      await expect.poll(() => page.getByTestId("cart-status").textContent()).toBe("Carrito: 0 artículos");
      await page.getByRole("article", { name: "Pastel" }).getByRole("button", { name: "Agregar" }).click();
      await page.getByRole("tab", { name: /Carrito/ }).click();
    }

    await toCheckout();
    await page.getByLabel("Nombre", { exact: true }).fill("Emilio Gómez");
    await page.getByLabel("Requiero factura").check();
    await page.getByLabel("RFC").fill("gode561231gr9");
    await page.getByLabel("Nombre o razón social").fill("Emilio Gómez Díaz");
    await page.getByLabel("Régimen fiscal").selectOption("612");
    await page.getByLabel("Uso del CFDI").selectOption("G03");
    // Another régimen: the uso chosen for the first one is not one of its own, and shows as not chosen.
    await page.getByLabel("Régimen fiscal").selectOption("605");
    expect(await page.getByLabel("Uso del CFDI").inputValue()).toBe("");
    await page.getByLabel("Código postal fiscal").fill("06600");
    await page.getByLabel("Correo para recibir tu factura").fill("emilio@example.mx");
    await page.getByRole("button", { name: /Hacer pedido/ }).click();
    await page.getByText(INVOICE_MESSAGES.rfcCheckDigit).waitFor();
    expect(await page.getByLabel("RFC").getAttribute("aria-invalid")).toBe("true");
    // What was sent is what the form showed: no uso, asked for next to its field.
    await page.getByText(INVOICE_MESSAGES.uso).waitFor();
    expect(await page.getByText(INVOICE_MESSAGES.usoForRegimen).count()).toBe(0);
    expect(await page.getByLabel("Uso del CFDI").getAttribute("aria-invalid")).toBe("true");
    // The order button pulses for a moment after a tap (its opacity passes under the contrast axe asks).
    await expect
      .poll(() => page.getByRole("button", { name: /Hacer pedido/ }).getAttribute("class"))
      .not.toContain("animate-pulse");
    await expectAccessible(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await page.getByLabel("RFC").fill("GODE561231GR8");
    expect(await page.getByText(INVOICE_MESSAGES.rfcCheckDigit).count()).toBe(0);
    await page.getByLabel("Régimen fiscal").selectOption("612");
    await page.getByLabel("Uso del CFDI").selectOption("G03");
    await page.getByRole("button", { name: /Hacer pedido/ }).click();
    await page.getByRole("heading", { name: "¡Pedido recibido!" }).waitFor();
    const [kept] = await db.select().from(orderInvoices).where(eq(orderInvoices.storeId, storeId));
    expect(kept).toMatchObject({ rfc: "GODE561231GR8", name: "EMILIO GÓMEZ DÍAZ", usoCfdi: "G03" });

    // The next order, on the same device: the form opens filled in.
    await toCheckout();
    // Filled in from the device once the cart's form has read what it remembers.
    await expect.poll(() => page.getByLabel("Requiero factura").isChecked()).toBe(true);
    expect(await page.getByLabel("RFC").inputValue()).toBe("GODE561231GR8");
    expect(await page.getByLabel("Régimen fiscal").inputValue()).toBe("612");
    expect(await page.getByLabel("Uso del CFDI").inputValue()).toBe("G03");
    expect(await page.getByLabel("Correo para recibir tu factura").inputValue()).toBe("emilio@example.mx");

    // The owner: one tap copies the block, then "Marcar como facturado".
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: browser.baseUrl });
    await page.goto("/i/admin?tab=ordenes_pendientes");
    await page.locator("main[data-hydrated]").waitFor();
    const panel = page.getByRole("region", { name: `Factura de la orden ${kept!.orderId}` });
    await panel.getByText("Factura solicitada").waitFor();
    await panel.getByRole("button", { name: "Copiar datos" }).click();
    await panel.getByText("¡Copiada!").waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain("RFC: GODE561231GR8");
    expect(copied).toContain("Uso del CFDI: G03 - Gastos en general");
    await panel.getByRole("button", { name: "Marcar como facturado" }).click();
    await panel.getByText(/^Facturado · /).waitFor();
    expect(await panel.getByRole("button", { name: "Marcar como facturado" }).count()).toBe(0);
    const [marked] = await db.select().from(orderInvoices).where(eq(orderInvoices.storeId, storeId));
    expect(marked!.invoicedAt).toBeInstanceOf(Date);

    // Completed, the order keeps its factura in the history's details.
    const card = page.getByRole("listitem", { name: `Orden ${kept!.orderId}` });
    await card.getByRole("button", { name: "Marcar como completada" }).click();
    await card.waitFor({ state: "detached" });
    await page.goto("/i/admin?tab=ordenes_completadas");
    await page.locator("main[data-hydrated]").waitFor();
    await page.getByRole("button", { name: kept!.orderId }).click();
    const done = page.getByRole("region", { name: `Factura de la orden ${kept!.orderId}` });
    await done.getByText(/^Facturado · /).waitFor();
    await done.getByText("GODE561231GR8").waitFor();
  });
});
