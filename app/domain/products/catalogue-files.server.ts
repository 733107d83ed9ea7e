/**
 * The catalogue's files (docs/decisions/035): the export written as CSV (our own cells, formulas
 * neutralised) or XLSX (exceljs, every text a string cell), and the import read from either
 * (csv-parse, exceljs) plus an optional ZIP of photos (fflate), each within hard limits: a ZIP
 * bomb, a name with a path or a file too heavy is refused with a Spanish sentence before anything
 * is written.
 */
import { parse } from "csv-parse/sync";
import type ExcelJS from "exceljs";
import { Unzip, UnzipInflate } from "fflate";
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_MB } from "~/domain/images/image-messages";
import { CSV_BOM, csvRow } from "~/domain/stores/export-csv";
import { AppError } from "~/lib/errors";
import {
  CATALOGUE_COLUMNS,
  CATALOGUE_MESSAGES,
  headerKey,
  MAX_IMPORT_ROWS,
  unneutralised,
  type CatalogueKey,
  type CatalogueRow,
} from "./catalogue";

/** The spreadsheet (CSV or XLSX) may weigh this much; the photos' ZIP, the other figure. */
export const MAX_SHEET_BYTES = 5 * 1024 * 1024;
export const MAX_ZIP_BYTES = 50 * 1024 * 1024;
/** What a ZIP (photos, or the XLSX itself) may hold once unpacked, in files and in bytes. */
export const MAX_ZIP_ENTRIES = 5_000;
export const MAX_UNZIPPED_BYTES = 200 * 1024 * 1024;

export const FILE_MESSAGES = {
  sheetTooLarge: `El archivo pesa más de ${MAX_SHEET_BYTES / (1024 * 1024)} MB. Divídelo en varios archivos.`,
  zipTooLarge: `El ZIP de fotos pesa más de ${MAX_ZIP_BYTES / (1024 * 1024)} MB. Divídelo en varios ZIP.`,
  missingSheet: "Elige un archivo CSV o Excel (.xlsx) para importar.",
  sheetType: "El archivo debe ser CSV o Excel (.xlsx).",
  unreadableCsv: "No pudimos leer el CSV. Guárdalo como CSV (UTF-8) e intenta de nuevo.",
  unreadableXlsx: "No pudimos leer el archivo de Excel. Guárdalo como .xlsx e intenta de nuevo.",
  unreadableZip: "No pudimos leer el ZIP de fotos. Vuelve a crearlo e intenta de nuevo.",
  zipBomb: `El archivo comprimido se descomprime en demasiados archivos o en más de ${MAX_UNZIPPED_BYTES / (1024 * 1024)} MB: no lo podemos abrir. Divídelo en partes más pequeñas.`,
  zipPath: (name: string) =>
    `El ZIP contiene «${name}»: los nombres de las fotos no pueden llevar rutas ni «..».`,
  zipDuplicate: (name: string) => `El ZIP contiene dos fotos llamadas «${name}».`,
  photoTooLarge: (name: string) =>
    `La foto «${name}» pesa más de ${MAX_UPLOAD_MB} MB. Elige una foto más ligera.`,
} as const;

export type SheetKind = "csv" | "xlsx";

/** A file's kind from its first bytes (an XLSX is a ZIP), never from its name alone. */
export function sheetKind(bytes: Uint8Array, name: string): SheetKind | null {
  const zip = bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
  if (zip) return "xlsx";
  if (/\.xlsx$/i.test(name)) return null;
  return "csv";
}

