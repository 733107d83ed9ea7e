/**
 * The import's plan as the panel shows it (docs/decisions/035, 050): what each row creates, each
 * changed value as old → new ("Precio: $35.00 → $38.00"), the rows refused and why, and what the
 * store changed after the file was exported. Values are written as a person reads them, never as
 * the JSON of the file. Pure: the server sends it, the panel renders it.
 */
import { formatMoney } from "~/domain/money/money";
import {
  exportCells,
  FIELD_LABELS,
  photoName,
  type ImportPlan,
  type ProductChanges,
  type StoreProduct,
} from "./catalogue";
import { TRACKED_KEYS, type TrackedCells, type TrackedKey } from "./catalogue-since-export";

/** One value a row changes: the product's now, and what the file makes it. */
export type ShownChange = { field: string; before: string; after: string };
/** One value both the store (after the export) and the file have: which is which. */
export type ShownConflict = { field: string; store: string; file: string };

export type ImportSummary = {
  creates: { row: number; name: string; price: number }[];
  /** `overwritten`: the row overwrites values the store changed after the export (the owner chose so). */
  updates: { row: number; name: string; changes: ShownChange[]; overwritten: boolean }[];
  unchanged: number;
  /** `conflicts`: the values the store changed after the export and the file changes too. */
  refused: { row: number; name: string; reason: string; conflicts?: ShownConflict[] }[];
  /** Rows whose values changed in the store after the export, left alone in the file: kept. */
  kept: { row: number; name: string; fields: ShownConflict[] }[];
};

const EMPTY: Record<TrackedKey, string> = {
  name: "(sin nombre)",
  description: "(sin descripción)",
  category: "Sin categoría",
  price: "(sin precio)",
  unit: "(sin unidad)",
  available: "(sin respuesta)",
  choiceGroups: "Sin opciones",
  stock: "Sin límite",
  dailyStock: "Sin inventario diario",
  optionStock: "Sin inventario por tamaño",
  photo: "Sin foto",
};

const LONGEST = 80;
const shortened = (text: string) => (text.length > LONGEST ? `${text.slice(0, LONGEST - 1)}…` : text);

/**
 * A cell as a person reads it: a price as money, options and stock per size in words, a long text
 * cut short. A cell that does not read as its kind (a file's typo) is shown as typed.
 */
export function shownCell(key: TrackedKey, text: string): string {
  const cell = text.trim();
  if (cell === "") return EMPTY[key];
  if (key === "price" && /^\d+(\.\d+)?$/.test(cell)) return formatMoney(Number(cell));
  if (key === "choiceGroups") return shortened(shownGroups(cell) ?? cell);
  if (key === "optionStock") return shortened(shownSizes(cell) ?? cell);
  return shortened(cell);
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** "Tamaño: Chica $10.00, Grande $15.50; Extras: Queso $10.00". */
function shownGroups(text: string): string | null {
  const groups = parsed(text);
  if (!Array.isArray(groups)) return null;
  const parts = groups.map((group: { name?: unknown; options?: unknown }) => {
    const options = Array.isArray(group?.options)
      ? (group.options as { name?: unknown; price?: unknown }[])
      : [];
    const shown = options.map((option) =>
      typeof option?.price === "number"
        ? `${String(option.name ?? "")} ${formatMoney(option.price)}`
        : String(option?.name ?? ""),
    );
    return `${String(group?.name ?? "")}: ${shown.join(", ")}`;
  });
  return parts.length === 0 ? EMPTY.choiceGroups : parts.join("; ");
}

/** "Chica 5, Grande 3". */
function shownSizes(text: string): string | null {
  const sizes = parsed(text);
  if (typeof sizes !== "object" || sizes === null || Array.isArray(sizes)) return null;
  const parts = Object.entries(sizes).map(([name, amount]) => `${name} ${String(amount)}`);
  return parts.length === 0 ? EMPTY.optionStock : parts.join(", ");
}

/** The product's cells after a row's changes, as the export would write them. */
function cellsAfter(current: StoreProduct, changes: ProductChanges, photo: string): TrackedCells {
  return { ...exportCells({ ...current, ...changes }, true), photo: photo || photoName(current.imageKey) };
}

const label = (key: TrackedKey) => FIELD_LABELS[key] ?? key;

/** The plan as the panel shows it: rows, names and values, never whole products. */
export function importSummary(plan: ImportPlan): ImportSummary {
  return {
    creates: plan.creates.map(({ row, fields }) => ({
      row,
      name: fields.fields.name,
      price: fields.fields.price,
    })),
    updates: plan.updates.map(({ row, name, changes, photo, current, overwritten }) => {
      const before = exportCells(current, true);
      const after = cellsAfter(current, changes, photo);
      const keys = TRACKED_KEYS.filter((key) => key in changes || (key === "photo" && photo !== ""));
      return {
        row,
        name,
        changes: keys.map((key) => ({
          field: label(key),
          before: shownCell(key, before[key]),
          after: shownCell(key, after[key]),
        })),
        overwritten: overwritten.length > 0,
      };
    }),
    unchanged: plan.unchanged,
    refused: plan.refused.map(({ row, name, reason, conflict }) => {
      if (!conflict) return { row, name, reason };
      const store = exportCells(conflict.current, true);
      const file = cellsAfter(conflict.current, conflict.fields, conflict.photo);
      const conflicts = conflict.keys.map((key) => ({
        field: label(key),
        store: shownCell(key, store[key]),
        file: shownCell(key, file[key]),
      }));
      return { row, name, reason, conflicts };
    }),
    kept: plan.kept.map(({ row, name, keys, current, file }) => {
      const store = exportCells(current, true);
      return {
        row,
        name,
        fields: keys.map((key) => ({
          field: label(key),
          store: shownCell(key, store[key]),
          file: shownCell(key, file[key] ?? ""),
        })),
      };
    }),
  };
}
