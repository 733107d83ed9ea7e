import { describe, expect, it } from "vitest";
import {
  BULK_MESSAGES,
  bulkEditSubject,
  CATALOGUE_MESSAGES,
  changedPrice,
  checkRow,
  exportRow,
  headerKey,
  normalizedName,
  parsePriceChange,
  planImport,
  repriced,
  unneutralised,
  type RowContext,
  type StoreProduct,
} from "./catalogue";
import { planLimitMessage, STOCK_MESSAGES } from "./product-form";
import { CHOICE_MESSAGES } from "./choices";

const product = (over: Partial<StoreProduct> = {}): StoreProduct => ({
  id: "p1",
  name: "Concha de vainilla",
  description: "Pan dulce",
  category: "",
  price: 12,
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
const context: RowContext & { limit: number } = { stock: true, categories: ["Pan"], photos: null, limit: 10 };
const row = (cells: Record<string, string>, n = 2) => ({ row: n, cells });
const SIZES = [
  {
    id: "g1",
    name: "Tamaño",
    kind: "size" as const,
    min: 1,
    max: 1,
    options: [
      { id: "o1", name: "Chica", price: 10 },
      { id: "o2", name: "Grande", price: 15 },
    ],
  },
];

describe("reading a row", () => {
  const check = (cells: Record<string, string>, current: StoreProduct | null = null, ctx = context) =>
    checkRow(cells, current, ctx);
  const base = { name: "Bolillo", description: "Pan salado", price: "3.50", unit: "pieza" };

  it("accepts a complete row, with a price written as money", () => {
    const result = check({ ...base, price: "$1,234.50", available: "No", category: "pan" });
    expect(result).toMatchObject({
      ok: true,
      fields: { name: "Bolillo", price: 1234.5, available: false, category: "Pan" },
    });
  });
  it("refuses a missing name, description, a bad price and an unknown unit with their reasons", () => {
    expect(check({ ...base, name: " " })).toEqual({ ok: false, reason: CATALOGUE_MESSAGES.noName });
    expect(check({ ...base, description: "" })).toEqual({
      ok: false,
      reason: CATALOGUE_MESSAGES.noDescription,
    });
    expect(check({ ...base, price: "doce" })).toEqual({
      ok: false,
      reason: CATALOGUE_MESSAGES.price("doce"),
    });
    expect(check({ ...base, price: "0" })).toEqual({ ok: false, reason: CATALOGUE_MESSAGES.price("0") });
    expect(check({ ...base, price: "1.999" })).toEqual({
      ok: false,
      reason: CATALOGUE_MESSAGES.price("1.999"),
    });
    expect(check({ ...base, price: "1000000" })).toEqual({
      ok: false,
      reason: CATALOGUE_MESSAGES.priceTooHigh,
    });
    expect(check({ ...base, unit: "caja" })).toEqual({ ok: false, reason: CATALOGUE_MESSAGES.unit("caja") });
    expect(check({ ...base, unit: "KG" })).toMatchObject({ ok: true, fields: { unit: "kg" } });
    expect(check({ ...base, available: "quizá" })).toEqual({
      ok: false,
      reason: CATALOGUE_MESSAGES.available("quizá"),
    });
  });
  it("refuses a cell with a control character, which PostgreSQL could not store", () => {
    expect(check({ ...base, description: "Pan\u0000" })).toEqual({
      ok: false,
      reason: CATALOGUE_MESSAGES.control,
    });
    expect(check({ ...base, description: "Pan\tsalado\ncon salto" })).toMatchObject({ ok: true });
  });
  it("reads choice groups as JSON, gives new ones ids, and refuses what the dialog refuses", () => {
    const groups = JSON.stringify([
      {
        name: "Tamaño",
        kind: "size",
        options: [
          { name: "Chica", price: 10 },
          { name: "Grande", price: 15 },
        ],
      },
    ]);
    const result = check({ ...base, price: "", choiceGroups: groups });
    expect(result).toMatchObject({ ok: true, fields: { price: 10 } });
    if (result.ok) expect(result.fields.choiceGroups![0]!.options[0]!.id).toMatch(/^[a-z0-9]{8}$/);
    expect(check({ ...base, choiceGroups: "{nope" })).toEqual({
      ok: false,
      reason: CATALOGUE_MESSAGES.choiceGroups,
    });
    const twoSizes = JSON.stringify([
      ...SIZES,
      { ...SIZES[0], id: "g2", name: "Otro", options: [{ id: "o3", name: "X", price: 1 }] },
    ]);
    expect(check({ ...base, choiceGroups: twoSizes })).toEqual({
      ok: false,
      reason: CHOICE_MESSAGES.oneSizeGroup,
    });
  });
  it("reads stock per size by the size's name, and refuses a size the product does not have", () => {
    const result = check({ ...base, choiceGroups: JSON.stringify(SIZES), optionStock: '{"grande": 4}' });
    expect(result).toMatchObject({ ok: true, fields: { optionStock: { o2: 4 } } });
    expect(check({ ...base, choiceGroups: JSON.stringify(SIZES), optionStock: '{"Mediana": 4}' })).toEqual({
      ok: false,
      reason: CATALOGUE_MESSAGES.optionStockName("Mediana"),
    });
    expect(check({ ...base, stock: "2.5" })).toMatchObject({ ok: false });
  });
  it("refuses stock on a plan without it, and an unknown category", () => {
    expect(check({ ...base, stock: "5" }, null, { ...context, stock: false })).toEqual({
      ok: false,
      reason: STOCK_MESSAGES.plan,
    });
    expect(check({ ...base, category: "Carnes" })).toEqual({
      ok: false,
      reason: CATALOGUE_MESSAGES.category("Carnes"),
    });
  });
  it("refuses a photo named with a path, or missing from the ZIP", () => {
    const photos = new Set(["concha.jpg"]);
    for (const photo of ["../x.jpg", "/etc/passwd", "fotos/x.jpg", "C:x.jpg", ".."])
      expect(check({ ...base, photo }, null, { ...context, photos })).toEqual({
        ok: false,
        reason: CATALOGUE_MESSAGES.photoPath,
      });
    expect(check({ ...base, photo: "otra.jpg" }, null, { ...context, photos })).toEqual({
      ok: false,
      reason: CATALOGUE_MESSAGES.photoMissing("otra.jpg"),
    });
    expect(check({ ...base, photo: "concha.jpg" }, null, { ...context, photos })).toMatchObject({
      ok: true,
      photo: "concha.jpg",
    });
  });
});

describe("planning a file", () => {
  it("matches by id, then by name without accents or case, creates the rest and refuses another store's id", () => {
    const plan = planImport(
      [
        row({ id: "p1", name: "Concha de vainilla", description: "Pan dulce", price: "13" }, 2),
        row({ name: "CONCHA de vainílla", description: "x", price: "1" }, 3),
        row({ name: "Oreja", description: "Hojaldre", price: "9" }, 4),
        row({ id: "ajeno", name: "Robado", description: "x", price: "1" }, 5),
      ],
      [product()],
      context,
    );
    expect(plan.updates).toEqual([
      { row: 2, id: "p1", name: "Concha de vainilla", changes: { price: 13 }, photo: "" },
    ]);
    expect(plan.creates.map((c) => c.fields.fields.name)).toEqual(["Oreja"]);
    expect(plan.refused).toEqual([
      { row: 3, name: "CONCHA de vainílla", reason: CATALOGUE_MESSAGES.duplicate(2) },
      { row: 5, name: "Robado", reason: CATALOGUE_MESSAGES.notInStore("ajeno") },
    ]);
  });
  it("counts an unchanged row as unchanged (an exported row read back)", () => {
    const current = product({
      choiceGroups: SIZES,
      price: 10,
      optionStock: { o2: 3 },
      stock: 8,
      category: "Pan",
    });
    const exported = exportRow(current, true).map(String);
    const cells = Object.fromEntries(
      [
        "id",
        "name",
        "description",
        "category",
        "price",
        "unit",
        "available",
        "choiceGroups",
        "stock",
        "dailyStock",
        "optionStock",
        "photo",
      ].map((key, index) => [key, exported[index]!]),
    );
    expect(planImport([row(cells)], [current], context)).toEqual({
      creates: [],
      updates: [],
      unchanged: 1,
      refused: [],
    });
  });
  it("keeps the plan's limit of products on sale: products taken off sale first, then rows in order", () => {
    const current = Array.from({ length: 3 }, (_, i) => product({ id: `p${i}`, name: `P${i}` }));
    const rows = [
      row({ name: "Nuevo 1", description: "x", price: "1" }, 2),
      row({ name: "Nuevo 2", description: "x", price: "1" }, 3),
      row({ name: "Nuevo 3", description: "x", price: "1", available: "no" }, 4),
      row({ id: "p0", available: "no" }, 5),
    ];
    const plan = planImport(rows, current, { ...context, limit: 3 });
    expect(plan.creates.map((c) => c.row)).toEqual([2, 4]);
    expect(plan.refused).toEqual([{ row: 3, name: "Nuevo 2", reason: planLimitMessage(3) }]);
    // Without the row that takes P0 off sale, the first new one is refused as well.
    expect(planImport(rows.slice(0, 2), current, { ...context, limit: 3 }).refused.map((r) => r.row)).toEqual(
      [2, 3],
    );
  });
});

describe("the file's text", () => {
  it("reads headers whatever their accents and case, and takes off the export's apostrophe", () => {
    expect(headerKey("descripcion")).toBe("description");
    expect(headerKey("Opciones")).toBe("choiceGroups");
    expect(headerKey("INVENTARIO POR TAMAÑO (JSON)")).toBe("optionStock");
    expect(headerKey("Otra")).toBeNull();
    expect(unneutralised("'=SUMA(A1)")).toBe("=SUMA(A1)");
    expect(unneutralised("'hola")).toBe("'hola");
    expect(normalizedName("  Pan   DE Muérto ")).toBe("pan de muerto");
  });
});

describe("the bulk price change", () => {
  it("rounds a percentage to cents, half up, with integer arithmetic", () => {
    expect(changedPrice(12, { kind: "percent", value: 10 })).toBe(13.2);
    expect(changedPrice(0.15, { kind: "percent", value: 10 })).toBe(0.17); // 16.5 cents
    expect(changedPrice(19.99, { kind: "percent", value: -15 })).toBe(16.99); // 1699.15
    expect(changedPrice(10, { kind: "percent", value: 33.33 })).toBe(13.33);
    expect(changedPrice(1.1, { kind: "amount", value: 0.2 })).toBe(1.3);
    expect(changedPrice(5, { kind: "amount", value: -2.5 })).toBe(2.5);
  });
  it("refuses a price below $0.01 or at a million, and changes sizes but not add-ons", () => {
    expect(repriced({ name: "Chicle", price: 1, choiceGroups: [] }, { kind: "amount", value: -1 })).toEqual({
      error: BULK_MESSAGES.belowMinimum("Chicle", 0),
    });
    expect(
      repriced({ name: "Chicle", price: 0.01, choiceGroups: [] }, { kind: "percent", value: -10 }),
    ).toEqual({
      price: 0.01,
      choiceGroups: [],
    });
    expect(
      repriced({ name: "Caro", price: 999_999, choiceGroups: [] }, { kind: "amount", value: 1 }),
    ).toEqual({
      error: BULK_MESSAGES.tooHigh("Caro"),
    });
    const extras = {
      id: "g9",
      name: "Extras",
      kind: "extras" as const,
      min: 0,
      max: 1,
      options: [{ id: "e1", name: "Queso", price: 10 }],
    };
    const result = repriced(
      { name: "Taco", price: 10, choiceGroups: [...SIZES, extras] },
      { kind: "percent", value: 10 },
    );
    expect(result).toEqual({
      price: 11,
      choiceGroups: [
        {
          ...SIZES[0],
          options: [
            { id: "o1", name: "Chica", price: 11 },
            { id: "o2", name: "Grande", price: 16.5 },
          ],
        },
        extras,
      ],
    });
  });
  it("reads the typed change", () => {
    expect(parsePriceChange("percent", "10 %")).toEqual({ kind: "percent", value: 10 });
    expect(parsePriceChange("amount", "-2,50")).toEqual({ kind: "amount", value: -2.5 });
    expect(parsePriceChange("percent", "-100")).toEqual({ error: BULK_MESSAGES.percent });
    expect(parsePriceChange("percent", "1.234")).toEqual({ error: BULK_MESSAGES.percent });
    expect(parsePriceChange("amount", "abc")).toEqual({ error: BULK_MESSAGES.amount });
    expect(parsePriceChange("otro", "1")).toEqual({ error: BULK_MESSAGES.change });
  });
});

describe("a bulk edit in Actividad", () => {
  it("reads as the change made", () => {
    expect(bulkEditSubject({ kind: "price", change: { kind: "percent", value: 10 } })).toBe("precio +10 %");
    expect(bulkEditSubject({ kind: "price", change: { kind: "percent", value: -5.5 } })).toBe(
      "precio −5.5 %",
    );
    expect(bulkEditSubject({ kind: "price", change: { kind: "amount", value: -2.5 } })).toBe("precio −$2.50");
    expect(bulkEditSubject({ kind: "price", change: { kind: "amount", value: 3 } })).toBe("precio +$3.00");
    expect(bulkEditSubject({ kind: "category", category: "Pan" })).toBe("categoría Pan");
    expect(bulkEditSubject({ kind: "category", category: "" })).toBe("sin categoría");
    expect(bulkEditSubject({ kind: "availability", available: true })).toBe("mostrados en la tienda");
    expect(bulkEditSubject({ kind: "availability", available: false })).toBe("ocultos de la tienda");
  });
});