/** The rows of a CSV or XLSX file, numbered as a spreadsheet shows them (the headers are row 1). */
export async function readSheet(bytes: Uint8Array, kind: SheetKind): Promise<CatalogueRow[]> {
  if (bytes.byteLength > MAX_SHEET_BYTES) throw new AppError("TOO_LARGE", FILE_MESSAGES.sheetTooLarge);
  const table = kind === "csv" ? readCsv(bytes) : await readXlsx(bytes);
  const [headers, ...rows] = table;
  const keys = (headers ?? []).map((header) => headerKey(header));
  if (!keys.includes("name"))
    throw new AppError("VALIDATION", CATALOGUE_MESSAGES.noHeader, { field: "file" });
  const result: CatalogueRow[] = [];
  for (const [index, cells] of rows.entries()) {
    if (cells.every((cell) => cell.trim() === "")) continue;
    const row: CatalogueRow = { row: index + 2, cells: {} };
    for (const [column, key] of keys.entries()) {
      if (key && row.cells[key] === undefined) row.cells[key] = unneutralised(cells[column] ?? "");
    }
    result.push(row);
  }
  if (result.length === 0) throw new AppError("VALIDATION", CATALOGUE_MESSAGES.empty, { field: "file" });
  if (result.length > MAX_IMPORT_ROWS)
    throw new AppError("VALIDATION", CATALOGUE_MESSAGES.tooManyRows, { field: "file" });
  return result;
}

function readCsv(bytes: Uint8Array): string[][] {
  const text = new TextDecoder("utf-8").decode(bytes);
  // Excel in Spanish writes ";" between cells: the first line says which one the file uses.
  const firstLine = text.split(/\r?\n/, 1)[0] ?? "";
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ";" : ",";
  try {
    return parse(text, {
      bom: true,
      delimiter,
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: 200_000,
      to_line: MAX_IMPORT_ROWS + 2,
    }) as string[][];
  } catch {
    throw new AppError("VALIDATION", FILE_MESSAGES.unreadableCsv, { field: "file" });
  }
}

/**
 * exceljs, loaded the first time a file needs it: it is a fifth of a second of a core, and every
 * server process would pay it at start for a feature an owner uses now and then.
 */
const loadExcel = () => import("exceljs").then((module) => module.default);

async function readXlsx(bytes: Uint8Array): Promise<string[][]> {
  // An XLSX is a ZIP: its size once unpacked is checked before exceljs unpacks it.
  unzipWithin(bytes, () => false);
  const workbook = new (await loadExcel()).Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as never);
  } catch {
    throw new AppError("VALIDATION", FILE_MESSAGES.unreadableXlsx, { field: "file" });
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new AppError("VALIDATION", FILE_MESSAGES.unreadableXlsx, { field: "file" });
  const table: string[][] = [];
  const width = Math.min(sheet.columnCount, 50);
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    if (number > MAX_IMPORT_ROWS + 2) return;
    const cells: string[] = [];
    for (let column = 1; column <= width; column += 1) cells.push(cellText(row.getCell(column).value));
    table[number - 1] = cells;
  });
  return Array.from(table, (cells) => cells ?? []);
}

/** A cell's value as text: numbers as typed, a formula's result, rich text joined. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object") {
    if ("richText" in value) return value.richText.map((part) => part.text).join("");
    if ("text" in value && typeof value.text === "string") return value.text;
    if ("result" in value) return cellText((value.result ?? null) as ExcelJS.CellValue);
  }
  return "";
}

/**
 * Unpacks a ZIP within the limits: at most MAX_ZIP_ENTRIES files and MAX_UNZIPPED_BYTES in all,
 * counted as the bytes come out (a header may lie about sizes), and fed a little at a time so a
 * bomb never inflates much past the limit before it is stopped. `keep` says which files to keep.
 */
