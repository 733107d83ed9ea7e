import { describe, expect, it } from "vitest";
import {
  BULK_MESSAGES,
  bulkEditSubject,
  CATALOGUE_MESSAGES,
  changedPrice,
  checkRow,
  changesOf,
  exportRow,
  FIELD_LABELS,
  headerKey,
  headerKeys,
  normalizedName,
  parsePriceChange,
  photoName,
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

/** A row with the four cells every product needs, checked against the test store. */
const base = { name: "Bolillo", description: "Pan salado", price: "3.50", unit: "pieza" };
const check = (
  cells: Record<string, string>,
  current: StoreProduct | null = null,
  ctx: RowContext = context,
) => checkRow(cells, current, ctx);
const fieldsOf = (result: ReturnType<typeof checkRow>) => (result.ok ? result.fields : result.reason);
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

/** An add-on group, "Extras", with one option, "Queso", at the given price. */
const extrasGroup = (price: number) => ({
  id: "g9",
  name: "Extras",
  kind: "extras" as const,
  min: 0,
  max: 1,
  options: [{ id: "e1", name: "Queso", price }],
});

describe("reading a row", () => {
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
      {
        row: 2,
        id: "p1",
        name: "Concha de vainilla",
        changes: { price: 13 },
        photo: "",
        current: product(),
        overwritten: [],
      },
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
        "version",
      ].map((key, index) => [key, exported[index]!]),
    );
    expect(planImport([row(cells)], [current], context)).toEqual({
      creates: [],
      updates: [],
      unchanged: 1,
      refused: [],
      kept: [],
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
    const extras = extrasGroup(10);
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

describe("the export's row", () => {
  const sized = product({
    choiceGroups: [
      {
        id: "g9",
        name: "Extras",
        kind: "extras",
        min: 0,
        max: 1,
        options: [{ id: "e1", name: "Queso", price: 5 }],
      },
      ...SIZES,
    ],
    optionStock: { o2: 3, gone: 7 },
    stock: 8,
    dailyStock: 0,
    imageKey: "stores/s1/products/concha.jpg",
    category: "Pan",
  });

  it("writes every column in order, the sizes' stock by their names and the photo's file name", () => {
    expect(exportRow(sized, true)).toEqual([
      "p1",
      "Concha de vainilla",
      "Pan dulce",
      "Pan",
      12,
      "pieza",
      "Sí",
      JSON.stringify(sized.choiceGroups),
      8,
      0,
      '{"Grande":3}',
      "concha.jpg",
      expect.stringMatching(/^v1[0-9a-z]{72}$/),
    ]);
  });
  it("leaves the stock columns empty on a plan without stock, or when there is none", () => {
    expect(exportRow(sized, false).slice(8, 11)).toEqual(["", "", ""]);
    expect(exportRow(product({ available: false }), true)).toEqual([
      "p1",
      "Concha de vainilla",
      "Pan dulce",
      "",
      12,
      "pieza",
      "No",
      "",
      "",
      "",
      "",
      "",
      expect.stringMatching(/^v1[0-9a-z]{72}$/),
    ]);
    expect(exportRow(product({ choiceGroups: SIZES, optionStock: null }), true)[10]).toBe("");
    expect(exportRow(product({ optionStock: { o2: 3 } }), true)[10]).toBe("");
    expect(exportRow(product({ choiceGroups: SIZES, optionStock: { gone: 1 } }), true)[10]).toBe("");
  });
  it("names the photo by the last part of its key", () => {
    expect(photoName("stores/s1/products/concha.jpg")).toBe("concha.jpg");
    expect(photoName("concha.jpg")).toBe("concha.jpg");
    expect(photoName(null)).toBe("");
  });
  it("labels the columns a row changes in Spanish, without the parenthesis of the headers", () => {
    expect(FIELD_LABELS).toEqual({
      id: "ID",
      name: "Nombre",
      description: "Descripción",
      category: "Categoría",
      price: "Precio",
      unit: "Unidad",
      available: "Disponible",
      choiceGroups: "Opciones",
      stock: "Inventario",
      dailyStock: "Inventario diario",
      optionStock: "Inventario por tamaño",
      photo: "Foto",
      version: "Versión",
    });
  });
});

describe("the file's first row", () => {
  const EXPECTED =
    "Los encabezados son: ID, Nombre, Descripción, Categoría, Precio, Unidad, Disponible, Opciones (JSON), " +
    "Inventario, Inventario diario, Inventario por tamaño (JSON), Foto y Versión (no editar).";

  it("gives each header its column, an empty header none", () => {
    expect(headerKeys(["ID", "nombre", "", "PRECIO ", "Versión (no editar)"])).toEqual({
      keys: ["id", "name", null, "price", "version"],
    });
  });
  it("names the headers it does not know, and the ones it expects, instead of refusing every row", () => {
    // "Descripción" read in the wrong encoding, and a typo.
    expect(headerKeys(["Nombre", "Descripci\uFFFDn", "Precios"])).toEqual({
      error: `No reconocemos los encabezados «Descripci\uFFFDn», «Precios». ${EXPECTED} Corrige el nombre de la columna o bórrala.`,
    });
    expect(headerKeys(["Nombre", " Notas "])).toEqual({
      error: `No reconocemos el encabezado «Notas». ${EXPECTED} Corrige el nombre de la columna o bórrala.`,
    });
  });
  it("asks for the headers when «Nombre» is missing", () => {
    expect(headerKeys(["Descripción", "Precio"])).toEqual({ error: CATALOGUE_MESSAGES.noHeader });
    expect(headerKeys([])).toEqual({ error: CATALOGUE_MESSAGES.noHeader });
    // A first row that is a product, not headers.
    expect(headerKeys(["Bolillo", "3.50"])).toEqual({ error: CATALOGUE_MESSAGES.noHeader });
    expect(CATALOGUE_MESSAGES.noHeader).toContain(EXPECTED);
  });
});

describe("the file's headers and cells", () => {
  it("reads every column's own header, with or without a trailing parenthesis", () => {
    expect(
      ["ID", "Nombre", "Descripción", "Categoría", "Precio", "Unidad", "Disponible", "Foto"].map(headerKey),
    ).toEqual(["id", "name", "description", "category", "price", "unit", "available", "photo"]);
    expect(headerKey("Opciones (JSON)")).toBe("choiceGroups");
    expect(headerKey("inventario diario")).toBe("dailyStock");
    expect(headerKey("Inventario")).toBe("stock");
    expect(headerKey("Inventario por tamaño")).toBe("optionStock");
    expect(headerKey("Precio (MXN)")).toBe("price");
    expect(headerKey("Precio (MXN)  ")).toBe("price");
    expect(headerKey("Precio ()")).toBe("price");
    expect(headerKey("(Nota) Precio")).toBeNull();
    expect(headerKey("Precio (MXN) final")).toBeNull();
  });
  it("matches names whatever their accents, case and spaces", () => {
    expect(normalizedName("Ñandú\t\tasado")).toBe("nandu asado");
    expect(normalizedName("a  b")).toBe("a b");
  });
  it("takes the apostrophe off only from text a spreadsheet would run as a formula", () => {
    for (const text of ["=1", "+1", "-1", "@A", "\tA", "\rA"]) expect(unneutralised(`'${text}`)).toBe(text);
    expect(unneutralised("'")).toBe("'");
    expect(unneutralised("a'=1")).toBe("a'=1");
    expect(unneutralised("=1")).toBe("=1");
  });
});

describe("a row's cells, one by one", () => {
  it("refuses every control character but the tab and the line breaks, in any cell", () => {
    for (const character of ["\u0001", "\u0008", "\u000B", "\u000C", "\u000E", "\u001F", "\u007F"])
      expect(check({ ...base, name: `Bo${character}lillo` })).toEqual({
        ok: false,
        reason:
          "La fila tiene caracteres de control (invisibles) que no se pueden guardar. Bórralos e intenta de nuevo.",
      });
    expect(check({ ...base, description: "Pan\r\nsalado\tcon sal" })).toMatchObject({ ok: true });
  });
  it("keeps the product's name, description, unit, price and availability when the file has no such column", () => {
    const current = product({ unit: "kg", price: 80, available: false });
    expect(fieldsOf(check({}, current))).toMatchObject({
      name: "Concha de vainilla",
      description: "Pan dulce",
      unit: "kg",
      price: 80,
      available: false,
    });
    expect(fieldsOf(check({ unit: " ", available: "  " }, current))).toMatchObject({
      unit: "kg",
      available: false,
    });
    expect(fieldsOf(check({ name: "Bolillo", description: "Pan salado", price: "3" }))).toMatchObject({
      unit: "pieza",
      available: true,
    });
  });
  it.each([
    [{ name: "" }, "Falta el nombre."],
    [{ description: " " }, "Falta la descripción."],
    [{ unit: " caja " }, "La unidad «caja» no existe: usa pieza, kg, L o mL."],
    [{ available: " quizá " }, "En «Disponible» escribe «Sí» o «No» (dice «quizá»)."],
    [
      { price: " doce " },
      "El precio «doce» no es válido: escribe un número mayor que 0, con hasta dos decimales.",
    ],
    [{ price: "1000000" }, "El precio debe ser menor que $1,000,000.00."],
    [
      { choiceGroups: "{nope" },
      "Las opciones no son un JSON válido. Copia el formato de un archivo exportado.",
    ],
    [
      { category: " Carnes " },
      "La categoría «Carnes» no existe en tu tienda. Agrégala primero en Configuración.",
    ],
  ])("says in Spanish which cell is missing or wrong (%o)", (cells, reason) => {
    expect(check({ ...base, ...cells })).toEqual({ ok: false, reason });
  });
  it("reads the availability in Spanish or English, words or digits", () => {
    for (const yes of ["Sí", "s", "YES", "true", "1", "Disponible"])
      expect(fieldsOf(check({ ...base, available: yes }, product({ available: false })))).toMatchObject({
        available: true,
      });
    for (const no of ["No", "n", "FALSE", "0", "No disponible"])
      expect(fieldsOf(check({ ...base, available: no }))).toMatchObject({ available: false });
  });
  it("reads the units in any case", () => {
    expect(fieldsOf(check({ ...base, unit: "ML" }))).toMatchObject({ unit: "mL" });
    expect(fieldsOf(check({ ...base, unit: " l " }))).toMatchObject({ unit: "L" });
  });
});

describe("a row's options and stock", () => {
  const sizes = JSON.stringify(SIZES);

  it("keeps the product's options without the column, and empties them with an empty cell", () => {
    const current = product({ choiceGroups: SIZES, price: 10 });
    expect(fieldsOf(check({}, current))).toMatchObject({ choiceGroups: SIZES, price: 10 });
    expect(fieldsOf(check({ choiceGroups: " ", price: "4" }, current))).toMatchObject({ choiceGroups: [] });
    expect(fieldsOf(check({ ...base, choiceGroups: " [ ] " }))).toMatchObject({ choiceGroups: [] });
    expect(check({ ...base, choiceGroups: '{"name": "Tamaño"}' })).toEqual({
      ok: false,
      reason: CATALOGUE_MESSAGES.choiceGroups,
    });
  });
  it("gives a group typed without limits the dialog's: one size, or any number of add-ons", () => {
    const typed = [
      {
        name: "Tamaño",
        kind: "size",
        options: [
          { name: "Chica", price: 10 },
          { name: "Grande", price: 15 },
        ],
      },
      {
        name: "Extras",
        kind: "extras",
        options: [
          { name: "Queso", price: 5 },
          { name: "Crema", price: 3 },
        ],
      },
    ];
    const result = check({ ...base, choiceGroups: JSON.stringify(typed) });
    expect(result).toMatchObject({
      ok: true,
      fields: {
        choiceGroups: [
          { min: 1, max: 1 },
          { min: 0, max: 2 },
        ],
      },
    });
    if (result.ok) {
      const [size, extras] = result.fields.choiceGroups!;
      expect(size!.id).toMatch(/^[a-z0-9]{8}$/);
      expect(extras!.id).not.toBe(size!.id);
    }
    const kept = check({ ...base, choiceGroups: sizes });
    expect(kept).toMatchObject({ ok: true, fields: { choiceGroups: SIZES } });
    const limited = [{ ...typed[1], min: 1, max: 1 }];
    expect(check({ ...base, choiceGroups: JSON.stringify(limited) })).toMatchObject({
      ok: true,
      fields: { choiceGroups: [{ min: 1, max: 1 }] },
    });
  });
  it("takes the price of a product with sizes from its cheapest size, whatever the price cell says", () => {
    expect(fieldsOf(check({ ...base, price: "doce", choiceGroups: sizes }))).toMatchObject({ price: 10 });
  });
  it("reads the stock columns, keeps what the file leaves out and empties what it leaves blank", () => {
    const current = product({ stock: 8, dailyStock: 4, choiceGroups: SIZES, optionStock: { o2: 3 } });
    expect(fieldsOf(check({ name: "Concha" }, current))).toMatchObject({
      stock: 8,
      dailyStock: 4,
      optionStock: { o2: 3 },
    });
    expect(fieldsOf(check({ stock: " 5 ", dailyStock: "", optionStock: "" }, current))).toMatchObject({
      stock: 5,
      dailyStock: null,
      optionStock: null,
    });
    expect(fieldsOf(check({ ...base, dailyStock: "6" }))).toMatchObject({ dailyStock: 6 });
  });
  it("reads the stock per size as numbers or text, and a size without a number has none", () => {
    const result = check({
      ...base,
      choiceGroups: sizes,
      optionStock: '{"CHICA": " 2 ", "Grande": true}',
    });
    expect(fieldsOf(result)).toMatchObject({ optionStock: { o1: 2 } });
    expect(fieldsOf(check({ ...base, choiceGroups: sizes, optionStock: '{"Grande": 0}' }))).toMatchObject({
      optionStock: { o2: 0 },
    });
  });
  it("refuses a stock per size that is not an object of names", () => {
    const message =
      'El inventario por tamaño debe ser un JSON con el nombre de cada tamaño y su cantidad, por ejemplo {"Grande": 5}.';
    for (const optionStock of ["[4]", "4", "null", "{nope"])
      expect(check({ ...base, choiceGroups: sizes, optionStock })).toEqual({ ok: false, reason: message });
    expect(check({ ...base, optionStock: '{"Grande": 4}' })).toEqual({
      ok: false,
      reason: "El inventario por tamaño nombra «Grande», que no es un tamaño del producto.",
    });
  });
  it("leaves the stock alone on a plan without it, and refuses any stock cell there", () => {
    const noStock = { ...context, stock: false };
    const current = product({ stock: 8, choiceGroups: SIZES, optionStock: { o2: 3 } });
    const result = check({ price: "9" }, current, noStock);
    expect(result.ok && Object.keys(result.fields)).toEqual([
      "name",
      "description",
      "price",
      "unit",
      "available",
      "choiceGroups",
    ]);
    for (const cell of ["dailyStock", "optionStock"])
      expect(check({ ...base, [cell]: "1" }, null, noStock)).toEqual({
        ok: false,
        reason: STOCK_MESSAGES.plan,
      });
    expect(check({ ...base, stock: " ", dailyStock: "", optionStock: "" }, null, noStock)).toMatchObject({
      ok: true,
    });
  });
});

describe("a row's price, category and photo", () => {
  const priceOf = (price: string) => {
    const result = check({ ...base, price });
    return result.ok ? result.fields.price : result.reason;
  };

  it("reads a price as money is written, with a decimal comma or thousands' commas", () => {
    expect(["$5", "$  5", " 7 ", "12,5", "1,234.5", "0.01", "999999.99"].map(priceOf)).toEqual([
      5, 5, 7, 12.5, 1234.5, 0.01, 999_999.99,
    ]);
    expect(priceOf("1,000,000.00")).toBe(CATALOGUE_MESSAGES.priceTooHigh);
    for (const price of ["1,234", "1.", ".5", "5$", "0.00", "-5", "x5", "5x", ""])
      expect(priceOf(price)).toBe(CATALOGUE_MESSAGES.price(price.trim()));
    expect(priceOf("1000000.00")).toBe(CATALOGUE_MESSAGES.priceTooHigh);
  });
  it("reads the category by its name in the store, empties it with a blank cell and ignores it without categories", () => {
    const current = product({ category: "Pan" });
    const categoryOf = (cells: Record<string, string>, ctx: RowContext = context) => {
      const result = check({ ...base, ...cells }, current, ctx);
      return result.ok ? result.fields.category : result.reason;
    };
    expect(categoryOf({ category: " PÁN " })).toBe("Pan");
    expect(categoryOf({ category: " " })).toBe("");
    expect(categoryOf({})).toBeUndefined();
    expect(categoryOf({ category: "Carnes" }, { ...context, categories: null })).toBeUndefined();
    expect(categoryOf({ category: "Carnes" }, { ...context, categories: [] })).toBe(
      CATALOGUE_MESSAGES.category("Carnes"),
    );
  });
  it("takes a photo from the ZIP by its file name, unless the ZIP's checks refused it", () => {
    const photos = new Set(["foto.", ".foto.jpg", "foto:1.jpg", "mala.jpg", "c:x.jpg"]);
    const badPhotos = new Map([["mala.jpg", "La imagen está dañada."]]);
    const ctx = { ...context, photos, badPhotos };
    const photoOf = (photo: string, current: StoreProduct | null = null, withZip: RowContext = ctx) => {
      const result = check({ ...base, photo }, current, withZip);
      return result.ok ? result.photo : result.reason;
    };
    expect(["foto.", ".foto.jpg", "foto:1.jpg", " "].map((photo) => photoOf(photo))).toEqual([
      "foto.",
      ".foto.jpg",
      "foto:1.jpg",
      "",
    ]);
    expect(photoOf("mala.jpg")).toBe("mala.jpg: La imagen está dañada.");
    expect(photoOf("foto.", null, { ...context, photos })).toBe("foto.");
    for (const photo of ["c:x.jpg", "a\\b.jpg", ".", "a..b.jpg"])
      expect(photoOf(photo)).toBe(
        "El nombre de la foto no puede llevar carpetas: escribe solo el nombre del archivo.",
      );
    expect(photoOf("otra.jpg", null, context)).toBe("La foto «otra.jpg» no está en el ZIP.");
    // The photo the product has, as the export names it, needs no ZIP.
    expect(photoOf(" concha.jpg ", product({ imageKey: "stores/s1/concha.jpg" }), context)).toBe("");
  });
});

describe("what a row changes", () => {
  it("keeps only the columns whose value differs", () => {
    expect(changesOf(product(), { name: "Concha", price: 12, category: "", stock: null })).toEqual({
      name: "Concha",
    });
    expect(changesOf(product({ stock: 3 }), { stock: null, optionStock: null })).toEqual({ stock: null });
    expect(changesOf(product(), { stock: 0 })).toEqual({ stock: 0 });
  });
  it("compares options by their content, not the order of their keys, but in the order of the options", () => {
    const reordered = SIZES.map(({ options, max, min, kind, name, id }) => ({
      options: options.map(({ price, name: option, id: optionId }) => ({
        price,
        name: option,
        id: optionId,
      })),
      max,
      min,
      kind,
      name,
      id,
    }));
    expect(changesOf(product({ choiceGroups: SIZES }), { choiceGroups: reordered })).toEqual({});
    const swapped = [{ ...SIZES[0], options: [...SIZES[0].options].reverse() }];
    expect(changesOf(product({ choiceGroups: SIZES }), { choiceGroups: swapped })).toEqual({
      choiceGroups: swapped,
    });
    const cheaper = [{ ...SIZES[0], options: [{ ...SIZES[0].options[0], price: 9 }, SIZES[0].options[1]] }];
    expect(changesOf(product({ choiceGroups: SIZES }), { choiceGroups: cheaper })).toEqual({
      choiceGroups: cheaper,
    });
    expect(changesOf(product({ optionStock: { o1: 1, o2: 2 } }), { optionStock: { o2: 2, o1: 1 } })).toEqual(
      {},
    );
  });
});

describe("planning a file, row by row", () => {
  const fresh = (name: string, n: number, more: Record<string, string> = {}) =>
    row({ name, description: "x", price: "1", ...more }, n);

  it("matches a name to the first product of that name, and an ID written with spaces", () => {
    const products = [product({ id: "a", name: "Pan" }), product({ id: "b", name: "PAN" })];
    expect(planImport([fresh(" pan ", 2)], products, context).updates.map((u) => u.id)).toEqual(["a"]);
    expect(planImport([row({ id: " b ", price: "2" }, 2)], products, context).updates).toEqual([
      {
        row: 2,
        id: "b",
        name: "PAN",
        changes: { price: 2 },
        photo: "",
        current: products[1],
        overwritten: [],
      },
    ]);
  });
  it("refuses a product named twice by its ID, and a new product named twice", () => {
    const plan = planImport(
      [
        row({ id: "p1", price: "2" }, 2),
        row({ id: "p1", price: "3" }, 3),
        fresh("Oreja", 4),
        fresh("oreja", 5),
      ],
      [product()],
      context,
    );
    expect(plan.refused).toEqual([
      { row: 3, name: "", reason: "Este producto ya aparece en la fila 2." },
      { row: 5, name: "oreja", reason: "Este producto ya aparece en la fila 4." },
    ]);
    expect(planImport([row({ id: "x" }, 2)], [], context).refused[0]!.reason).toBe(
      "El producto con ID «x» no existe en tu tienda.",
    );
  });
  it("updates a product whose only change is a new photo, and lists refusals in the file's order", () => {
    const photos = new Set(["nueva.jpg"]);
    const plan = planImport(
      [fresh("Nuevo", 2), row({ id: "p1", photo: "nueva.jpg" }, 3), fresh("Malo", 4, { price: "x" })],
      [product()],
      { ...context, photos, limit: 1 },
    );
    expect(plan.updates).toEqual([
      {
        row: 3,
        id: "p1",
        name: "Concha de vainilla",
        changes: {},
        photo: "nueva.jpg",
        current: product(),
        overwritten: [],
      },
    ]);
    expect(plan.unchanged).toBe(0);
    expect(plan.refused.map((r) => [r.row, r.name])).toEqual([
      [2, "Nuevo"],
      [4, "Malo"],
    ]);
  });
  it("counts against the limit only the products a row puts on sale", () => {
    const products = [product({ id: "a", name: "A" }), product({ id: "b", name: "B", available: false })];
    const limit = { ...context, limit: 2 };
    expect(planImport([fresh("Nuevo", 2)], products, limit).creates.map((c) => c.row)).toEqual([2]);
    expect(planImport([fresh("Nuevo", 2), fresh("Otro", 3)], products, limit).refused).toEqual([
      { row: 3, name: "Otro", reason: planLimitMessage(2) },
    ]);
    const onSale = planImport(
      [row({ id: "b", available: "sí" }, 2), row({ id: "a", price: "5" }, 3)],
      products,
      {
        ...context,
        limit: 1,
      },
    );
    expect(onSale.refused).toEqual([{ row: 2, name: "B", reason: planLimitMessage(1) }]);
    expect(onSale.updates.map((u) => u.id)).toEqual(["a"]);
    const hidden = planImport([row({ id: "b", available: "no" }, 2)], products, { ...context, limit: 1 });
    expect(hidden).toMatchObject({ unchanged: 1, refused: [] });
  });
});

describe("the bulk price change, at its edges", () => {
  it("reads percentages from -99.99 to 1000 and amounts below a million, either sign", () => {
    const read = (kind: string, text: string) => parsePriceChange(kind, text);
    expect(read("percent", " -99.99 ")).toEqual({ kind: "percent", value: -99.99 });
    expect(read("percent", "1000%")).toEqual({ kind: "percent", value: 1000 });
    expect(read("percent", "+10,5")).toEqual({ kind: "percent", value: 10.5 });
    for (const text of ["1000.01", "-100.5", "x5", "5x", "5.", "%"])
      expect(read("percent", text)).toEqual({
        error: "Escribe un porcentaje entre -99.99 y 1000, con hasta dos decimales (por ejemplo 10 o -5).",
      });
    expect(read("amount", "999999.99")).toEqual({ kind: "amount", value: 999_999.99 });
    expect(read("amount", "-999999.99")).toEqual({ kind: "amount", value: -999_999.99 });
    for (const text of ["1000000", "-1000000", "1.234"])
      expect(read("amount", text)).toEqual({
        error: "Escribe una cantidad de pesos con hasta dos decimales (por ejemplo 5 o -2.50).",
      });
    expect(read("", "5")).toEqual({ error: "Elige qué cambiar." });
  });
  it("works in whole cents, whatever the float of the price or the amount", () => {
    expect(changedPrice(1.005, { kind: "amount", value: 0 })).toBe(1);
    expect(changedPrice(0.01, { kind: "percent", value: 50 })).toBe(0.02);
    expect(changedPrice(0.01, { kind: "percent", value: 49.99 })).toBe(0.01);
    expect(changedPrice(1000, { kind: "percent", value: 0.005 })).toBe(1000.1);
    expect(changedPrice(1, { kind: "amount", value: 0.005 })).toBe(1.01);
  });
  it("refuses a size that would fall below a cent, keeps a size at $0.00, and prices the product by its cheapest size", () => {
    const taco = { name: "Taco", price: 10, choiceGroups: SIZES };
    expect(repriced(taco, { kind: "amount", value: -10 })).toEqual({
      error: "El precio de «Taco» quedaría en $0.00: el mínimo es $0.01. No se cambió nada.",
    });
    expect(repriced(taco, { kind: "amount", value: 999_985 })).toEqual({
      error: "El precio de «Taco» llegaría a $1,000,000.00 o más. No se cambió nada.",
    });
    const free = [{ ...SIZES[0], options: [{ id: "o0", name: "Probadita", price: 0 }, ...SIZES[0].options] }];
    expect(repriced({ ...taco, choiceGroups: free }, { kind: "amount", value: 1 })).toEqual({
      price: 0,
      choiceGroups: [
        {
          ...SIZES[0],
          options: [
            free[0]!.options[0],
            { id: "o1", name: "Chica", price: 11 },
            { id: "o2", name: "Grande", price: 16 },
          ],
        },
      ],
    });
    expect(
      repriced({ name: "Caro", price: 999_998.99, choiceGroups: [] }, { kind: "amount", value: 1 }),
    ).toEqual({
      price: 999_999.99,
      choiceGroups: [],
    });
  });
});

describe("the messages a caller shows", () => {
  it("say what was done, in the singular or the plural", () => {
    expect(CATALOGUE_MESSAGES.applied(1, 1)).toBe("Listo: 1 producto creado y 1 producto cambiado.");
    expect(CATALOGUE_MESSAGES.applied(0, 2)).toBe("Listo: 0 productos creados y 2 productos cambiados.");
    expect(CATALOGUE_MESSAGES.applied(1, 0, 1)).toBe(
      "Listo: 1 producto creado y 0 productos cambiados. 1 fila rechazada no se aplicó.",
    );
    expect(CATALOGUE_MESSAGES.applied(2, 1, 3)).toBe(
      "Listo: 2 productos creados y 1 producto cambiado. 3 filas rechazadas no se aplicaron.",
    );
    expect(BULK_MESSAGES.done(1)).toBe("Listo: 1 producto cambiado.");
    expect(BULK_MESSAGES.done(3)).toBe("Listo: 3 productos cambiados.");
  });
  it("say what is wrong with the file or the selection", () => {
    expect(CATALOGUE_MESSAGES.tooManyRows).toBe(
      "El archivo tiene más de 5,000 productos. Divídelo en varios archivos.",
    );
    expect(CATALOGUE_MESSAGES.noHeader).toBe(
      "La primera fila del archivo debe tener los encabezados, con al menos «Nombre». Los encabezados son: " +
        "ID, Nombre, Descripción, Categoría, Precio, Unidad, Disponible, Opciones (JSON), Inventario, " +
        "Inventario diario, Inventario por tamaño (JSON), Foto y Versión (no editar).",
    );
    expect(CATALOGUE_MESSAGES.empty).toBe("El archivo no tiene productos.");
    expect(CATALOGUE_MESSAGES.refused).toBe(
      "Hay filas rechazadas: corrígelas en el archivo y vuelve a intentarlo, o aplica solo las filas válidas. No se cambió nada.",
    );
    expect(CATALOGUE_MESSAGES.busy).toBe(
      "Ya hay una importación en curso para esta tienda. Espera a que termine.",
    );
    expect(BULK_MESSAGES.none).toBe("Selecciona al menos un producto.");
    expect(BULK_MESSAGES.category).toBe("Elige una categoría de la lista.");
    expect(BULK_MESSAGES.notFound).toBe(
      "No encontramos uno de los productos seleccionados. No se cambió nada.",
    );
    expect(BULK_MESSAGES.failed).toBe("No se pudieron cambiar los productos. Intenta de nuevo.");
  });
});

describe("a new product's row without some columns", () => {
  it("refuses a new product without a name, a description or a price column", () => {
    const cells = { name: "Bolillo", description: "Pan salado", price: "3" };
    const without = (key: keyof typeof cells) =>
      checkRow(Object.fromEntries(Object.entries(cells).filter(([k]) => k !== key)), null, context);
    expect(without("name")).toEqual({ ok: false, reason: CATALOGUE_MESSAGES.noName });
    expect(without("description")).toEqual({ ok: false, reason: CATALOGUE_MESSAGES.noDescription });
    expect(without("price")).toEqual({ ok: false, reason: CATALOGUE_MESSAGES.price("") });
    expect(checkRow(cells, null, context)).toMatchObject({
      ok: true,
      fields: { stock: null, dailyStock: null, optionStock: null },
    });
  });
});

describe("a row's cells at their edges", () => {
  const sizes = JSON.stringify(SIZES);

  it("quotes a zero price as typed, without its spaces", () => {
    expect(check({ ...base, price: " 0 " })).toEqual({ ok: false, reason: CATALOGUE_MESSAGES.price("0") });
  });
  it("reads a decimal comma in the stock as a decimal, which a whole stock refuses", () => {
    expect(check({ ...base, stock: "7,5" })).toEqual({ ok: false, reason: STOCK_MESSAGES.stock.whole });
  });
  it("keeps only the sizes the stock per size counts, and reads a blank cell as no stock per size", () => {
    const result = check({ ...base, choiceGroups: sizes, optionStock: '{"CHICA": " 2 ", "Grande": true}' });
    expect(result.ok && result.fields.optionStock).toEqual({ o1: 2 });
    expect(check({ ...base, choiceGroups: sizes, optionStock: "  " })).toMatchObject({
      ok: true,
      fields: { optionStock: null },
    });
    expect(check({ ...base, optionStock: '{"": 1}' })).toEqual({
      ok: false,
      reason: CATALOGUE_MESSAGES.optionStockName(""),
    });
  });
  it("refuses options that are not groups of options, without failing", () => {
    const nullOption = [{ ...SIZES[0], options: [null, ...SIZES[0].options] }];
    expect(
      check({ ...base, choiceGroups: JSON.stringify(nullOption), optionStock: '{"Chica": 1}' }),
    ).toMatchObject({ ok: false });
    const textOptions = [{ name: "Extras", kind: "extras", options: "Queso" }];
    expect(check({ ...base, choiceGroups: JSON.stringify(textOptions) })).toMatchObject({ ok: false });
  });
  it("gives stock to sizes only, never to an add-on of the same name", () => {
    const extras = {
      id: "g9",
      name: "Extras",
      kind: "extras",
      min: 0,
      max: 1,
      options: [{ id: "e1", name: "Grande", price: 5 }],
    };
    const result = check({
      ...base,
      choiceGroups: JSON.stringify([...SIZES, extras]),
      optionStock: '{"Grande": 1}',
    });
    expect(result.ok && result.fields.choiceGroups![1]).toEqual(extras);
    expect(result.ok && result.fields.optionStock).toEqual({ o2: 1 });
  });
  it("keeps the product's photo when the photo cell is blank", () => {
    expect(check({ ...base, photo: " " }, product({ imageKey: "stores/s1/concha.jpg" }))).toMatchObject({
      ok: true,
      photo: "",
    });
  });
  it("names a refused row by its name without spaces", () => {
    const plan = planImport([row({ name: "  Malo  ", description: "x", price: "x" }, 2)], [], context);
    expect(plan.refused.map((r) => r.name)).toEqual(["Malo"]);
  });
});

describe("the bulk price change, with add-ons and signs", () => {
  const extras = extrasGroup(5);
  it("changes the price of a product with add-ons only, and prices one with sizes by its sizes", () => {
    expect(
      repriced({ name: "Taco", price: 10, choiceGroups: [extras] }, { kind: "amount", value: 1 }),
    ).toEqual({
      price: 11,
      choiceGroups: [extras],
    });
    const result = repriced(
      { name: "Taco", price: 10, choiceGroups: [extras, ...SIZES] },
      { kind: "amount", value: 1 },
    );
    expect(result).toMatchObject({
      price: 11,
      choiceGroups: [extras, { options: [{ price: 11 }, { price: 16 }] }],
    });
  });
  it("refuses a percent sign before the number, and reads no change as a rise", () => {
    expect(parsePriceChange("percent", "%5")).toEqual({ error: BULK_MESSAGES.percent });
    expect(bulkEditSubject({ kind: "price", change: { kind: "percent", value: 0 } })).toBe("precio +0 %");
  });
});

describe("a row's choice groups that are not groups", () => {
  it("refuses a list holding null or a number, with the dialog's message, rather than failing", () => {
    for (const choiceGroups of ["[null]", "[3]", '["Tamaño"]'])
      expect(check({ ...base, choiceGroups }), choiceGroups).toEqual({
        ok: false,
        reason: CHOICE_MESSAGES.invalid,
      });
  });
});
