/**
 * The catalogue in bulk (docs/decisions/035, 050): the columns of the export and the import, how a
 * row of a file becomes a product's fields (every rule of the product dialog, through its own
 * schema), how the rows of a file are matched to the store's products and what applying them
 * would create, change or refuse (a product changed in the store since the file was exported
 * included), and the bulk edit's price arithmetic. Pure: the server runs it for the preview and
 * again, under the store row's lock, for the apply.
 */
import { formatMoney } from "~/domain/money/money";
import {
  sinceExport,
  TRACKED_KEYS,
  versionToken,
  type TrackedCells,
  type TrackedKey,
} from "./catalogue-since-export";
import { newChoiceId } from "./choice-form";
import type { ChoiceGroup } from "./choices";
import { MAX_PRICE, planLimitMessage, ProductFormSchema, STOCK_MESSAGES } from "./product-form";
import { PRODUCT_UNITS, type ProductUnit } from "./product-units";

/** The columns, in the file's order, with their Spanish headers. */
export const CATALOGUE_COLUMNS = [
  { key: "id", header: "ID" },
  { key: "name", header: "Nombre" },
  { key: "description", header: "Descripción" },
  { key: "category", header: "Categoría" },
  { key: "price", header: "Precio" },
  { key: "unit", header: "Unidad" },
  { key: "available", header: "Disponible" },
  { key: "choiceGroups", header: "Opciones (JSON)" },
  { key: "stock", header: "Inventario" },
  { key: "dailyStock", header: "Inventario diario" },
  { key: "optionStock", header: "Inventario por tamaño (JSON)" },
  { key: "photo", header: "Foto" },
  // What the product was when the file was exported (catalogue-since-export.ts): not to be edited.
  { key: "version", header: "Versión (no editar)" },
] as const;

export type CatalogueKey = (typeof CATALOGUE_COLUMNS)[number]["key"];
/** A row of a file: each column's text, or undefined when the file has no such column. */
export type CatalogueRow = { row: number; cells: Partial<Record<CatalogueKey, string>> };

/** At most this many products in one file. */
export const MAX_IMPORT_ROWS = 5_000;

/** The headers as a sentence lists them: "ID, Nombre, … y Versión (no editar)". */
const HEADER_LIST = CATALOGUE_COLUMNS.map((column) => column.header)
  .join(", ")
  .replace(/, ([^,]*)$/, " y $1");

