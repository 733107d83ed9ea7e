/**
 * What changed since a file was exported (docs/decisions/050). The export writes, in its column
 * «Versión (no editar)», a fingerprint of each cell of the row as it wrote it. At the import, a
 * cell whose text still has its fingerprint was not edited in the file, and a product whose cell
 * (written as the export would write it now) no longer has it changed in the store after the
 * export. So a cell the file left alone never puts back an older value (the store's is kept), a
 * cell edited in the file over a value that also changed in the store is a conflict the owner
 * decides, and the rest applies as before. Pure.
 */
import type { CatalogueKey } from "./catalogue";

/** The cells the fingerprint covers, in the version's order: every column the import writes. */
export const TRACKED_KEYS = [
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
] as const satisfies readonly CatalogueKey[];

export type TrackedKey = (typeof TRACKED_KEYS)[number];
export type TrackedCells = Record<TrackedKey, string>;

/** Each fingerprint is 31 bits, six base-36 digits; the product's ID comes first. */
const WIDTH = 6;
const PREFIX = "v1";
const TOKEN = new RegExp(`^${PREFIX}([0-9a-z]{${WIDTH * (TRACKED_KEYS.length + 1)}})$`);

/**
 * A cell's text as a fingerprint: FNV-1a over its UTF-16 code units, of the text without the
 * spaces around it and with one kind of line break, as a spreadsheet program may save them.
 */
export function fingerprint(text: string): string {
  const normal = text.replace(/\r\n?/g, "\n").trim();
  let hash = 0x811c9dc5;
  for (let i = 0; i < normal.length; i += 1) {
    hash ^= normal.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return ((hash >>> 1) % 36 ** WIDTH).toString(36).padStart(WIDTH, "0");
}

/** The version cell of a product's exported row: its ID's fingerprint, then each cell's. */
export function versionToken(id: string, cells: TrackedCells): string {
  return PREFIX + fingerprint(id) + TRACKED_KEYS.map((key) => fingerprint(cells[key])).join("");
}

export type Version = { id: string; cells: TrackedCells };

/** The fingerprints a version cell holds, or null for a cell that is not one (a hand-made file). */
export function readVersion(text: string | undefined): Version | null {
  const match = TOKEN.exec((text ?? "").trim());
  if (!match) return null;
  const digits = match[1]!;
  const at = (index: number) => digits.slice(index * WIDTH, (index + 1) * WIDTH);
  return {
    id: at(0),
    cells: Object.fromEntries(TRACKED_KEYS.map((key, index) => [key, at(index + 1)])) as TrackedCells,
  };
}

export type SinceExport = {
  /** The row's cells, those the file left alone and the store changed replaced by the store's. */
  cells: Partial<Record<CatalogueKey, string>>;
  /**
   * Changed in the store after the export and left alone in the file: the store's value stays
   * (unless the owner chose to overwrite).
   */
  untouched: TrackedKey[];
  /** Changed in the store after the export and edited in the file too. */
  both: TrackedKey[];
};

/**
 * The row read against its version. `now` is the product as the export would write it now.
 * A version written for another product (a row copied, an ID changed) says nothing: null.
 * With `overwrite`, the owner chose the file over the store: cells stay as the file has them.
 */
export function sinceExport(
  cells: Partial<Record<CatalogueKey, string>>,
  product: { id: string; now: TrackedCells },
  overwrite: boolean,
): SinceExport | null {
  const version = readVersion(cells.version);
  if (!version || version.id !== fingerprint(product.id)) return null;
  const result: SinceExport = { cells: { ...cells }, untouched: [], both: [] };
  for (const key of TRACKED_KEYS) {
    const cell = cells[key];
    if (cell === undefined) continue;
    const storeChanged = fingerprint(product.now[key]) !== version.cells[key];
    if (!storeChanged) continue;
    const fileEdited = fingerprint(cell) !== version.cells[key];
    if (fileEdited) result.both.push(key);
    else {
      result.untouched.push(key);
      if (!overwrite) result.cells[key] = product.now[key];
    }
  }
  return result;
}