function unzipWithin(bytes: Uint8Array, keep: (name: string) => boolean): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array[]>();
  let entries = 0;
  let total = 0;
  let failure: AppError | null = null;
  const unzip = new Unzip((file) => {
    entries += 1;
    if (entries > MAX_ZIP_ENTRIES || (file.originalSize ?? 0) > MAX_UNZIPPED_BYTES) {
      failure ??= new AppError("TOO_LARGE", FILE_MESSAGES.zipBomb, { field: "photos" });
      return;
    }
    const chunks: Uint8Array[] = [];
    const kept = keep(file.name);
    if (kept) files.set(file.name, chunks);
    file.ondata = (error, chunk) => {
      if (failure) return;
      if (error) {
        failure = new AppError("VALIDATION", FILE_MESSAGES.unreadableZip, { field: "photos" });
        return;
      }
      total += chunk.byteLength;
      if (total > MAX_UNZIPPED_BYTES) {
        failure = new AppError("TOO_LARGE", FILE_MESSAGES.zipBomb, { field: "photos" });
        file.terminate();
        return;
      }
      if (kept) chunks.push(chunk);
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  const STEP = 16 * 1024;
  try {
    for (let offset = 0; offset < bytes.byteLength && !failure; offset += STEP)
      unzip.push(bytes.subarray(offset, offset + STEP), offset + STEP >= bytes.byteLength);
  } catch {
    failure ??= new AppError("VALIDATION", FILE_MESSAGES.unreadableZip, { field: "photos" });
  }
  if (failure) throw failure;
  return new Map([...files].map(([name, chunks]) => [name, Buffer.concat(chunks)]));
}

/** A ZIP entry's name that is a path: "..", an absolute path, a drive, a backslash. */
export function isUnsafeEntryName(name: string): boolean {
  return (
    name.startsWith("/") ||
    name.includes("\\") ||
    /^[a-zA-Z]:/.test(name) ||
    name.split("/").some((part) => part === "..") ||
    name.includes("\0")
  );
}

/**
 * The photos of a ZIP by file name (folders inside it are allowed; the name is the file's own).
 * A name with a path that climbs out, two photos of one name, a photo over the upload's own
 * limit or a bomb refuses the whole ZIP.
 */
export function readPhotos(bytes: Uint8Array): Map<string, Uint8Array> {
  if (bytes.byteLength > MAX_ZIP_BYTES)
    throw new AppError("TOO_LARGE", FILE_MESSAGES.zipTooLarge, { field: "photos" });
  let unsafe: string | null = null;
  const raw = unzipWithin(bytes, (name) => {
    if (isUnsafeEntryName(name)) unsafe ??= name;
    return !name.endsWith("/") && !name.startsWith("__MACOSX/");
  });
  if (unsafe !== null) throw new AppError("VALIDATION", FILE_MESSAGES.zipPath(unsafe), { field: "photos" });
  const photos = new Map<string, Uint8Array>();
  for (const [path, body] of raw) {
    const name = path.split("/").pop()!;
    if (name.startsWith(".")) continue;
    if (photos.has(name))
      throw new AppError("VALIDATION", FILE_MESSAGES.zipDuplicate(name), { field: "photos" });
    if (body.byteLength > MAX_UPLOAD_BYTES)
      throw new AppError("TOO_LARGE", FILE_MESSAGES.photoTooLarge(name), { field: "photos" });
    photos.set(name, body);
  }
  return photos;
}

const HEADERS = CATALOGUE_COLUMNS.map((column) => column.header);

/** The export as CSV: UTF-8 with a BOM, a cell that starts like a formula prefixed with '. */
export function catalogueCsv(rows: (string | number)[][]): string {
  return CSV_BOM + csvRow(HEADERS) + rows.map((row) => csvRow(row)).join("");
}

/** The export as XLSX: every text written as a string cell, so nothing in it is a formula. */
export async function catalogueXlsx(rows: (string | number)[][]): Promise<Uint8Array<ArrayBuffer>> {
  const workbook = new (await loadExcel()).Workbook();
  workbook.creator = "Tianguis";
  const sheet = workbook.addWorksheet("Productos");
  sheet.addRow(HEADERS);
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    const added = sheet.addRow(row);
    // A string value is a string cell in exceljs (never a formula); numbers stay numbers.
    added.eachCell((cell, column) => {
      const value = row[column - 1];
      if (typeof value === "string") cell.value = value;
    });
  }
  sheet.columns.forEach((column, index) => {
    column.width = index === 2 || index === 7 ? 40 : 16;
  });
  const buffer = await workbook.xlsx.writeBuffer();
  return new Uint8Array(buffer as ArrayBuffer);
}

export type { CatalogueKey };