export const CATALOGUE_MESSAGES = {
  noName: "Falta el nombre.",
  control:
    "La fila tiene caracteres de control (invisibles) que no se pueden guardar. Bórralos e intenta de nuevo.",
  noDescription: "Falta la descripción.",
  price: (text: string) =>
    `El precio «${text}» no es válido: escribe un número mayor que 0, con hasta dos decimales.`,
  priceTooHigh: "El precio debe ser menor que $1,000,000.00.",
  unit: (text: string) => `La unidad «${text}» no existe: usa pieza, kg, L o mL.`,
  available: (text: string) => `En «Disponible» escribe «Sí» o «No» (dice «${text}»).`,
  choiceGroups: "Las opciones no son un JSON válido. Copia el formato de un archivo exportado.",
  optionStock:
    'El inventario por tamaño debe ser un JSON con el nombre de cada tamaño y su cantidad, por ejemplo {"Grande": 5}.',
  optionStockName: (name: string) =>
    `El inventario por tamaño nombra «${name}», que no es un tamaño del producto.`,
  category: (name: string) =>
    `La categoría «${name}» no existe en tu tienda. Agrégala primero en Configuración.`,
  notInStore: (id: string) => `El producto con ID «${id}» no existe en tu tienda.`,
  duplicate: (row: number) => `Este producto ya aparece en la fila ${row}.`,
  photoPath: "El nombre de la foto no puede llevar carpetas: escribe solo el nombre del archivo.",
  photoMissing: (name: string) => `La foto «${name}» no está en el ZIP.`,
  photoNotStored:
    "no se guardó: el producto cambió mientras se importaba el archivo. Revisa el archivo de nuevo.",
  noHeader: `La primera fila del archivo debe tener los encabezados, con al menos «Nombre». Los encabezados son: ${HEADER_LIST}.`,
  unknownHeaders: (headers: string[]) =>
    `${headers.length === 1 ? "No reconocemos el encabezado" : "No reconocemos los encabezados"} ${headers
      .map((header) => `«${header}»`)
      .join(", ")}. Los encabezados son: ${HEADER_LIST}. Corrige el nombre de la columna o bórrala.`,
  empty: "El archivo no tiene productos.",
  tooManyRows: `El archivo tiene más de ${MAX_IMPORT_ROWS.toLocaleString("es-MX")} productos. Divídelo en varios archivos.`,
  refused:
    "Hay filas rechazadas: corrígelas en el archivo y vuelve a intentarlo, o aplica solo las filas válidas. No se cambió nada.",
  nothingValid: "Ninguna fila del archivo se puede aplicar. No se cambió nada.",
  changedSinceExport:
    "Este producto cambió en tu tienda después de exportar el archivo, y el archivo también lo cambia: se queda como está, salvo que elijas sobrescribir.",
  busy: "Ya hay una importación en curso para esta tienda. Espera a que termine.",
  applied: (created: number, changed: number, skipped = 0) =>
    `Listo: ${created} ${created === 1 ? "producto creado" : "productos creados"} y ${changed} ${
      changed === 1 ? "producto cambiado" : "productos cambiados"
    }.${
      skipped === 0
        ? ""
        : skipped === 1
          ? " 1 fila rechazada no se aplicó."
          : ` ${skipped} filas rechazadas no se aplicaron.`
    }`,
} as const;

/**
 * The column of each header of a file's first row (null for an empty one), or the message that
 * names the headers it does not know, with the ones it should have: a column nobody reads would
 * otherwise be ignored without a word (a file saved in another encoding, a typo).
 */
export function headerKeys(headers: string[]): { keys: (CatalogueKey | null)[] } | { error: string } {
  const keys = headers.map((header) => headerKey(header));
  // A first row none of whose cells is a header is a product: the file has no headers at all.
  if (keys.every((key) => key === null)) return { error: CATALOGUE_MESSAGES.noHeader };
  const unknown = headers.filter((header, index) => header.trim() !== "" && keys[index] === null);
  if (unknown.length > 0) return { error: CATALOGUE_MESSAGES.unknownHeaders(unknown.map((h) => h.trim())) };
  if (!keys.includes("name")) return { error: CATALOGUE_MESSAGES.noHeader };
  return { keys };
}

/** A header as typed: accents, case, spaces and a trailing "(JSON)" do not matter. */
export function headerKey(header: string): CatalogueKey | null {
  const wanted = normalizedName(header.replace(/\(.*\)\s*$/, ""));
  const column = CATALOGUE_COLUMNS.find(
    ({ header: own }) => normalizedName(own.replace(/\(.*\)\s*$/, "")) === wanted,
  );
  return column?.key ?? null;
}

/** A name as rows are matched by it: without accents, in lower case, single spaces. */
export function normalizedName(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLocaleLowerCase("es-MX")
    .trim()
    .replace(/\s+/g, " ");
}

/**
 * A cell as exported: text a spreadsheet would run as a formula was given a leading apostrophe
 * (app/domain/stores/export-csv.ts); reading it back takes the apostrophe off again.
 */
