/**
 * The catalogue in bulk as an owner meets it on a phone (360 px): the export link downloads the
 * products, a small CSV is imported (its preview, then "Aplicar", then the new products listed),
 * a CSV saved by Excel in Spanish (Windows-1252) is read right, each change shows old → new and
 * only the valid rows are applied, a price changed after the export is kept unless the owner
 * chooses to overwrite it, and two products selected get their price raised by 10 %
 * (docs/decisions/035, 050).
 */
import { and, eq } from "drizzle-orm";
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
    // A file with a refused row cannot be applied as a whole, only its valid rows: fixed, it can.
    expect(await page.getByRole("button", { name: "Aplicar", exact: true }).count()).toBe(0);
    await page.getByRole("button", { name: "Aplicar 1 fila válida" }).waitFor();
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

  it("reads Excel's Windows-1252 CSV right, shows each change old → new and applies only the valid rows", async () => {
    const { page, storeId } = await productsTab();
    await createProduct(db, storeId, { name: "Concha", price: 35 });
    await page.goto("/i/admin?tab=productos");
    await page.locator("main[data-hydrated]").waitFor();
    await page.getByRole("button", { name: "Importar" }).click();
    // As Excel in Spanish saves "CSV": semicolons, one byte per accented letter (Windows-1252).
    const saved =
      "Nombre;Descripción;Precio\r\nConcha;Pan de vainilla;38\r\nPiña;Jugo de piña;30\r\nTelera;Pan;tres\r\n";
    await page.getByLabel("Archivo CSV o Excel").setInputFiles({
      name: "productos.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(saved, "latin1"),
    });
    await page.getByRole("button", { name: "Revisar archivo" }).click();
    const preview = page.getByRole("table", { name: "Vista previa de la importación" });
    await preview.waitFor();
    await expect
      .poll(() => preview.getByRole("row").allTextContents())
      .toEqual([
        "FilaProductoResultado",
        "2ConchaCambiaDescripción: Descripción del producto → Pan de vainillaPrecio: $35.00 → $38.00",
        "3PiñaSe crea: $30.00",
        expect.stringContaining("4TeleraRechazada: El precio «tres» no es válido"),
      ]);
    await page.getByText("1 nuevos · 1 con cambios · 0 sin cambios · 1 rechazados").waitFor();
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByRole("button", { name: "Aplicar 2 filas válidas" }).click();
    await page
      .getByText("Listo: 1 producto creado y 1 producto cambiado. 1 fila rechazada no se aplicó.")
      .waitFor();
    await page.getByRole("listitem", { name: "Piña" }).waitFor();
    await page.getByRole("listitem", { name: "Concha" }).getByText("$38.00").waitFor();
    const stored = await db.select().from(products).where(eq(products.storeId, storeId));
    expect(stored.map((p) => [p.name, p.description, p.price]).sort()).toEqual([
      ["Concha", "Pan de vainilla", 38],
      ["Piña", "Jugo de piña", 30],
    ]);
  });

  it("keeps a price changed after the export, and overwrites it only when the owner checks the box", async () => {
    const { page, storeId } = await productsTab();
    const agua = await createProduct(db, storeId, { name: "Agua de piña", price: 35 });
    await page.goto("/i/admin?tab=productos");
    await page.locator("main[data-hydrated]").waitFor();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Exportar CSV" }).click(),
    ]);
    const exported = await download.createReadStream().then(async (stream) => {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString("utf8");
    });
    // After the export the price changes to $38 in the panel; the owner types $40 in the file.
    const mine = and(eq(products.storeId, storeId), eq(products.id, agua.id));
    await db.update(products).set({ price: 38 }).where(mine);
    await page.getByRole("button", { name: "Importar" }).click();
    await page.getByLabel("Archivo CSV o Excel").setInputFiles({
      name: "productos.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(exported.replace(",35,", ",40,")),
    });
    await page.getByRole("button", { name: "Revisar archivo" }).click();
    const preview = page.getByRole("table", { name: "Vista previa de la importación" });
    await expect
      .poll(() => preview.getByRole("row").allTextContents())
      .toEqual([
        "FilaProductoResultado",
        `2Agua de piñaRechazada: ${CATALOGUE_MESSAGES.changedSinceExport}Precio: en tu tienda $38.00; en el archivo $40.00`,
      ]);
    expect(await page.getByRole("button", { name: /^Aplicar/ }).count()).toBe(0);
    await page.getByRole("checkbox", { name: /Sobrescribir con el archivo/ }).check();
    await expect
      .poll(() => preview.getByRole("row").allTextContents())
      .toEqual([
        "FilaProductoResultado",
        "2Agua de piñaCambia (sobrescribe lo que cambió después de exportar)Precio: $38.00 → $40.00",
      ]);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Aplicar", exact: true }).click();
    await page.getByText("Listo: 0 productos creados y 1 producto cambiado.").waitFor();
    await page.getByRole("listitem", { name: "Agua de piña" }).getByText("$40.00").waitFor();
    expect((await db.select().from(products).where(mine))[0]!.price).toBe(40);
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
