/**
 * The catalogue in bulk (docs/decisions/035) against a real PostgreSQL: the import's preview and
 * apply (created, changed, refused rows), all or nothing, the plan's limit (also under 20
 * simultaneous applies), another store's product id, the export's neutralised formulas, a ZIP
 * bomb, a path in a file name, a file too large, the XLSX round trip, and the bulk edit; then the
 * routes through the built server (the export's download, the import's body limit, the bulk
 * edit's 404).
 */
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, count, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { Zip, ZipDeflate, zipSync } from "fflate";
import { afterAll, describe, expect, it } from "vitest";
import { createOwner, createProduct, createStore } from "~/db/factories.server";
import { products, storeSettings } from "~/db/schema";
import { createLocalStorage } from "~/domain/images/local-storage.server";
import { BULK_MESSAGES, CATALOGUE_MESSAGES, type CatalogueRow } from "~/domain/products/catalogue";
import {
  catalogueCsv,
  catalogueXlsx,
  FILE_MESSAGES,
  MAX_SHEET_BYTES,
  readPhotos,
  readSheet,
} from "~/domain/products/catalogue-files.server";
import { applyImport, bulkEdit, catalogueRows, previewImport } from "~/domain/products/catalogue.server";
import { planLimitMessage } from "~/domain/products/product-form";
import { AppError } from "~/lib/errors";
import { createLogger } from "~/lib/logger.server";
import { createTestDatabase } from "../support/database";
import { signIn, useServerProcess } from "../support/http-server";
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
      { row: 2, name: "Concha", fields: ["price", "category"] },
      // Matched by its name without accents or case: the file's spelling is the new name.
      { row: 3, name: "ÓREJA DE HOJALDRE", fields: ["name", "available"] },
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
      applyImport(db, store.id, { rows: await rowsOf(file), photos: readPhotos(zip) }, deps),
    );
    expect(refused.message).toBe(CATALOGUE_MESSAGES.refused);
    expect((refused.details!.preview as { refused: { row: number }[] }).refused.map((r) => r.row)).toEqual([
      3,
    ]);
    expect(await productsOf(store.id)).toEqual([]);
    expect(await files()).toEqual(stored);
    // The good photo alone goes through the upload's pipeline: a WebP under a key of the store.
    const one = new TextEncoder().encode(
      ["Nombre,Descripción,Precio,Foto", "Concha,Pan,10,buena.jpg"].join("\n"),
    );
    await applyImport(db, store.id, { rows: await rowsOf(one), photos: readPhotos(zip) }, deps);
    const [concha] = await productsOf(store.id);
    expect(concha!.imageKey).toMatch(new RegExp(`^product-images/${store.id}/[a-z0-9]{20}\\.webp$`));
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
    expect(() => readPhotos(bomb)).toThrow(FILE_MESSAGES.zipBomb);
    // An XLSX is a ZIP too: the same limits before exceljs unpacks it.
    await expect(readSheet(bomb, "xlsx")).rejects.toThrow(FILE_MESSAGES.zipBomb);
    const many = zipSync(
      Object.fromEntries(Array.from({ length: 5_001 }, (_, i) => [`f${i}.jpg`, new Uint8Array(1)])),
    );
    expect(() => readPhotos(many)).toThrow(FILE_MESSAGES.zipBomb);

    for (const name of ["../x.jpg", "/etc/x.jpg", "fotos/../../x.jpg"]) {
      const climbing = zipSync({ [name]: new Uint8Array([1, 2, 3]) });
      expect(() => readPhotos(climbing)).toThrow(FILE_MESSAGES.zipPath(name));
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