export function unneutralised(text: string): string {
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

/** The product as the store has it: what a row is compared with. */
export type StoreProduct = {
  id: string;
  name: string;
  description: string;
  category: string;
  price: number;
  unit: ProductUnit;
  available: boolean;
  choiceGroups: ChoiceGroup[];
  stock: number | null;
  dailyStock: number | null;
  lowStockThreshold: number | null;
  optionStock: Record<string, number> | null;
  imageKey: string | null;
  variations: string[];
  quantityStep: number | null;
  minQuantity: number | null;
};

/** The file name the export writes for a product's photo: the last part of its storage key. */
export function photoName(imageKey: string | null): string {
  return imageKey ? (imageKey.split("/").pop() ?? "") : "";
}

/**
 * One product as a row of the export, in CATALOGUE_COLUMNS' order; stock only on plans that have
 * it; last, the version that tells at the import what changed since (catalogue-since-export.ts).
 */
export function exportRow(product: StoreProduct, withStock: boolean): (string | number)[] {
  const values = exportValues(product, withStock);
  return [...values, versionToken(product.id, trackedCells(values))];
}

/** The product's cells as the export writes them (the version's fingerprints are of these). */
export function exportCells(product: StoreProduct, withStock: boolean): TrackedCells {
  return trackedCells(exportValues(product, withStock));
}

function trackedCells(values: (string | number)[]): TrackedCells {
  const columns: readonly { key: string }[] = CATALOGUE_COLUMNS;
  return Object.fromEntries(
    TRACKED_KEYS.map((key) => [key, String(values[columns.findIndex((column) => column.key === key)])]),
  ) as TrackedCells;
}

function exportValues(product: StoreProduct, withStock: boolean): (string | number)[] {
  const sizes = product.choiceGroups.find((group) => group.kind === "size");
  const optionStock =
    withStock && sizes && product.optionStock
      ? Object.fromEntries(
          sizes.options
            .filter((option) => product.optionStock![option.id] !== undefined)
            .map((option) => [option.name, product.optionStock![option.id]!]),
        )
      : {};
  const amount = (value: number | null) => (withStock && value !== null ? value : "");
  return [
    product.id,
    product.name,
    product.description,
    product.category,
    product.price,
    product.unit,
    product.available ? "Sí" : "No",
    product.choiceGroups.length > 0 ? JSON.stringify(product.choiceGroups) : "",
    amount(product.stock),
    amount(product.dailyStock),
    Object.keys(optionStock).length > 0 ? JSON.stringify(optionStock) : "",
    photoName(product.imageKey),
  ];
}

/** The columns a row may change; what it leaves out stays as it is. */
export type ProductChanges = Partial<
  Pick<
    StoreProduct,
    | "name"
    | "description"
    | "category"
    | "price"
    | "unit"
    | "available"
    | "choiceGroups"
    | "stock"
    | "dailyStock"
    | "optionStock"
  >
>;

export type RowContext = {
  /** The plan has stock (Negocio, Pro): without it, a stock cell refuses the row. */
  stock: boolean;
  /** The store's categories, or null when the plan has none (the column is then ignored). */
  categories: string[] | null;
  /** The photos the ZIP holds (file names), or null without a ZIP. */
  photos: ReadonlySet<string> | null;
  /** Photos of the ZIP refused by the image checks, with the reason. */
  badPhotos?: ReadonlyMap<string, string>;
};

export type RowResult =
  | {
      ok: true;
      fields: Required<Pick<ProductChanges, "name" | "description" | "price" | "unit">> & ProductChanges;
      photo: string;
    }
  | { ok: false; reason: string };

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const YES = new Set(["si", "s", "yes", "true", "1", "disponible"]);
const NO = new Set(["no", "n", "false", "0", "no disponible"]);

/** "$1,234.50", "12,5" or 12.5 as the product form reads a price. */
function priceText(text: string): string {
  let value = text.trim().replace(/^\$\s*/, "");
  value = value.includes(".") ? value.replace(/,/g, "") : value.replace(",", ".");
  return value;
}

/**
 * A row of the file as the product's fields: the product dialog's schema decides (names, prices,
 * choice groups, stock), after this file's own checks that say which cell is wrong. A column the
 * file does not have keeps the product's value (a new product gets the dialog's default).
 */
export function checkRow(
  cells: CatalogueRow["cells"],
  current: StoreProduct | null,
  context: RowContext,
): RowResult {
  // What the panel's forms refuse at the door (server/security.ts): PostgreSQL cannot store a NUL.
  if (Object.values(cells).some((cell) => CONTROL_CHARACTERS.test(cell ?? "")))
    return { ok: false, reason: CATALOGUE_MESSAGES.control };
  const name = (cells.name ?? current?.name ?? "").trim();
  if (name === "") return { ok: false, reason: CATALOGUE_MESSAGES.noName };
  const description = (cells.description ?? current?.description ?? "").trim();
  if (description === "") return { ok: false, reason: CATALOGUE_MESSAGES.noDescription };
  const unitText = cells.unit?.trim();
  const unit = unitText
    ? PRODUCT_UNITS.find((candidate) => candidate.toLowerCase() === unitText.toLowerCase())
    : (current?.unit ?? "pieza");
  if (!unit) return { ok: false, reason: CATALOGUE_MESSAGES.unit(unitText!) };
  let available = current?.available ?? true;
  if (cells.available !== undefined && cells.available.trim() !== "") {
    const answer = normalizedName(cells.available);
    if (YES.has(answer)) available = true;
    else if (NO.has(answer)) available = false;
    else return { ok: false, reason: CATALOGUE_MESSAGES.available(cells.available.trim()) };
  }
  let groups: unknown[] = current?.choiceGroups ?? [];
  if (cells.choiceGroups !== undefined) {
    const text = cells.choiceGroups.trim();
    try {
      groups = text === "" ? [] : (JSON.parse(text) as unknown[]);
    } catch {
      return { ok: false, reason: CATALOGUE_MESSAGES.choiceGroups };
    }
    if (!Array.isArray(groups)) return { ok: false, reason: CATALOGUE_MESSAGES.choiceGroups };
    groups = groups.map(withIds);
  }
  const stockCells = [cells.stock, cells.dailyStock, cells.optionStock].map((cell) => cell?.trim() ?? "");
  if (!context.stock && stockCells.some((cell) => cell !== ""))
    return { ok: false, reason: STOCK_MESSAGES.plan };
  const drafts = sizeStock(groups, cells.optionStock, current, context.stock);
  if (typeof drafts === "string") return { ok: false, reason: drafts };
  const priceCell = cells.price ?? (current ? String(current.price) : "");
  const sized = drafts.some((group) => isSizeGroup(group));
  const price = priceText(priceCell);
  if (!sized && !/^\d+(\.\d{1,2})?$/.test(price))
    return { ok: false, reason: CATALOGUE_MESSAGES.price(priceCell.trim()) };
  if (!sized && Number(price) === 0) return { ok: false, reason: CATALOGUE_MESSAGES.price(priceCell.trim()) };
  if (!sized && Number(price) >= MAX_PRICE) return { ok: false, reason: CATALOGUE_MESSAGES.priceTooHigh };
  const amountCell = (cell: string | undefined, now: number | null) =>
    (cell === undefined ? (now === null ? "" : String(now)) : cell.trim()).replace(",", ".");
  const form = ProductFormSchema.safeParse({
    name,
    description,
    price: sized ? "" : price,
    unit,
    variations: current?.variations ?? [],
    category: "",
    quantityStep: current?.quantityStep ? String(current.quantityStep) : "",
    minQuantity: current?.minQuantity ? String(current.minQuantity) : "",
    stock: context.stock ? amountCell(cells.stock, current?.stock ?? null) : "",
    dailyStock: context.stock ? amountCell(cells.dailyStock, current?.dailyStock ?? null) : "",
    // The threshold is not a column: it stays, unless there is no stock left to say it of.
    lowStockThreshold: "",
    choiceGroups: JSON.stringify(drafts),
  });
  if (!form.success) return { ok: false, reason: form.error.issues[0]!.message };
  const fields: RowResult & { ok: true } = {
    ok: true,
    fields: {
      name: form.data.name,
      description: form.data.description,
      price: form.data.price,
      unit: form.data.unit,
      available,
      choiceGroups: form.data.choiceGroups,
    },
    photo: "",
  };
  if (context.stock) {
    fields.fields.stock = form.data.stock;
    fields.fields.dailyStock = form.data.dailyStock;
    const counted = form.data.optionStock.filter((option) => option.stock !== null);
    fields.fields.optionStock =
      counted.length > 0 ? Object.fromEntries(counted.map((option) => [option.id, option.stock!])) : null;
  }
  if (context.categories && cells.category !== undefined) {
    const category = cells.category.trim();
    const known = context.categories.find(
      (candidate) => normalizedName(candidate) === normalizedName(category),
    );
    if (category !== "" && !known) return { ok: false, reason: CATALOGUE_MESSAGES.category(category) };
    fields.fields.category = known ?? "";
  }
  const photo = (cells.photo ?? "").trim();
  if (photo !== "" && photo !== photoName(current?.imageKey ?? null)) {
    if (/[/\\]|^\.\.?$|^[a-zA-Z]:/.test(photo) || photo.includes(".."))
      return { ok: false, reason: CATALOGUE_MESSAGES.photoPath };
    if (!context.photos?.has(photo)) return { ok: false, reason: CATALOGUE_MESSAGES.photoMissing(photo) };
    const bad = context.badPhotos?.get(photo);
    if (bad) return { ok: false, reason: `${photo}: ${bad}` };
    fields.photo = photo;
  }
  return fields;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isSizeGroup = (group: unknown) => isRecord(group) && group.kind === "size";

/** A group (and its options) typed without ids gets new ones, as the dialog gives them. */
function withIds(group: unknown): unknown {
  if (!isRecord(group)) return group;
  const options = Array.isArray(group.options)
    ? group.options.map((option) =>
        isRecord(option) && option.id === undefined ? { ...option, id: newChoiceId() } : option,
      )
    : group.options;
  return {
    ...group,
    id: group.id ?? newChoiceId(),
    min: group.min ?? (group.kind === "size" ? 1 : 0),
    max: group.max ?? (group.kind === "size" ? 1 : Array.isArray(options) ? options.length : 1),
    options,
  };
}

/**
 * The groups as the dialog sends them, each size option with the stock the file gives it (by the
 * option's name) or, without that column, the stock it has now. A message when the column is not
 * readable or names a size the product does not have.
 */
function sizeStock(
  groups: unknown[],
  cell: string | undefined,
  current: StoreProduct | null,
  withStock: boolean,
): unknown[] | string {
  let byName: Record<string, unknown> | null = null;
  if (withStock && cell !== undefined && cell.trim() !== "") {
    try {
      const parsed: unknown = JSON.parse(cell);
      if (!isRecord(parsed)) return CATALOGUE_MESSAGES.optionStock;
      byName = parsed;
    } catch {
      return CATALOGUE_MESSAGES.optionStock;
    }
  }
  const sizes = groups.find(isSizeGroup) as { options?: unknown } | undefined;
  const options = Array.isArray(sizes?.options) ? sizes.options.filter(isRecord) : [];
  if (byName) {
    const names = new Set(options.map((option) => normalizedName(String(option.name ?? ""))));
    const unknown = Object.keys(byName).find((name) => !names.has(normalizedName(name)));
    if (unknown !== undefined) return CATALOGUE_MESSAGES.optionStockName(unknown);
  }
  const stockOf = (option: Record<string, unknown>) => {
    if (!withStock) return "";
    if (cell !== undefined) {
      const key = Object.keys(byName ?? {}).find(
        (name) => normalizedName(name) === normalizedName(String(option.name ?? "")),
      );
      const value = key === undefined ? undefined : byName![key];
      return typeof value === "number" || typeof value === "string" ? String(value).trim() : "";
    }
    const left = current?.optionStock?.[String(option.id)];
    return left === undefined ? "" : String(left);
  };
  return groups.map((group) =>
    isSizeGroup(group) && Array.isArray((group as { options: unknown }).options)
      ? {
          ...(group as Record<string, unknown>),
          options: ((group as { options: unknown[] }).options as unknown[]).map((option) =>
            isRecord(option) ? { ...option, stock: stockOf(option) } : option,
          ),
        }
      : group,
  );
}

/** What a row would change in a product: only the columns whose value differs. */
export function changesOf(current: StoreProduct, fields: ProductChanges): ProductChanges {
  const changes: ProductChanges = {};
  for (const key of Object.keys(fields) as (keyof ProductChanges)[]) {
    const next = fields[key];
    const now = current[key];
    const same = typeof next === "object" || typeof now === "object" ? sameJson(next, now) : next === now;
    if (!same) Object.assign(changes, { [key]: next });
  }
  return changes;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(sorted(a ?? null)) === JSON.stringify(sorted(b ?? null));
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (isRecord(value))
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sorted(value[key])]),
    );
  return value;
}

