/**
 * The catalogue in bulk (docs/decisions/035) against a real PostgreSQL: the import's preview and
 * apply (created, changed, refused rows), all or nothing, the plan's limit (also under 20
 * simultaneous applies), another store's product id, the export's neutralised formulas, a ZIP
 * bomb, a path in a file name, a file too large, the XLSX round trip, and the bulk edit; then the
 * routes through the built server (the export's download, the import's body limit, the bulk
 * edit's 404).
 */
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, count, eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { Zip, ZipDeflate, zipSync } from "fflate";
import { afterAll, describe, expect, it } from "vitest";
import { inTransaction } from "~/db/after-commit.server";
import { createOwner, createProduct, createStore } from "~/db/factories.server";
import { products, storeSettings } from "~/db/schema";
import { createLocalStorage } from "~/domain/images/local-storage.server";
import { imageFileKeys } from "~/domain/images/store-image.server";
import {
  BULK_MESSAGES,
  CATALOGUE_COLUMNS,
  CATALOGUE_MESSAGES,
  type CatalogueRow,
} from "~/domain/products/catalogue";
import type { ImportSummary } from "~/domain/products/catalogue-summary";
import {
  catalogueCsv,
  catalogueXlsx,
  FILE_MESSAGES,
  MAX_SHEET_BYTES,
  readPhotos,
  readSheet,
} from "~/domain/products/catalogue-files.server";
import {
  applyImport,
  bulkEdit,
  catalogueRows,
  importLockKey,
  previewImport,
} from "~/domain/products/catalogue.server";
import { planLimitMessage } from "~/domain/products/product-form";
import { AppError } from "~/lib/errors";
import { createLogger } from "~/lib/logger.server";
import { createTestDatabase } from "../support/database";
import { signIn, useServerProcess } from "../support/http-server";
import { handMadeXlsx, hostileXlsx, sheetXml } from "../support/hand-made-xlsx";
import { photoLikeJpeg } from "../support/photo";

const { db, url: databaseUrl } = await createTestDatabase();
const logger = createLogger("silent");
const uploads = await mkdtemp(path.join(os.tmpdir(), "tianguis-catalogue-"));
const storage = createLocalStorage(uploads);
const deps = { storage, logger };
afterAll(() => rm(uploads, { recursive: true, force: true }));
const running = useServerProcess(databaseUrl);

const HEADER = "ID,Nombre,Descripción,Categoría,Precio,Unidad,Disponible,Opciones,Inventario";
const csv = (...lines: string[]) => new TextEncoder().encode([HEADER, ...lines].join("\n"));
const rowsOf = (bytes: Uint8Array) => readSheet(bytes, "csv");
const PRO = { licenceType: "premier", licenceExpires: new Date(Date.now() + 30 * 86_400_000) } as const;

async function proStore(categories: string[] = []) {
  const store = await createStore(db, PRO);
  await db
    .update(storeSettings)
    .set({ customCategories: categories })
    .where(eq(storeSettings.storeId, store.id));
  return store;
}
const productsOf = (storeId: string) =>
  db.select().from(products).where(eq(products.storeId, storeId)).orderBy(products.name);
