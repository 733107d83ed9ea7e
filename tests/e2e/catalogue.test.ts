/**
 * The catalogue in bulk as an owner meets it on a phone (360 px): the export link downloads the
 * products, a small CSV is imported (its preview, then "Aplicar", then the new products listed),
 * and two products selected get their price raised by 10 % (docs/decisions/035).
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createProduct } from "~/db/factories.server";
import { products } from "~/db/schema";
import { CATALOGUE_MESSAGES } from "~/domain/products/catalogue";
import {
  expectAccessible,
  newPhonePage,
  signedInOwner,
  useBrowser,
  useE2eDatabase,
} from "../support/browser";

const browser = useBrowser();
const db = useE2eDatabase();

async function productsTab() {
  const page = await newPhonePage(browser.browser, browser.baseUrl);
  const { storeId } = await signedInOwner(page.context(), db);
  return { page, storeId };
}

describe("the catalogue in bulk, on a phone", () => {
  it("downloads the export, then imports a small CSV: preview, Aplicar, the products listed", async () => {
    const { page, storeId } = await productsTab();
    await createProduct(db, storeId, { name: "Concha", price: 12 });
    await page.goto("/i/admin?tab=productos");
    await page.locator("main[data-hydrated]").waitFor();

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Exportar CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`productos-${storeId}.csv`);
    const exported = await download.createReadStream().then(async (stream) => {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString("utf8");
    });
    expect(exported).toContain("Nombre");
    expect(exported).toContain("Concha");

    await page.getByRole("button", { name: "Importar" }).click();
    // A file without its headers: the reason beside the file's input, which is marked and focused.
    const fileInput = page.getByLabel("Archivo CSV o Excel");
    await fileInput.setInputFiles({
      name: "lista.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("Bolillo,3\n"),
    });
    await page.getByRole("button", { name: "Revisar archivo" }).click();
    await page.locator("#catalogue-file-error").getByText(CATALOGUE_MESSAGES.noHeader).waitFor();
    await expect.poll(() => fileInput.getAttribute("aria-invalid")).toBe("true");
    await expect.poll(() => fileInput.evaluate((input) => input === document.activeElement)).toBe(true);
    await page.getByLabel("Archivo CSV o Excel").setInputFiles({
      name: "productos.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(
        "Nombre,Descripción,Precio,Unidad\nBolillo,Pan salado,3.50,pieza\nTelera,Pan,tres,pieza\n",
      ),
    });
    await page.getByRole("button", { name: "Revisar archivo" }).click();
    const preview = page.getByRole("table", { name: "Vista previa de la importación" });
    await preview.waitFor();
    await expect
      .poll(() => preview.getByRole("row").allTextContents())
      .toEqual([
        "FilaProductoResultado",
        "2BolilloSe crea: $3.50",
        expect.stringContaining("3TeleraRechazada: El precio «tres» no es válido"),
      ]);
    // A file with a refused row cannot be applied: fixed, it can.
    expect(await page.getByRole("button", { name: "Aplicar" }).count()).toBe(0);
    await page.getByLabel("Archivo CSV o Excel").setInputFiles({
      name: "productos.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(
        "Nombre,Descripción,Precio,Unidad\nBolillo,Pan salado,3.50,pieza\nTelera,Pan,4,pieza\n",
      ),
    });
    await page.getByRole("button", { name: "Revisar archivo" }).click();
    await page.getByText("2 nuevos · 0 con cambios · 0 sin cambios · 0 rechazados").waitFor();
    await expectAccessible(page);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    await page.getByRole("button", { name: "Aplicar" }).click();
    await page.getByText("Listo: 2 productos creados y 0 productos cambiados.").waitFor();
    await page.getByRole("listitem", { name: "Bolillo" }).waitFor();
    await page.getByRole("listitem", { name: "Telera" }).waitFor();
    const names = (await db.select().from(products).where(eq(products.storeId, storeId))).map((p) => p.name);
    expect(names.sort()).toEqual(["Bolillo", "Concha", "Telera"]);
  });

  it("raises the price of the selected products by 10 %", async () => {
    const { page, storeId } = await productsTab();
    await createProduct(db, storeId, { name: "Concha", price: 12 });
    await createProduct(db, storeId, { name: "Oreja", price: 9.99 });
    await createProduct(db, storeId, { name: "Café", price: 20 });
    await page.goto("/i/admin?tab=productos");
    await page.locator("main[data-hydrated]").waitFor();
    await page.getByRole("checkbox", { name: "Seleccionar todos" }).check();
    await page.getByRole("checkbox", { name: "Seleccionar Café" }).uncheck();
    const form = page.getByRole("form", { name: "Cambiar productos seleccionados" });
    await form.getByText("2 productos seleccionados").waitFor();
    await form.getByLabel("Cómo").selectOption("percent");
    await form.getByLabel(/Aumento/).fill("10");
    await form.getByLabel(/Aumento/).press("Enter");
    await form.getByText("Listo: 2 productos cambiados.").waitFor();
    await page.getByRole("listitem", { name: "Concha" }).getByText("$13.20").waitFor();
    await page.getByRole("listitem", { name: "Oreja" }).getByText("$10.99").waitFor();
    const prices = Object.fromEntries(
      (await db.select().from(products).where(eq(products.storeId, storeId))).map((p) => [p.name, p.price]),
    );
    expect(prices).toEqual({ Concha: 13.2, Oreja: 10.99, Café: 20 });
  });
});