export type PlannedCreate = { row: number; fields: RowResult & { ok: true } };
export type PlannedUpdate = {
  row: number;
  id: string;
  name: string;
  changes: ProductChanges;
  photo: string;
  /** The product before the change, for the preview's old → new. */
  current: StoreProduct;
  /** Columns the file overwrites although they changed in the store after the export. */
  overwritten: TrackedKey[];
};
/** A product's values the store changed after the export, for a file that would change them too. */
export type Conflict = {
  keys: TrackedKey[];
  current: StoreProduct;
  fields: ProductChanges;
  photo: string;
};
export type RefusedRow = { row: number; name: string; reason: string; conflict?: Conflict };
/**
 * A row whose product changed in the store after the export in columns the file left as they
 * were: the store's values stay. `file` is the row's cells as the file has them.
 */
export type KeptRow = {
  row: number;
  name: string;
  keys: TrackedKey[];
  current: StoreProduct;
  file: CatalogueRow["cells"];
};

/** The Spanish name of a column a row changes, for the preview. */
export const FIELD_LABELS: Record<string, string> = {
  ...Object.fromEntries(
    CATALOGUE_COLUMNS.map((column) => [column.key, column.header.replace(/ \(.*\)$/, "")]),
  ),
};

export type ImportPlan = {
  creates: PlannedCreate[];
  updates: PlannedUpdate[];
  unchanged: number;
  refused: RefusedRow[];
  kept: KeptRow[];
};