async function onSale(storeId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.available, true)));
  return row!.n;
}
/** A process's resident memory in bytes, as Linux reports it (VmHWM: its peak so far). */
function memoryOf(pid: number, field: "VmRSS" | "VmHWM") {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)![1]) * 1024;
}
async function refusalOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("importing a file", () => {
  it("previews what is created, changed and refused, then applies it all or nothing", async () => {
    const store = await proStore(["Pan dulce"]);
    const other = await createStore(db);
    const foreign = await createProduct(db, other.id, { name: "De otra tienda" });
    const concha = await createProduct(db, store.id, { name: "Concha", price: 12, description: "Vainilla" });
    const oreja = await createProduct(db, store.id, { name: "Oreja de hojaldre", price: 9 });
    const file = csv(
      `${concha.id},Concha,Vainilla,Pan dulce,13.50,pieza,Sí,,`,
      `,ÓREJA DE HOJALDRE,Descripción del producto,,9,pieza,No,,`,
      `,Bolillo,Pan salado,,3,pieza,Sí,,40`,
      `,,Sin nombre,,3,pieza,Sí,,`,
      `,Telera,Pan,,tres,pieza,Sí,,`,
      `,Cuernito,Pan,,5,caja,Sí,,`,
      `,Polvorón,Pan,,5,pieza,Sí,"[{""name"": ""Tamaño""}]",`,
      `${foreign.id},Robado,Pan,,5,pieza,Sí,,`,
    );
    const before = await productsOf(store.id);
    const preview = await previewImport(db, store.id, { rows: await rowsOf(file), photos: null });
    expect(preview.creates).toEqual([{ row: 4, name: "Bolillo", price: 3 }]);
    expect(preview.updates).toEqual([
      {
        row: 2,
        name: "Concha",
        changes: [
          { field: "Categoría", before: "Sin categoría", after: "Pan dulce" },
          { field: "Precio", before: "$12.00", after: "$13.50" },
        ],
        overwritten: false,
      },
      // Matched by its name without accents or case: the file's spelling is the new name.
      {
        row: 3,
        name: "ÓREJA DE HOJALDRE",
        changes: [
          { field: "Nombre", before: "Oreja de hojaldre", after: "ÓREJA DE HOJALDRE" },
          { field: "Disponible", before: "Sí", after: "No" },
        ],
        overwritten: false,
      },
    ]);
    expect(preview.refused).toEqual([
      { row: 5, name: "", reason: CATALOGUE_MESSAGES.noName },
      { row: 6, name: "Telera", reason: CATALOGUE_MESSAGES.price("tres") },
      { row: 7, name: "Cuernito", reason: CATALOGUE_MESSAGES.unit("caja") },
      { row: 8, name: "Polvorón", reason: expect.stringMatching(/opciones|grupo/i) as unknown as string },
      { row: 9, name: "Robado", reason: CATALOGUE_MESSAGES.notInStore(foreign.id) },
    ]);
    expect(CATALOGUE_MESSAGES.notInStore(foreign.id)).toContain("no existe en tu tienda");
    // Nothing was written by the preview, and an apply with refused rows writes nothing either.
    expect(await productsOf(store.id)).toEqual(before);
    const refused = await refusalOf(
      applyImport(db, store.id, { rows: await rowsOf(file), photos: null }, deps),
    );
    expect(refused.message).toBe(CATALOGUE_MESSAGES.refused);
    expect((refused.details!.preview as { refused: unknown[] }).refused).toHaveLength(5);
    expect(await productsOf(store.id)).toEqual(before);
    expect(await productsOf(other.id)).toHaveLength(1);

    const good = csv(
      `${concha.id},Concha,Vainilla,Pan dulce,13.50,pieza,Sí,,`,
      `,ÓREJA DE HOJALDRE,Descripción del producto,,9,pieza,No,,`,
      `,Bolillo,Pan salado,,3,pieza,Sí,,40`,
    );
    const applied = await applyImport(db, store.id, { rows: await rowsOf(good), photos: null }, deps);
    expect(applied).toMatchObject({ created: 1, changed: 2 });
    const after = new Map((await productsOf(store.id)).map((p) => [p.name, p]));
    expect([...after.keys()].sort()).toEqual(["Bolillo", "Concha", "ÓREJA DE HOJALDRE"]);
    expect(after.get("Bolillo")).toMatchObject({ price: 3, available: true, stock: 40 });
    expect(after.get("Concha")).toMatchObject({ id: concha.id, price: 13.5, category: "Pan dulce" });
    expect(after.get("ÓREJA DE HOJALDRE")).toMatchObject({ id: oreja.id, price: 9, available: false });
  });

  it("writes nothing, and keeps no photo, when a photo fails the upload's checks while applying", async () => {
    const store = await proStore();
    const photo = await photoLikeJpeg(400, 300);
    // A JPEG's first bytes with nothing after them: passes the quick check, fails the decoding.
    const broken = photo.subarray(0, 600);
    const zip = zipSync({ "buena.jpg": new Uint8Array(photo), "rota.jpg": new Uint8Array(broken) });
    const file = new TextEncoder().encode(
      ["Nombre,Descripción,Precio,Foto", "Concha,Pan,10,buena.jpg", "Oreja,Pan,9,rota.jpg"].join("\n"),
    );
    const files = async () =>
      (await readdir(uploads, { recursive: true })).filter((name) => name.endsWith(".webp"));
    const stored = await files();
    const refused = await refusalOf(
      applyImport(db, store.id, { rows: await rowsOf(file), photos: await readPhotos(zip) }, deps),
    );
    expect(refused.message).toBe(CATALOGUE_MESSAGES.refused);
    expect((refused.details!.preview as { refused: { row: number }[] }).refused.map((r) => r.row)).toEqual([
      3,
    ]);
    expect(await productsOf(store.id)).toEqual([]);
    expect(await files()).toEqual(stored);
    // Asked to apply the valid rows only, the good photo alone goes through the upload's
    // pipeline (a WebP under a key of the store) and the row of the broken one is skipped.
    const applied = await applyImport(
      db,
      store.id,
      { rows: await rowsOf(file), photos: await readPhotos(zip) },
      deps,
      { validOnly: true },
    );
    expect(applied).toMatchObject({ created: 1, changed: 0, skipped: 1 });
    expect(applied.summary.refused).toEqual([
      { row: 3, name: "Oreja", reason: expect.stringMatching(/^rota\.jpg: /) as unknown as string },
    ]);
    const [concha, ...others] = await productsOf(store.id);
    expect(others).toEqual([]);
    expect(concha!.imageKey).toMatch(new RegExp(`^product-images/${store.id}/[a-z0-9]{20}\\.webp$`));
    // Its main file and thumbnails, and nothing else, were added.
    const added = (await files()).filter((name) => !stored.includes(name));
    expect(added.sort()).toEqual(imageFileKeys(concha!.imageKey!).sort());
  });

  it("keeps the plan's limit of products on sale, in the preview and under 20 simultaneous applies", async () => {
    const store = await createStore(db); // Emprendedor: 10 on sale
    for (let i = 0; i < 9; i += 1) await createProduct(db, store.id, { name: `Producto ${i}` });
    const file = csv(`,Uno,Pan,,1,pieza,Sí,,`, `,Dos,Pan,,1,pieza,Sí,,`, `,Tres,Pan,,1,pieza,No,,`);
    const preview = await previewImport(db, store.id, { rows: await rowsOf(file), photos: null });
    expect(preview.creates.map((c) => c.name)).toEqual(["Uno", "Tres"]);
    expect(preview.refused).toEqual([{ row: 3, name: "Dos", reason: planLimitMessage(10) }]);

    const race = await createStore(db);
    const files = await Promise.all(
      Array.from({ length: 20 }, (_, i) => rowsOf(csv(`,Producto nuevo ${i},Pan,,1,pieza,Sí,,`))),
    );
    const results = await Promise.allSettled(
      files.map((rows) => applyImport(db, race.id, { rows, photos: null }, deps)),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(10);
    for (const result of results)
      if (result.status === "rejected")
        expect((result.reason as AppError).details!.preview).toMatchObject({
          refused: [{ reason: planLimitMessage(10) }],
        });
    expect(await onSale(race.id)).toBe(10);
  });

  it("refuses a ZIP bomb, a path in a file name and a file too large, in Spanish", async () => {
    // 210 MB of zeros, written a megabyte at a time: the ZIP's headers do not say the size.
    const chunks: Uint8Array[] = [];
    const zip = new Zip((error, chunk) => {
      if (error) throw error;
      chunks.push(chunk);
    });
    const entry = new ZipDeflate("bomba.jpg", { level: 1 });
    zip.add(entry);
    const megabyte = new Uint8Array(1024 * 1024);
    for (let i = 0; i < 210; i += 1) entry.push(megabyte, i === 209);
    zip.end();
    const bomb = Buffer.concat(chunks);
    expect(bomb.byteLength).toBeLessThan(1024 * 1024);
    await expect(readPhotos(bomb)).rejects.toThrow(FILE_MESSAGES.zipBomb);
    // An XLSX is a ZIP too: a sheet of a million empty rows, 20 KB zipped, is refused as too big.
    const empty = handMadeXlsx({
      sheets: [{ part: "xl/worksheets/sheet1.xml", xml: sheetXml("<row/>".repeat(1_000_000)) }],
    });
    expect(empty.byteLength).toBeLessThan(100 * 1024);
    await expect(readSheet(empty, "xlsx")).rejects.toThrow(FILE_MESSAGES.sheetTooBig);
    const many = zipSync(
      Object.fromEntries(Array.from({ length: 5_001 }, (_, i) => [`f${i}.jpg`, new Uint8Array(1)])),
    );
    await expect(readPhotos(many)).rejects.toThrow(FILE_MESSAGES.zipBomb);

    for (const name of ["../x.jpg", "/etc/x.jpg", "fotos/../../x.jpg"]) {
      const climbing = zipSync({ [name]: new Uint8Array([1, 2, 3]) });
      await expect(readPhotos(climbing)).rejects.toThrow(FILE_MESSAGES.zipPath(name));
    }
    const store = await proStore();
    const named = csv(`,Concha,Pan,,10,pieza,Sí,,`).toString();
    expect(named).toBeTruthy();
    const withPath = new TextEncoder().encode("Nombre,Descripción,Precio,Foto\nConcha,Pan,10,../x.jpg\n");
    const preview = await previewImport(db, store.id, {
      rows: await rowsOf(withPath),
      photos: new Map([["x.jpg", new Uint8Array(1)]]),
    });
    expect(preview.refused).toEqual([{ row: 2, name: "Concha", reason: CATALOGUE_MESSAGES.photoPath }]);

    const heavy = new Uint8Array(MAX_SHEET_BYTES + 1).fill(65);
    await expect(readSheet(heavy, "csv")).rejects.toThrow(FILE_MESSAGES.sheetTooLarge);
  });
});

describe("what an owner can trust", () => {
  it("round-trips an .xlsx with every column, photos included: new ones from the ZIP, kept ones without it", async () => {
    const store = await proStore(["Pan dulce"]);
    const concha = await createProduct(db, store.id, { name: "Concha", price: 12 });
    // The owner's own workbook, every column in the export's order and the photos' names last.
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Productos");
    sheet.addRow(CATALOGUE_COLUMNS.filter((c) => c.key !== "version").map((c) => c.header));
    sheet.addRow([
      concha.id,
      "Concha",
      "Vainilla",
      "Pan dulce",
      13,
      "pieza",
      "Sí",
      "",
      20,
      "",
      "",
      "concha.jpg",
    ]);
    sheet.addRow(["", "Oreja", "Hojaldre", "", 9.5, "pieza", "No", "", "", "", "", "oreja.jpg"]);
    const owned = new Uint8Array((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
    const zip = zipSync({
      "concha.jpg": new Uint8Array(await photoLikeJpeg(300, 200)),
      "fotos/oreja.jpg": new Uint8Array(await photoLikeJpeg(200, 300, { seed: 7 })),
    });
    const input = { rows: await readSheet(owned, "xlsx"), photos: await readPhotos(zip) };
    expect(await applyImport(db, store.id, input, deps)).toMatchObject({ created: 1, changed: 1 });
    const key = new RegExp(`^product-images/${store.id}/[a-z0-9]{20}\\.webp$`);
    const [first, second] = await productsOf(store.id);
    expect(first).toMatchObject({ name: "Concha", price: 13, stock: 20, category: "Pan dulce" });
    expect(second).toMatchObject({ name: "Oreja", price: 9.5, available: false });
    expect(first!.imageKey).toMatch(key);
    expect(second!.imageKey).toMatch(key);
    expect(existsSync(path.join(uploads, first!.imageKey!))).toBe(true);

    // Exported and read back, every column and photo included, the file changes nothing.
    const before = await productsOf(store.id);
    const exported = await catalogueXlsx(await catalogueRows(db, store.id));
    const rows = await readSheet(exported, "xlsx");
    expect(rows.map((row) => row.cells.photo)).toEqual(before.map((p) => p.imageKey!.split("/").pop()));
    expect(rows.every((row) => /^v1[0-9a-z]{72}$/.test(row.cells.version ?? ""))).toBe(true);
    expect(await applyImport(db, store.id, { rows, photos: null }, deps)).toMatchObject({
      created: 0,
      changed: 0,
      summary: { unchanged: 2, refused: [] },
    });
    expect(await productsOf(store.id)).toEqual(before);

    // A new photo typed into the exported workbook, as an owner would: it replaces the old one.
    const edited = new ExcelJS.Workbook();
    await edited.xlsx.load(exported.buffer as ArrayBuffer);
    const photoColumn = CATALOGUE_COLUMNS.findIndex((c) => c.key === "photo") + 1;
    edited.worksheets[0]!.getRow(2).getCell(photoColumn).value = "nueva.jpg";
    const again = new Uint8Array((await edited.xlsx.writeBuffer()) as ArrayBuffer);
    const newPhoto = zipSync({ "nueva.jpg": new Uint8Array(await photoLikeJpeg(320, 240, { seed: 3 })) });
    const replaced = await applyImport(
      db,
      store.id,
      { rows: await readSheet(again, "xlsx"), photos: await readPhotos(newPhoto) },
      deps,
    );
    expect(replaced.summary.updates).toEqual([
      {
        row: 2,
        name: "Concha",
        changes: [{ field: "Foto", before: before[0]!.imageKey!.split("/").pop(), after: "nueva.jpg" }],
        overwritten: false,
      },
    ]);
    const [concha2, oreja2] = await productsOf(store.id);
    expect(concha2!.imageKey).toMatch(key);
    expect(concha2!.imageKey).not.toBe(before[0]!.imageKey);
    expect(oreja2!.imageKey).toBe(before[1]!.imageKey);
    expect(existsSync(path.join(uploads, before[0]!.imageKey!))).toBe(false);
  });

  it("reads a CSV saved by Excel in Spanish (Windows-1252) and Excel's Unicode text, and names unknown headers", async () => {
    const store = await proStore();
    // Windows-1252: one byte per accented letter, as Excel's "CSV" writes it in Spanish.
    const windows1252 = (text: string) => Uint8Array.from([...text].map((c) => c.charCodeAt(0)));
    const saved = windows1252(
      "Nombre;Descripción;Precio\r\nPiña;Jugo de piña con limón;35\r\nJalapeño relleno;Con queso añejo;42\r\n",
    );
    const applied = await applyImport(db, store.id, { rows: await rowsOf(saved), photos: null }, deps);
    expect(applied).toMatchObject({ created: 2, changed: 0 });
    expect((await productsOf(store.id)).map((p) => [p.name, p.description, p.price])).toEqual([
      ["Jalapeño relleno", "Con queso añejo", 42],
      ["Piña", "Jugo de piña con limón", 35],
    ]);
    // Excel's "Texto Unicode": UTF-16 with its byte-order mark, tabs between cells.
    const unicode = new Uint8Array(
      Buffer.concat([
        Buffer.from([0xff, 0xfe]),
        Buffer.from("Nombre\tDescripción\tPrecio\r\nPiña\tJugo de piña con limón\t36\r\n", "utf16le"),
      ]),
    );
    const preview = await previewImport(db, store.id, { rows: await rowsOf(unicode), photos: null });
    expect(preview.updates).toEqual([
      {
        row: 2,
        name: "Piña",
        changes: [{ field: "Precio", before: "$35.00", after: "$36.00" }],
        overwritten: false,
      },
    ]);
    // Headers that still do not match are named, once, with the ones expected.
    const typo = windows1252("Nombre;Descripción;Precios\r\nPiña;Jugo;35\r\n");
    await expect(rowsOf(typo)).rejects.toThrow(CATALOGUE_MESSAGES.unknownHeaders(["Precios"]));
    // A UTF-8 file once opened as Windows-1252 and saved again: its header is named as it reads.
    const mangled = new TextEncoder().encode("Nombre,DescripciÃ³n,Precio\nPiña,Jugo,35\n");
    await expect(rowsOf(mangled)).rejects.toThrow(CATALOGUE_MESSAGES.unknownHeaders(["DescripciÃ³n"]));
  });

  it("applies only the valid rows when asked, as the store is when it applies", async () => {
    const store = await proStore();
    const concha = await createProduct(db, store.id, { name: "Concha", price: 12 });
    const oreja = await createProduct(db, store.id, { name: "Oreja", price: 9 });
    const file = csv(
      `${concha.id},Concha,Pan,,13,pieza,Sí,,`,
      `,Telera,Pan,,tres,pieza,Sí,,`,
      `${oreja.id},Oreja,Pan,,10,pieza,Sí,,`,
      `,Bolillo,Pan,,3,pieza,Sí,,`,
    );
    const input = { rows: await rowsOf(file), photos: null };
    const preview = await previewImport(db, store.id, input);
    expect([preview.creates.length, preview.updates.length, preview.refused.length]).toEqual([1, 2, 1]);
    // Without the owner's choice, one refused row refuses the file.
    const refused = await refusalOf(applyImport(db, store.id, input, deps));
    expect(refused.message).toBe(CATALOGUE_MESSAGES.refused);
    expect((await productsOf(store.id)).map((p) => p.price)).toEqual([12, 9]);
    // Meanwhile the Oreja is deleted (another tab, a teammate): planned again at the apply, its
    // row is refused then and skipped with the first one.
    await db.delete(products).where(and(eq(products.storeId, store.id), eq(products.id, oreja.id)));
    const applied = await applyImport(db, store.id, input, deps, { validOnly: true });
    expect(applied).toMatchObject({ created: 1, changed: 1, skipped: 2 });
    expect(applied.summary.refused).toEqual([
      { row: 3, name: "Telera", reason: CATALOGUE_MESSAGES.price("tres") },
      { row: 4, name: "Oreja", reason: CATALOGUE_MESSAGES.notInStore(oreja.id) },
    ]);
    expect((await productsOf(store.id)).map((p) => [p.name, p.price])).toEqual([
      ["Bolillo", 3],
      ["Concha", 13],
    ]);
    // A file of refused rows only applies nothing, and says so.
    const none = await refusalOf(
      applyImport(
        db,
        store.id,
        { rows: await rowsOf(csv(`,Telera,Pan,,tres,pieza,Sí,,`)), photos: null },
        deps,
        {
          validOnly: true,
        },
      ),
    );
    expect(none.message).toBe(CATALOGUE_MESSAGES.nothingValid);
  });

  it("keeps the plan's limit when 50 files of valid and refused rows apply their valid rows at once", async () => {
    const race = await createStore(db); // Emprendedor: 10 on sale
    const files = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        rowsOf(csv(`,Nuevo ${i},Pan,,1,pieza,Sí,,`, `,Malo ${i},Pan,,x,pieza,Sí,,`)),
      ),
    );
    const results = await Promise.allSettled(
      files.map((rows) => applyImport(db, race.id, { rows, photos: null }, deps, { validOnly: true })),
    );
    const applied = results.filter((result) => result.status === "fulfilled");
    expect(applied).toHaveLength(10);
    for (const result of applied) expect(result.value).toMatchObject({ created: 1, skipped: 1 });
    for (const result of results)
      if (result.status === "rejected") {
        expect((result.reason as AppError).message).toBe(CATALOGUE_MESSAGES.nothingValid);
        expect((result.reason as AppError).details!.preview).toMatchObject({
          refused: [{ reason: planLimitMessage(10) }, { reason: CATALOGUE_MESSAGES.price("x") }],
        });
      }
    expect(await onSale(race.id)).toBe(10);
  });

  it("never puts back a price changed after the export; a value both changed waits for the owner", async () => {
    const store = await proStore();
    const agua = await createProduct(db, store.id, { name: "Agua de piña", price: 35, stock: 10 });
    await createProduct(db, store.id, { name: "Horchata", price: 30 });
    const exported = await catalogueXlsx(await catalogueRows(db, store.id));
    // After the export: the price changes in the panel and orders take 3 units.
    const mine = and(eq(products.storeId, store.id), eq(products.id, agua.id));
    await db.update(products).set({ price: 38, stock: 7 }).where(mine);
    const aguaNow = async () => (await db.select().from(products).where(mine))[0]!;

    // The file as it was exported puts back neither the old price nor the stock sold since.
    const untouched = { rows: await readSheet(exported, "xlsx"), photos: null };
    const preview = await previewImport(db, store.id, untouched);
    expect(preview.kept).toEqual([
      {
        row: 2,
        name: "Agua de piña",
        fields: [
          { field: "Precio", store: "$38.00", file: "$35.00" },
          { field: "Inventario", store: "7", file: "10" },
        ],
      },
    ]);
    expect(await applyImport(db, store.id, untouched, deps)).toMatchObject({ created: 0, changed: 0 });
    expect(await aguaNow()).toMatchObject({ price: 38, stock: 7 });

    // The owner types $40 over the agua's price and $32 over the horchata's.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.buffer as ArrayBuffer);
    const priceColumn = CATALOGUE_COLUMNS.findIndex((c) => c.key === "price") + 1;
    workbook.worksheets[0]!.getRow(2).getCell(priceColumn).value = 40;
    workbook.worksheets[0]!.getRow(3).getCell(priceColumn).value = 32;
    const edited = {
      rows: await readSheet(new Uint8Array((await workbook.xlsx.writeBuffer()) as ArrayBuffer), "xlsx"),
      photos: null,
    };
    const conflict = await refusalOf(applyImport(db, store.id, edited, deps));
    expect((conflict.details!.preview as ImportSummary).refused).toEqual([
      {
        row: 2,
        name: "Agua de piña",
        reason: CATALOGUE_MESSAGES.changedSinceExport,
        conflicts: [{ field: "Precio", store: "$38.00", file: "$40.00" }],
      },
    ]);
    expect(await aguaNow()).toMatchObject({ price: 38, stock: 7 });
    // Applying the valid rows leaves the agua as the store has it.
    expect(await applyImport(db, store.id, edited, deps, { validOnly: true })).toMatchObject({
      changed: 1,
      skipped: 1,
    });
    expect(await aguaNow()).toMatchObject({ price: 38, stock: 7 });
    // Chosen by the owner, the file wins, every value of it.
    const overwritten = await applyImport(db, store.id, edited, deps, { overwrite: true });
    expect(overwritten.summary.updates).toEqual([
      {
        row: 2,
        name: "Agua de piña",
        changes: [
          { field: "Precio", before: "$38.00", after: "$40.00" },
          { field: "Inventario", before: "7", after: "10" },
        ],
        overwritten: true,
      },
    ]);
    expect(await aguaNow()).toMatchObject({ price: 40, stock: 10 });
  });
});

describe("the export", () => {
  it("neutralises formulas in the CSV and writes them as strings in the XLSX", async () => {
    const store = await proStore();
    await createProduct(db, store.id, {
      name: '=HYPERLINK("http://x","clic")',
      description: "+52 449 000 0000",
      category: "@SUM(A1)",
    });
    await createProduct(db, store.id, { name: "-1 peso", description: "\tTab" });
    const rows = await catalogueRows(db, store.id);
    const text = catalogueCsv(rows);
    expect(text).toContain(`"'=HYPERLINK(""http://x"",""clic"")"`);
    expect(text).toContain("'+52 449 000 0000");
    expect(text).toContain("'@SUM(A1)");
    expect(text).toContain("'-1 peso");
    expect(text).toContain("'\tTab");
    expect(text).not.toMatch(/(^|,)[=+@-]/m);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await catalogueXlsx(rows)).buffer as ArrayBuffer);
    const cells: ExcelJS.Cell[] = [];
    workbook.worksheets[0]!.eachRow((row) => row.eachCell((cell) => cells.push(cell)));
    const formula = cells.find((cell) => String(cell.value).startsWith("=HYPERLINK"))!;
    expect(formula.type).toBe(ExcelJS.ValueType.String);
    expect(cells.some((cell) => cell.type === ExcelJS.ValueType.Formula)).toBe(false);
  });

  it("round-trips through XLSX: exporting then importing changes nothing", async () => {
    const store = await proStore(["Pan dulce"]);
    const sizes = {
      id: "g1",
      name: "Tamaño",
      kind: "size" as const,
      min: 1,
      max: 1,
      options: [
        { id: "o1", name: "Chica", price: 10 },
        { id: "o2", name: "Grande", price: 15.5 },
      ],
    };
    const extras = {
      id: "g2",
      name: "Extras",
      kind: "extras" as const,
      min: 0,
      max: 2,
      options: [
        { id: "e1", name: "Queso", price: 10 },
        { id: "e2", name: "Crema", price: 0 },
      ],
    };
    await createProduct(db, store.id, {
      name: "Tacos",
      choiceGroups: [sizes, extras],
      price: 10,
      optionStock: { o2: 4 },
      stock: 30,
    });
    await createProduct(db, store.id, {
      name: "=Fórmula",
      category: "Pan dulce",
      available: false,
      unit: "kg",
      stock: 2.5,
      dailyStock: 5,
      stockRefilledAt: new Date(),
    });
    await createProduct(db, store.id, {
      name: "Café",
      description: 'Con "comillas", comas\ny saltos',
      price: 0.01,
    });
    const before = await productsOf(store.id);
    const xlsx = await catalogueXlsx(await catalogueRows(db, store.id));
    const rows: CatalogueRow[] = await readSheet(xlsx, "xlsx");
    const applied = await applyImport(db, store.id, { rows, photos: null }, deps);
    expect(applied).toMatchObject({ created: 0, changed: 0, summary: { unchanged: 3, refused: [] } });
    expect(await productsOf(store.id)).toEqual(before);
    // And through CSV.
    const again = await readSheet(
      new TextEncoder().encode(catalogueCsv(await catalogueRows(db, store.id))),
      "csv",
    );
    expect(await applyImport(db, store.id, { rows: again, photos: null }, deps)).toMatchObject({
      created: 0,
      changed: 0,
    });
    expect(await productsOf(store.id)).toEqual(before);
  });
});

