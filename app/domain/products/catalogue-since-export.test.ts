import { describe, expect, it } from "vitest";
import { CATALOGUE_COLUMNS, exportCells, exportRow, planImport, type StoreProduct } from "./catalogue";
import {
  fingerprint,
  readVersion,
  sinceExport,
  TRACKED_KEYS,
  versionToken,
  type TrackedCells,
} from "./catalogue-since-export";

const product = (over: Partial<StoreProduct> = {}): StoreProduct => ({
  id: "p1",
  name: "Agua de piña",
  description: "Natural",
  category: "",
  price: 35,
  unit: "pieza",
  available: true,
  choiceGroups: [],
  stock: 10,
  dailyStock: null,
  lowStockThreshold: null,
  optionStock: null,
  imageKey: "product-images/s1/vieja.webp",
  variations: [],
  quantityStep: null,
  minQuantity: null,
  ...over,
});
const context = { stock: true, categories: ["Bebidas"], photos: null, limit: 10 };

/** The product's row as the export writes it, as the import reads it back. */
function exported(of: StoreProduct, edits: Record<string, string> = {}) {
  const values = exportRow(of, true).map(String);
  const cells = Object.fromEntries(CATALOGUE_COLUMNS.map((column, index) => [column.key, values[index]!]));
  return { row: 2, cells: { ...cells, ...edits } };
}

describe("a cell's fingerprint", () => {
  it("is six base-36 digits, the same for the same text whatever its spaces around and line breaks", () => {
    expect(fingerprint("Agua de piña")).toMatch(/^[0-9a-z]{6}$/);
    expect(fingerprint("Agua de piña")).toBe(fingerprint("  Agua de piña\t"));
    expect(fingerprint("Dos\r\nlíneas")).toBe(fingerprint("Dos\nlíneas"));
    expect(fingerprint("Dos\rlíneas")).toBe(fingerprint("Dos\nlíneas"));
  });
  it("differs for a different text, however small the change", () => {
    const texts = ["35", "35.5", "36", "Sí", "No", "", "Agua de piña", "Agua de pina", "agua de piña"];
    expect(new Set(texts.map(fingerprint)).size).toBe(texts.length);
  });
});

describe("the version cell", () => {
  it("holds the product's ID and each cell's fingerprint, and reads back", () => {
    const cells = exportCells(product(), true);
    const token = versionToken("p1", cells);
    expect(token).toMatch(/^v1[0-9a-z]{72}$/);
    const version = readVersion(` ${token} `)!;
    expect(version.id).toBe(fingerprint("p1"));
    for (const key of TRACKED_KEYS) expect(version.cells[key]).toBe(fingerprint(cells[key]));
    expect(exportRow(product(), true).at(-1)).toBe(token);
  });
  it("is nothing when it is not one: a hand-made file, a cell edited, a later format", () => {
    const token = versionToken("p1", exportCells(product(), true));
    for (const text of [
      undefined,
      "",
      "x",
      token.slice(0, -1),
      `${token}0`,
      `v2${token.slice(2)}`,
      token.toUpperCase(),
    ])
      expect(readVersion(text)).toBeNull();
  });
  it("changes with every column the import writes", () => {
    const base = exportCells(product(), true);
    const tokens = TRACKED_KEYS.map((key) => versionToken("p1", { ...base, [key]: `${base[key]}x` }));
    expect(new Set([versionToken("p1", base), ...tokens]).size).toBe(TRACKED_KEYS.length + 1);
  });
});

describe("a row read against its version", () => {
  const now = (over: Partial<StoreProduct>) => ({ id: "p1", now: exportCells(product(over), true) });

  it("leaves a row alone when the product has not changed since the export", () => {
    const { cells } = exported(product(), { price: "40" });
    expect(sinceExport(cells, now({}), false)).toEqual({ cells, untouched: [], both: [] });
  });
  it("keeps the store's value where the store changed it and the file left the cell alone", () => {
    const { cells } = exported(product());
    const read = sinceExport(cells, now({ price: 38, stock: 7 }), false)!;
    expect(read.untouched).toEqual(["price", "stock"]);
    expect(read.both).toEqual([]);
    expect(read.cells).toEqual({ ...cells, price: "38", stock: "7" });
  });
  it("names the cells the file and the store both changed", () => {
    const { cells } = exported(product(), { price: "40", description: "Con hielo" });
    const read = sinceExport(cells, now({ price: 38 }), false)!;
    expect(read).toEqual({ cells, untouched: [], both: ["price"] });
  });
  it("leaves the file's cells as they are when the owner chose to overwrite", () => {
    const { cells } = exported(product());
    expect(sinceExport(cells, now({ price: 38 }), true)).toEqual({ cells, untouched: ["price"], both: [] });
  });
  it("says nothing of a row whose version is another product's, or of a column the file does not have", () => {
    const { cells } = exported(product());
    expect(sinceExport(cells, { id: "p2", now: exportCells(product({ id: "p2" }), true) }, false)).toBeNull();
    const { price: _price, ...withoutPrice } = cells;
    expect(sinceExport(withoutPrice, now({ price: 38 }), false)).toEqual({
      cells: withoutPrice,
      untouched: [],
      both: [],
    });
  });
});