export type PlanContext = RowContext & {
  limit: number;
  /** The owner chose the file over what changed in the store after the export. */
  overwrite?: boolean;
};

type Accepted = {
  row: number;
  current: StoreProduct | null;
  result: RowResult & { ok: true };
  overwritten: TrackedKey[];
  kept: KeptRow | null;
};

/**
 * What applying the rows would do. A row with an ID changes that product, which must be the
 * store's; a row without one changes the product of the same name (accents and case aside), or
 * creates one. A product named by two rows is refused the second time. A row exported before its
 * product changed in the store keeps the store's values where the file left the cells alone, and
 * is refused where the file changes them too, unless the owner chose to overwrite. The plan's
 * limit of products on sale holds after the file: products the file takes off sale count first,
 * then each row that puts one on sale, in the file's order, until the limit refuses the rest.
 */
export function planImport(
  rows: readonly CatalogueRow[],
  products: readonly StoreProduct[],
  context: PlanContext,
): ImportPlan {
  const byId = new Map(products.map((product) => [product.id, product]));
  const byName = new Map<string, StoreProduct>();
  for (const product of products) {
    const key = normalizedName(product.name);
    if (!byName.has(key)) byName.set(key, product);
  }
  const seen = new Map<string, number>();
  const plan: ImportPlan = { creates: [], updates: [], unchanged: 0, refused: [], kept: [] };
  const accepted: Accepted[] = [];
  for (const { row, cells } of rows) {
    const label = (cells.name ?? "").trim();
    const refuse = (reason: string) => plan.refused.push({ row, name: label, reason });
    const id = (cells.id ?? "").trim();
    let current: StoreProduct | null = null;
    if (id !== "") {
      current = byId.get(id) ?? null;
      if (!current) {
        refuse(CATALOGUE_MESSAGES.notInStore(id));
        continue;
      }
    } else if (label !== "") current = byName.get(normalizedName(label)) ?? null;
    const key = current ? `id:${current.id}` : `name:${normalizedName(label)}`;
    const first = seen.get(key);
    if (first !== undefined) {
      refuse(CATALOGUE_MESSAGES.duplicate(first));
      continue;
    }
    seen.set(key, row);
    const checked = checkAgainstStore(row, cells, current, context);
    if ("reason" in checked) plan.refused.push({ row, name: label, ...checked });
    else accepted.push(checked);
  }
  let onSale = products.filter((product) => product.available).length;
  for (const { current, result } of accepted)
    if (current?.available && result.fields.available === false) onSale -= 1;
  for (const { row, current, result, overwritten, kept } of accepted) {
    if (result.fields.available && !current?.available) {
      if (onSale + 1 > context.limit) {
        plan.refused.push({ row, name: result.fields.name, reason: planLimitMessage(context.limit) });
        continue;
      }
      onSale += 1;
    }
    if (!current) {
      plan.creates.push({ row, fields: result });
      continue;
    }
    if (kept) plan.kept.push(kept);
    const changes = changesOf(current, result.fields);
    if (Object.keys(changes).length === 0 && result.photo === "") plan.unchanged += 1;
    else
      plan.updates.push({
        row,
        id: current.id,
        name: result.fields.name,
        changes,
        photo: result.photo,
        current,
        overwritten,
      });
  }
  plan.refused.sort((a, b) => a.row - b.row);
  return plan;
}