describe("the bulk edit", () => {
  it("changes prices by a percentage, rounded to cents, and refuses a price below $0.01 as a whole", async () => {
    const store = await proStore(["Pan dulce"]);
    const a = await createProduct(db, store.id, { name: "A", price: 12 });
    const b = await createProduct(db, store.id, { name: "B", price: 0.15 });
    await bulkEdit(db, store.id, [a.id, b.id], { kind: "price", change: { kind: "percent", value: 10 } });
    expect((await productsOf(store.id)).map((p) => p.price)).toEqual([13.2, 0.17]);
    const refused = await refusalOf(
      bulkEdit(db, store.id, [a.id, b.id], { kind: "price", change: { kind: "amount", value: -1 } }),
    );
    expect(refused.message).toBe(BULK_MESSAGES.belowMinimum("B", -0.83));
    expect((await productsOf(store.id)).map((p) => p.price)).toEqual([13.2, 0.17]);
    await bulkEdit(db, store.id, [a.id], { kind: "category", category: "Pan dulce" });
    expect((await productsOf(store.id))[0]!.category).toBe("Pan dulce");
    expect(
      (await refusalOf(bulkEdit(db, store.id, [a.id], { kind: "category", category: "Carnes" }))).message,
    ).toBe(BULK_MESSAGES.category);
  });

  it("changes nothing when the selection holds another store's product (404)", async () => {
    const store = await proStore();
    const other = await createStore(db);
    const mine = await createProduct(db, store.id, { price: 10 });
    const theirs = await createProduct(db, other.id, { price: 10 });
    const refused = await refusalOf(
      bulkEdit(db, store.id, [mine.id, theirs.id], { kind: "price", change: { kind: "percent", value: 10 } }),
    );
    expect(refused.status).toBe(404);
    expect((await productsOf(store.id))[0]!.price).toBe(10);
    expect((await productsOf(other.id))[0]!.price).toBe(10);
  });

  it("puts products on sale within the plan's limit, with the product dialog's message", async () => {
    const store = await createStore(db);
    for (let i = 0; i < 9; i += 1) await createProduct(db, store.id);
    const off = await Promise.all([1, 2].map(() => createProduct(db, store.id, { available: false })));
    const refused = await refusalOf(
      bulkEdit(
        db,
        store.id,
        off.map((p) => p.id),
        { kind: "availability", available: true },
      ),
    );
    expect(refused.message).toBe(planLimitMessage(10));
    expect(await onSale(store.id)).toBe(9);
    await bulkEdit(db, store.id, [off[0]!.id], { kind: "availability", available: true });
    expect(await onSale(store.id)).toBe(10);
  });
});

