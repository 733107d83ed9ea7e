import { describe, expect, it } from "vitest";
import { CATALOGUE_COLUMNS, CATALOGUE_MESSAGES, exportRow, planImport, type StoreProduct } from "./catalogue";
import { importSummary, shownCell } from "./catalogue-summary";

const product = (over: Partial<StoreProduct> = {}): StoreProduct => ({
  id: "p1",
  name: "Agua de piña",
  description: "Natural",
  category: "",
  price: 35,
  unit: "pieza",
  available: true,
  choiceGroups: [],
  stock: null,
  dailyStock: null,
  lowStockThreshold: null,
  optionStock: null,
  imageKey: null,
  variations: [],
  quantityStep: null,
  minQuantity: null,
  ...over,
});
const context = { stock: true, categories: ["Bebidas"], photos: new Set(["nueva.jpg"]), limit: 10 };
const SIZES = [
  {
    id: "g1",
    name: "Tamaño",
    kind: "size" as const,
    min: 1,
    max: 1,
    options: [
      { id: "o1", name: "Chica", price: 30 },
      { id: "o2", name: "Grande", price: 45.5 },
    ],
  },
];
const exported = (of: StoreProduct, edits: Record<string, string>) => {
  const values = exportRow(of, true).map(String);
  const cells = Object.fromEntries(CATALOGUE_COLUMNS.map((column, index) => [column.key, values[index]!]));
  return { row: 2, cells: { ...cells, ...edits } };
};

describe("the preview of a changed product", () => {
  it("shows each changed value as old → new, as a person reads it, in the columns' order", () => {
    const current = product();
    const plan = planImport(
      [
        {
          row: 2,
          cells: {
            id: "p1",
            name: "Agua de piña grande",
            price: "38",
            category: "bebidas",
            available: "No",
            stock: "12",
            photo: "nueva.jpg",
          },
        },
      ],
      [current],
      context,
    );
    expect(importSummary(plan).updates).toEqual([
      {
        row: 2,
        name: "Agua de piña grande",
        changes: [
          { field: "Nombre", before: "Agua de piña", after: "Agua de piña grande" },
          { field: "Categoría", before: "Sin categoría", after: "Bebidas" },
          { field: "Precio", before: "$35.00", after: "$38.00" },
          { field: "Disponible", before: "Sí", after: "No" },
          { field: "Inventario", before: "Sin límite", after: "12" },
          { field: "Foto", before: "Sin foto", after: "nueva.jpg" },
        ],
        overwritten: false,
      },
    ]);
  });

  it("writes options and stock per size in words, and a long description cut short", () => {
    const current = product({ description: "Corta" });
    const long = "Agua fresca de piña natural, ".repeat(5).trim();
    const plan = planImport(
      [
        {
          row: 3,
          cells: {
            id: "p1",
            description: long,
            choiceGroups: JSON.stringify(SIZES),
            optionStock: '{"Grande": 4}',
            dailyStock: "20",
            unit: "L",
          },
        },
      ],
      [current],
      context,
    );
    const [update] = importSummary(plan).updates;
    expect(update!.changes).toEqual([
      { field: "Descripción", before: "Corta", after: `${long.slice(0, 79)}…` },
      { field: "Precio", before: "$35.00", after: "$30.00" },
      { field: "Unidad", before: "pieza", after: "L" },
      { field: "Opciones", before: "Sin opciones", after: "Tamaño: Chica $30.00, Grande $45.50" },
      // Daily stock starts full, as in the product dialog.
      { field: "Inventario", before: "Sin límite", after: "20" },
      { field: "Inventario diario", before: "Sin inventario diario", after: "20" },
      { field: "Inventario por tamaño", before: "Sin inventario por tamaño", after: "Grande 4" },
    ]);
  });

  it("lists new products with their price, refused rows with their reason, and unchanged ones by count", () => {
    const plan = planImport(
      [
        { row: 2, cells: { name: "Horchata", description: "Arroz", price: "25" } },
        { row: 3, cells: { name: "Tamarindo", description: "x", price: "tres" } },
        { row: 4, cells: { id: "p1" } },
      ],
      [product()],
      context,
    );
    expect(importSummary(plan)).toEqual({
      creates: [{ row: 2, name: "Horchata", price: 25 }],
      updates: [],
      unchanged: 1,
      refused: [{ row: 3, name: "Tamarindo", reason: CATALOGUE_MESSAGES.price("tres") }],
      kept: [],
    });
  });
});

describe("the preview of a product changed after the export", () => {
  const changed = product({ price: 38, name: "Agua de piña natural" });

  it("shows the store's value and the file's for each value both changed", () => {
    const plan = planImport([exported(product(), { price: "40" })], [changed], context);
    expect(importSummary(plan).refused).toEqual([
      {
        row: 2,
        name: "Agua de piña",
        reason: CATALOGUE_MESSAGES.changedSinceExport,
        conflicts: [{ field: "Precio", store: "$38.00", file: "$40.00" }],
      },
    ]);
  });

  it("shows what the store changed and keeps, beside what the file (older) says", () => {
    const plan = planImport([exported(product(), {})], [changed], context);
    expect(importSummary(plan).kept).toEqual([
      {
        row: 2,
        name: "Agua de piña natural",
        fields: [
          { field: "Nombre", store: "Agua de piña natural", file: "Agua de piña" },
          { field: "Precio", store: "$38.00", file: "$35.00" },
        ],
      },
    ]);
  });

  it("marks the rows that overwrite the store's newer values when the owner chose so", () => {
    const plan = planImport([exported(product(), {})], [changed], { ...context, overwrite: true });
    expect(importSummary(plan).updates).toEqual([
      {
        row: 2,
        name: "Agua de piña",
        changes: [
          { field: "Nombre", before: "Agua de piña natural", after: "Agua de piña" },
          { field: "Precio", before: "$38.00", after: "$35.00" },
        ],
        overwritten: true,
      },
    ]);
  });
});

describe("a cell as the preview shows it", () => {
  it("shows what does not read as its kind as typed, and an empty cell in words", () => {
    expect(shownCell("price", "tres")).toBe("tres");
    expect(shownCell("price", "0.5")).toBe("$0.50");
    expect(shownCell("choiceGroups", "{roto")).toBe("{roto");
    expect(shownCell("choiceGroups", "[]")).toBe("Sin opciones");
    expect(shownCell("optionStock", "[1]")).toBe("[1]");
    expect(shownCell("optionStock", "{}")).toBe("Sin inventario por tamaño");
    expect(shownCell("photo", " ")).toBe("Sin foto");
    expect(shownCell("stock", "")).toBe("Sin límite");
    expect(shownCell("category", "")).toBe("Sin categoría");
    expect(shownCell("name", "x".repeat(80))).toBe("x".repeat(80));
    expect(shownCell("name", "x".repeat(81))).toBe(`${"x".repeat(79)}…`);
  });
});