/**
 * A matched row read against its product, and against the product as it was exported when the
 * row carries its version: cells the file left alone keep the store's newer values, cells the
 * file changed over newer values refuse the row (a conflict), unless the owner chose to overwrite.
 */
function checkAgainstStore(
  row: number,
  cells: CatalogueRow["cells"],
  current: StoreProduct | null,
  context: PlanContext,
): Accepted | { reason: string; conflict?: Conflict } {
  const overwrite = context.overwrite ?? false;
  const since = current
    ? sinceExport(cells, { id: current.id, now: exportCells(current, context.stock) }, overwrite)
    : null;
  const result = checkRow(since?.cells ?? cells, current, context);
  if (!result.ok) return { reason: result.reason };
  if (!current || !since) return { row, current, result, overwritten: [], kept: null };
  const changed = new Set<string>(Object.keys(changesOf(current, result.fields)));
  if (result.photo !== "") changed.add("photo");
  const conflicts = since.both.filter((key) => changed.has(key));
  if (overwrite) {
    const overwritten = TRACKED_KEYS.filter(
      (key) => changed.has(key) && (since.both.includes(key) || since.untouched.includes(key)),
    );
    return { row, current, result, overwritten, kept: null };
  }
  if (conflicts.length > 0) {
    const conflict = { keys: conflicts, current, fields: result.fields, photo: result.photo };
    return { reason: CATALOGUE_MESSAGES.changedSinceExport, conflict };
  }
  const kept =
    since.untouched.length > 0
      ? { row, name: result.fields.name, keys: since.untouched, current, file: cells }
      : null;
  return { row, current, result, overwritten: [], kept };
}