describe("the routes", () => {
  async function owner(storeOptions = PRO) {
    const store = await createStore(db, storeOptions);
    const account = await createOwner(db, { storeId: store.id });
    return { store, cookie: await signIn(running.server.url, account.email, account.password) };
  }
  const post = (cookie: string, route: string, body: FormData | URLSearchParams) =>
    fetch(`${running.server.url}${route}`, {
      method: "POST",
      headers: { cookie, Accept: "application/json", Origin: running.server.url },
      body,
    });

  it("downloads the export with a neutralised formula, previews and applies an import, refuses a path in the ZIP", async () => {
    const { store, cookie } = await owner();
    await createProduct(db, store.id, { name: "=1+1" });
    const exported = await fetch(`${running.server.url}/i/admin/productos.csv`, { headers: { cookie } });
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-disposition")).toContain("attachment");
    expect(await exported.text()).toContain(",'=1+1,");
    const xlsx = await fetch(`${running.server.url}/i/admin/productos.xlsx`, { headers: { cookie } });
    expect(xlsx.headers.get("content-type")).toContain("spreadsheetml");

    const form = (intent: string, zip?: Uint8Array) => {
      const body = new FormData();
      body.set("intent", intent);
      body.set("file", new Blob([csv(`,Bolillo,Pan salado,,3,pieza,Sí,,`)]), "productos.csv");
      if (zip) body.set("photos", new Blob([new Uint8Array(zip)]), "fotos.zip");
      return body;
    };
    const preview = await post(cookie, "/i/admin/products/import", form("preview"));
    expect(await preview.json()).toMatchObject({ ok: true, preview: { creates: [{ name: "Bolillo" }] } });
    expect(await productsOf(store.id)).toHaveLength(1);
    const applied = await post(cookie, "/i/admin/products/import", form("apply"));
    expect(await applied.json()).toMatchObject({ ok: true, message: CATALOGUE_MESSAGES.applied(1, 0) });
    expect(await productsOf(store.id)).toHaveLength(2);
    const climbing = await post(
      cookie,
      "/i/admin/products/import",
      form("apply", zipSync({ "../x.jpg": new Uint8Array(3) })),
    );
    expect(climbing.status).toBe(400);
    expect(await climbing.json()).toMatchObject({ ok: false, message: FILE_MESSAGES.zipPath("../x.jpg") });
  });

  /** The import's form as the panel sends it: the file, the intent and the owner's choices. */
  const importForm = (file: string | Uint8Array, fields: Record<string, string> = {}) => {
    const body = new FormData();
    const bytes = typeof file === "string" ? new TextEncoder().encode(file) : new Uint8Array(file);
    body.set("file", new Blob([bytes]), "productos.csv");
    for (const [name, value] of Object.entries({ intent: "preview", ...fields })) body.set(name, value);
    return body;
  };
  const importing = (cookie: string, body: FormData) => post(cookie, "/i/admin/products/import", body);

  it("shows old → new, applies the valid rows only or overwrites what changed since the export, as the form asks", async () => {
    const { store, cookie } = await owner();
    const agua = await createProduct(db, store.id, { name: "Agua de piña", price: 35 });
    const mine = and(eq(products.storeId, store.id), eq(products.id, agua.id));
    const price = async () => (await db.select().from(products).where(mine))[0]!.price;
    const exported = await (
      await fetch(`${running.server.url}/i/admin/productos.csv`, { headers: { cookie } })
    ).text();
    const file = exported.replace(",35,", ",38,") + "\r\n,Telera,Pan,,tres,pieza,Sí,,,,,,\r\n";
    const preview = await importing(cookie, importForm(file));
    expect(await preview.json()).toMatchObject({
      ok: true,
      preview: {
        updates: [
          { name: "Agua de piña", changes: [{ field: "Precio", before: "$35.00", after: "$38.00" }] },
        ],
        refused: [{ row: 3, name: "Telera", reason: CATALOGUE_MESSAGES.price("tres") }],
      },
    });
    const all = await importing(cookie, importForm(file, { intent: "apply" }));
    expect(all.status).toBe(422);
    expect(await all.json()).toMatchObject({ ok: false, message: CATALOGUE_MESSAGES.refused });
    expect(await price()).toBe(35);
    const valid = await importing(cookie, importForm(file, { intent: "apply", validOnly: "1" }));
    expect(await valid.json()).toMatchObject({ ok: true, message: CATALOGUE_MESSAGES.applied(0, 1, 1) });
    expect(await price()).toBe(38);

    // The price changes in the panel after the export: the exported file keeps it, unless the
    // owner chooses to overwrite.
    await db.update(products).set({ price: 40 }).where(mine);
    const kept = await importing(cookie, importForm(exported, { intent: "apply" }));
    expect(await kept.json()).toMatchObject({
      ok: true,
      message: CATALOGUE_MESSAGES.applied(0, 0),
      preview: {
        kept: [{ name: "Agua de piña", fields: [{ field: "Precio", store: "$40.00", file: "$35.00" }] }],
      },
    });
    expect(await price()).toBe(40);
    const overwritten = await importing(cookie, importForm(exported, { intent: "apply", overwrite: "1" }));
    expect(await overwritten.json()).toMatchObject({ ok: true, message: CATALOGUE_MESSAGES.applied(0, 1) });
    expect(await price()).toBe(35);
  });

  it("refuses every import of a store while another holds it, in any process, 50 at once", async () => {
    const { store, cookie } = await owner();
    const file = "Nombre,Descripción,Precio\nBolillo,Pan salado,3\n";
    // This test's own connection holds the store's import, as another server's import would.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const holder = inTransaction(db, async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${importLockKey(store.id)})`);
      holding();
      await released;
    });
    await held;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        importing(cookie, importForm(file, { intent: i % 2 === 0 ? "apply" : "preview" })).then(
          async (r) => ({
            status: r.status,
            body: (await r.json()) as unknown,
          }),
        ),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(409));
    for (const answer of answers)
      expect(answer.body).toEqual({ ok: false, message: CATALOGUE_MESSAGES.busy });
    expect(await productsOf(store.id)).toEqual([]);
    release();
    await holder;
    const after = await importing(cookie, importForm(file, { intent: "apply" }));
    expect(await after.json()).toMatchObject({ ok: true, message: CATALOGUE_MESSAGES.applied(1, 0) });
  });

  it("lets one of several simultaneous imports of a store run, and refuses the others while it does", async () => {
    const { store, cookie } = await owner();
    // Ten files of 1,500 new products each (off sale), each its own names.
    const files = Array.from({ length: 10 }, (_, f) =>
      [
        "Nombre,Descripción,Precio,Disponible",
        ...Array.from({ length: 1_500 }, (_, i) => `Producto ${f}-${i},Hecho hoy,10,No`),
      ].join("\n"),
    );
    const answers = await Promise.all(
      files.map((file) =>
        importing(cookie, importForm(file, { intent: "apply" })).then(async (r) => ({
          status: r.status,
          body: (await r.json()) as { ok: boolean; message: string },
        })),
      ),
    );
    const ran = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status === 409);
    console.log(`10 simultaneous imports of one store: ${ran.length} ran, ${refused.length} were refused`);
    expect(ran.length + refused.length).toBe(10);
    expect(ran.length).toBeGreaterThanOrEqual(1);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const answer of ran) expect(answer.body.message).toBe(CATALOGUE_MESSAGES.applied(1_500, 0));
    for (const answer of refused)
      expect(answer.body).toEqual({ ok: false, message: CATALOGUE_MESSAGES.busy });
    // Each import that ran wrote its whole file; the refused ones wrote nothing.
    expect(await productsOf(store.id)).toHaveLength(1_500 * ran.length);
  });

  it("answers a file too large with 413 and a Spanish sentence", async () => {
    const { cookie } = await owner();
    const body = new FormData();
    body.set("intent", "preview");
    body.set("file", new Blob([new Uint8Array(MAX_SHEET_BYTES + 1).fill(65)]), "productos.csv");
    const response = await post(cookie, "/i/admin/products/import", body);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      ok: false,
      message: FILE_MESSAGES.sheetTooLarge,
      fieldErrors: { file: FILE_MESSAGES.sheetTooLarge },
    });
  });

  it("refuses an .xlsx of 200,000 rows with the row cap's message, in bounded memory, while the store page keeps answering", async () => {
    const { store, cookie } = await owner();
    const hostile = hostileXlsx({ rows: 200_000, cells: 4 });
    expect(hostile.byteLength).toBeLessThan(MAX_SHEET_BYTES);
    // The store page, rendered once (and kept) before the import starts.
    expect((await fetch(`${running.server.url}/${store.id}`)).status).toBe(200);
    const pid = running.server.child.pid!;
    const rssBefore = memoryOf(pid, "VmRSS");
    const peakBefore = memoryOf(pid, "VmHWM");
    let peakRss = rssBefore;
    let answered = false;
    const storefront: { status: number; duringImport: boolean }[] = [];
    const body = new FormData();
    body.set("intent", "preview");
    body.set("file", new Blob([new Uint8Array(hostile)]), "productos.xlsx");
    const started = performance.now();
    const importing = post(cookie, "/i/admin/products/import", body).then((response) => {
      answered = true;
      return response;
    });
    const sampling = (async () => {
      while (!answered) {
        peakRss = Math.max(peakRss, memoryOf(pid, "VmRSS"));
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    const shopping = (async () => {
      while (!answered) {
        const page = await fetch(`${running.server.url}/${store.id}`);
        await page.arrayBuffer();
        storefront.push({ status: page.status, duringImport: !answered });
      }
    })();
    const response = await importing;
    const elapsed = performance.now() - started;
    await Promise.all([sampling, shopping]);
    const growth = Math.max(peakRss - rssBefore, memoryOf(pid, "VmHWM") - peakBefore);
    console.log(
      `hostile .xlsx (${(hostile.byteLength / 1024).toFixed(0)} KB, 200,000 rows): refused in ` +
        `${(elapsed / 1000).toFixed(2)} s, the server grew by ${(growth / 2 ** 20).toFixed(0)} MB, ` +
        `${storefront.filter((visit) => visit.duringImport).length} store pages served meanwhile`,
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ ok: false, message: CATALOGUE_MESSAGES.tooManyRows });
    expect(growth).toBeLessThan(300 * 2 ** 20);
    expect(storefront.filter((visit) => visit.duringImport).length).toBeGreaterThan(0);
    expect(storefront.every((visit) => visit.status === 200)).toBe(true);
  });

  it("takes a whole catalogue of 600 selected products in one bulk edit, sent as the panel sends it", async () => {
    const { store, cookie } = await owner();
    const ids = Array.from({ length: 600 }, (_, i) => `p${String(i).padStart(11, "0")}`);
    await db
      .insert(products)
      .values(ids.map((id) => ({ storeId: store.id, id, name: id, price: 10, available: false })));
    const body = new FormData();
    for (const [key, value] of Object.entries({ change: "price", priceKind: "amount", value: "1.5" }))
      body.set(key, value);
    body.set("productIds", ids.join(","));
    const response = await post(cookie, "/i/admin/products/bulk", body);
    expect(await response.json()).toEqual({ ok: true, message: BULK_MESSAGES.done(600) });
    expect(new Set((await productsOf(store.id)).map((p) => p.price))).toEqual(new Set([11.5]));
  });

  it("refuses a bulk edit whose selection holds another store's product: 404, nothing changes", async () => {
    const { store, cookie } = await owner();
    const mine = await createProduct(db, store.id, { price: 10 });
    const theirs = await createProduct(db, (await createStore(db)).id, { price: 10 });
    const body = new URLSearchParams({ change: "price", priceKind: "percent", value: "10" });
    body.append("productId", mine.id);
    body.append("productId", theirs.id);
    const response = await post(cookie, "/i/admin/products/bulk", body);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ ok: false, message: BULK_MESSAGES.notFound });
    expect((await productsOf(store.id))[0]!.price).toBe(10);
  });
});