describe("planning a file exported before the store changed", () => {
  const changed = product({ price: 38 });
  const file = exported(product());

  it("keeps a price changed after the export when the file left it alone, and says so", () => {
    const plan = planImport([file], [changed], context);
    expect(plan).toMatchObject({ updates: [], unchanged: 1, refused: [] });
    expect(plan.kept).toEqual([
      { row: 2, name: "Agua de piña", keys: ["price"], current: changed, file: file.cells },
    ]);
  });
  it("applies what the file changed and keeps what the store changed, in the same row", () => {
    const plan = planImport([exported(product(), { description: "Con hielo" })], [changed], context);
    expect(plan.updates).toMatchObject([
      { id: "p1", changes: { description: "Con hielo" }, overwritten: [] },
    ]);
    expect(plan.kept.map((row) => row.keys)).toEqual([["price"]]);
  });
  it("refuses a row that changes a value the store changed too, unless the owner overwrites", () => {
    const row = exported(product(), { price: "40" });
    const refused = planImport([row], [changed], context);
    expect(refused.updates).toEqual([]);
    expect(refused.refused).toEqual([
      {
        row: 2,
        name: "Agua de piña",
        reason:
          "Este producto cambió en tu tienda después de exportar el archivo, y el archivo también lo cambia: se queda como está, salvo que elijas sobrescribir.",
        conflict: {
          keys: ["price"],
          current: changed,
          fields: expect.objectContaining({ price: 40 }),
          photo: "",
        },
      },
    ]);
    const overwritten = planImport([row], [changed], { ...context, overwrite: true });
    expect(overwritten.refused).toEqual([]);
    expect(overwritten.updates).toMatchObject([{ changes: { price: 40 }, overwritten: ["price"] }]);
  });
  it("puts the file's older value back only when the owner chose to overwrite", () => {
    const plan = planImport([file], [changed], { ...context, overwrite: true });
    expect(plan.updates).toMatchObject([{ changes: { price: 35 }, overwritten: ["price"] }]);
    expect(plan.kept).toEqual([]);
  });
  it("keeps the stock orders took after the export, and a photo changed in the panel (not in the ZIP)", () => {
    const sold = product({ stock: 7, imageKey: "product-images/s1/nueva.webp" });
    const plan = planImport([file], [sold], context);
    expect(plan).toMatchObject({ updates: [], unchanged: 1, refused: [] });
    expect(plan.kept.map((row) => row.keys)).toEqual([["stock", "photo"]]);
  });
  it("takes a hand-made file (no version) as it always has: the file's values win", () => {
    const { version: _version, ...cells } = file.cells;
    const plan = planImport([{ row: 2, cells }], [changed], context);
    expect(plan.updates).toMatchObject([{ changes: { price: 35 }, overwritten: [] }]);
    expect(plan.kept).toEqual([]);
  });
  it("reads a version only for its own product: a row copied under another ID is a plain row", () => {
    const other = product({ id: "p2", name: "Agua de jamaica", price: 30 });
    const copied = { row: 2, cells: { ...file.cells, id: "p2", name: "Agua de jamaica", price: "32" } };
    const plan = planImport([copied], [changed, other], context);
    expect(plan.updates).toMatchObject([{ id: "p2", changes: expect.objectContaining({ price: 32 }) }]);
    expect(plan.refused).toEqual([]);
  });
});

describe("the export's cells", () => {
  it("are the row the export writes, column by column, as text", () => {
    const cells: TrackedCells = exportCells(product({ dailyStock: 5 }), true);
    expect(cells).toEqual({
      name: "Agua de piña",
      description: "Natural",
      category: "",
      price: "35",
      unit: "pieza",
      available: "Sí",
      choiceGroups: "",
      stock: "10",
      dailyStock: "5",
      optionStock: "",
      photo: "vieja.webp",
    });
    expect(exportCells(product(), false)).toMatchObject({ stock: "", dailyStock: "", optionStock: "" });
  });
});