/** The bulk edit's price change: a percentage or an amount of pesos, up or down. */
export type PriceChange = { kind: "percent" | "amount"; value: number };

/** One change made to many products at once. */
export type BulkEdit =
  | { kind: "price"; change: PriceChange }
  | { kind: "category"; category: string }
  | { kind: "availability"; available: boolean };

/** A bulk edit as Actividad reads it: "precio +10 %", "precio −$5.00", "categoría Pan", "ocultos". */
export function bulkEditSubject(edit: BulkEdit): string {
  if (edit.kind === "price") {
    const { kind, value } = edit.change;
    const sign = value < 0 ? "−" : "+";
    const size = kind === "percent" ? `${Math.abs(value)} %` : formatMoney(Math.abs(value));
    return `precio ${sign}${size}`;
  }
  if (edit.kind === "category") return edit.category ? `categoría ${edit.category}` : "sin categoría";
  return edit.available ? "mostrados en la tienda" : "ocultos de la tienda";
}

export const BULK_MESSAGES = {
  none: "Selecciona al menos un producto.",
  change: "Elige qué cambiar.",
  percent: "Escribe un porcentaje entre -99.99 y 1000, con hasta dos decimales (por ejemplo 10 o -5).",
  amount: "Escribe una cantidad de pesos con hasta dos decimales (por ejemplo 5 o -2.50).",
  belowMinimum: (name: string, price: number) =>
    `El precio de «${name}» quedaría en ${formatMoney(price)}: el mínimo es $0.01. No se cambió nada.`,
  tooHigh: (name: string) => `El precio de «${name}» llegaría a $1,000,000.00 o más. No se cambió nada.`,
  category: "Elige una categoría de la lista.",
  notFound: "No encontramos uno de los productos seleccionados. No se cambió nada.",
  failed: "No se pudieron cambiar los productos. Intenta de nuevo.",
  done: (count: number) => `Listo: ${count === 1 ? "1 producto cambiado" : `${count} productos cambiados`}.`,
} as const;

const SIGNED_MONEY = /^[-+]?\d+(\.\d{1,2})?$/;

/** The typed change, or the message for its field. */
export function parsePriceChange(kind: string, text: string): PriceChange | { error: string } {
  const value = text.trim().replace(",", ".").replace(/\s*%$/, "");
  if (kind === "percent") {
    if (!SIGNED_MONEY.test(value) || Number(value) <= -100 || Number(value) > 1000)
      return { error: BULK_MESSAGES.percent };
    return { kind, value: Number(value) };
  }
  if (kind === "amount") {
    if (!SIGNED_MONEY.test(value) || Math.abs(Number(value)) >= MAX_PRICE)
      return { error: BULK_MESSAGES.amount };
    return { kind, value: Number(value) };
  }
  return { error: BULK_MESSAGES.change };
}

/**
 * A price after the change, in whole cents: a percentage of the cents rounded half up, or the
 * amount added. Never below one cent: the caller refuses the whole change then.
 */
export function changedPrice(price: number, change: PriceChange): number {
  const cents = Math.round(price * 100);
  if (change.kind === "amount") return (cents + Math.round(change.value * 100)) / 100;
  // In hundredths of a percent, so that the rounding is integer arithmetic: 10000 is 100 %.
  const factor = 10_000 + Math.round(change.value * 100);
  const scaled = cents * factor;
  return Math.floor((scaled + 5_000) / 10_000) / 100;
}

/**
 * A product's price and its sizes' prices after the change (the price of a product with sizes is
 * its cheapest size's), or the refusal: any price below $0.01 or at a million. A size at $0.00
 * stays at $0.00; add-ons keep their prices.
 */
export function repriced(
  product: { name: string; price: number; choiceGroups: ChoiceGroup[] },
  change: PriceChange,
): { price: number; choiceGroups: ChoiceGroup[] } | { error: string } {
  const check = (price: number) =>
    price < 0.01
      ? { error: BULK_MESSAGES.belowMinimum(product.name, price) }
      : price >= MAX_PRICE
        ? { error: BULK_MESSAGES.tooHigh(product.name) }
        : null;
  const sizes = product.choiceGroups.find((group) => group.kind === "size");
  if (!sizes) {
    const price = changedPrice(product.price, change);
    return check(price) ?? { price, choiceGroups: product.choiceGroups };
  }
  const choiceGroups: ChoiceGroup[] = [];
  for (const group of product.choiceGroups) {
    if (group.kind !== "size") {
      choiceGroups.push(group);
      continue;
    }
    const options = [];
    for (const option of group.options) {
      if (option.price === 0) {
        options.push(option);
        continue;
      }
      const price = changedPrice(option.price, change);
      const refused = check(price);
      if (refused) return refused;
      options.push({ ...option, price });
    }
    choiceGroups.push({ ...group, options });
  }
  const price = Math.min(
    ...choiceGroups.find((group) => group.kind === "size")!.options.map((option) => option.price),
  );
  return { price, choiceGroups };
}
