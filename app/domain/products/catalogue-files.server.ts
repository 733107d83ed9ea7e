/**
 * The catalogue's files (docs/decisions/035, 050): the export written as CSV (our own cells,
 * formulas neutralised) or XLSX (exceljs, every text a string cell), and the import read from
 * either plus an optional ZIP of photos, each within hard limits and as a stream: a CSV in the
 * encoding it was saved in (csv-parse), an XLSX through our own bounded reader
 * (xlsx-sheet.server.ts), and no more rows than the cap are ever held. A ZIP bomb, a name with a
 * path, a file too heavy or too long is refused with a Spanish sentence before anything is written.
 */
import { Readable } from "node:stream";
import { parse } from "csv-parse";
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_MB } from "~/domain/images/image-messages";
import { CSV_BOM, csvRow } from "~/domain/stores/export-csv";
import { AppError } from "~/lib/errors";
import { MAX_UNZIPPED_BYTES, MAX_ZIP_ENTRIES, walkZip, type ZipFailures } from "./bounded-zip.server";
import {
  CATALOGUE_COLUMNS,
  CATALOGUE_MESSAGES,
  headerKeys,
  MAX_IMPORT_ROWS,
  unneutralised,
  type CatalogueKey,
  type CatalogueRow,
} from "./catalogue";
import { sheetDelimiter, sheetText } from "./sheet-text";
import { MAX_CELL_CHARS, MAX_COLUMNS, readXlsxSheet, type SheetRow } from "./xlsx-sheet.server";

export { MAX_UNZIPPED_BYTES, MAX_ZIP_ENTRIES };

/** The spreadsheet (CSV or XLSX) may weigh this much; the photos' ZIP, the other figure. */
export const MAX_SHEET_BYTES = 5 * 1024 * 1024;
export const MAX_ZIP_BYTES = 50 * 1024 * 1024;

export const FILE_MESSAGES = {
  sheetTooLarge: `El archivo pesa más de ${MAX_SHEET_BYTES / (1024 * 1024)} MB. Divídelo en varios archivos.`,
  zipTooLarge: `El ZIP de fotos pesa más de ${MAX_ZIP_BYTES / (1024 * 1024)} MB. Divídelo en varios ZIP.`,
  missingSheet: "Elige un archivo CSV o Excel (.xlsx) para importar.",
  sheetType: "El archivo debe ser CSV o Excel (.xlsx).",
  unreadableCsv: "No pudimos leer el CSV. Guárdalo como CSV (UTF-8) e intenta de nuevo.",
  unreadableXlsx: "No pudimos leer el archivo de Excel. Guárdalo como .xlsx e intenta de nuevo.",
  unreadableZip: "No pudimos leer el ZIP de fotos. Vuelve a crearlo e intenta de nuevo.",
  cellTooLong: `Una celda del archivo tiene más de ${MAX_CELL_CHARS.toLocaleString("es-MX")} caracteres. Acórtala e intenta de nuevo.`,
  sheetTooBig:
    "La hoja del archivo de Excel es demasiado grande (demasiadas filas o celdas, aunque estén vacías). Copia solo tus productos a una hoja nueva e intenta de nuevo.",
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
  // Excel 97–2003 (.xls) is a compound document, not a CSV: read as text it would be noise.
  const compound = bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0;
  if (compound || /\.xlsx?$/i.test(name)) return null;
  return "csv";
}

const invalid = (message: string, field = "file") => new AppError("VALIDATION", message, { field });

/**
 * The rows of a CSV or XLSX file, numbered as a spreadsheet shows them (the headers are row 1).
 * Read as a stream: a file with more rows than the cap is refused as soon as one more is read.
 */
export async function readSheet(bytes: Uint8Array, kind: SheetKind): Promise<CatalogueRow[]> {
  if (bytes.byteLength > MAX_SHEET_BYTES) throw new AppError("TOO_LARGE", FILE_MESSAGES.sheetTooLarge);
  // The headers, then at most MAX_IMPORT_ROWS rows that hold something.
  const table = kind === "csv" ? await csvTable(bytes, MAX_IMPORT_ROWS + 1) : await xlsxTable(bytes);
  const [headers, ...rows] = table;
  const read = headerKeys(headers?.cells ?? []);
  if ("error" in read) throw invalid(read.error);
  const result: CatalogueRow[] = [];
  for (const { row: number, cells } of rows) {
    if (cells.every((cell) => cell.trim() === "")) continue;
    const row: CatalogueRow = { row: number, cells: {} };
    for (const [column, key] of read.keys.entries()) {
      if (key && row.cells[key] === undefined) row.cells[key] = unneutralised(cells[column] ?? "");
    }
    result.push(row);
  }
  if (result.length === 0) throw invalid(CATALOGUE_MESSAGES.empty);
  return result;
}

/**
 * A CSV's records that hold something, in the encoding the file was saved in (sheet-text.ts),
 * parsed as a stream: the text is fed 64 KB at a time and parsing stops at the cap.
 */
async function csvTable(bytes: Uint8Array, maxRows: number): Promise<SheetRow[]> {
  const { text } = sheetText(bytes);
  const source = Readable.from(
    (function* () {
      for (let start = 0; start < text.length; start += 64 * 1024) yield text.slice(start, start + 64 * 1024);
    })(),
  );
  const parser = source.pipe(
    parse({
      delimiter: sheetDelimiter(text),
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: 200_000,
      on_record: (record: string[]) => record.slice(0, MAX_COLUMNS),
    }),
  );
  const rows: SheetRow[] = [];
  let number = 0;
  let overflow = false;
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      number += 1;
      if (cells.every((cell) => cell.trim() === "")) continue;
      overflow = rows.length === maxRows;
      if (overflow) break;
      rows.push({ row: number, cells });
    }
  } catch {
    throw invalid(FILE_MESSAGES.unreadableCsv);
  } finally {
    source.destroy();
    parser.destroy();
  }
  if (overflow) throw invalid(CATALOGUE_MESSAGES.tooManyRows);
  return rows;
}

const XLSX_FAILURES = {
  unreadable: () => invalid(FILE_MESSAGES.unreadableXlsx),
  bomb: () => new AppError("TOO_LARGE", FILE_MESSAGES.zipBomb, { field: "file" }),
  tooManyRows: () => invalid(CATALOGUE_MESSAGES.tooManyRows),
  cellTooLong: () => invalid(FILE_MESSAGES.cellTooLong),
  tooBig: () => invalid(FILE_MESSAGES.sheetTooBig),
};

/** An XLSX's first sheet: the headers and at most MAX_IMPORT_ROWS rows (xlsx-sheet.server.ts). */
function xlsxTable(bytes: Uint8Array): Promise<SheetRow[]> {
  return readXlsxSheet(bytes, MAX_IMPORT_ROWS + 1, XLSX_FAILURES);
}

/**
 * exceljs, loaded the first time a file needs it: it is a fifth of a second of a core, and every
 * server process would pay it at start for a feature an owner uses now and then.
 */
const loadExcel = () => import("exceljs").then((module) => module.default);

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

const PHOTO_FAILURES: ZipFailures = {
  unreadable: () => invalid(FILE_MESSAGES.unreadableZip, "photos"),
  bomb: () => new AppError("TOO_LARGE", FILE_MESSAGES.zipBomb, { field: "photos" }),
};

/**
 * The photos of a ZIP by file name (folders inside it are allowed; the name is the file's own).
 * A name with a path that climbs out, two photos of one name, a photo over the upload's own
 * limit or a bomb refuses the whole ZIP.
 */
export async function readPhotos(bytes: Uint8Array): Promise<Map<string, Uint8Array>> {
  if (bytes.byteLength > MAX_ZIP_BYTES)
    throw new AppError("TOO_LARGE", FILE_MESSAGES.zipTooLarge, { field: "photos" });
  let unsafe: string | null = null;
  const raw = new Map<string, Uint8Array[]>();
  await walkZip(
    bytes,
    (name) => {
      if (isUnsafeEntryName(name)) unsafe ??= name;
      if (name.endsWith("/") || name.startsWith("__MACOSX/")) return null;
      const chunks: Uint8Array[] = [];
      raw.set(name, chunks);
      return (chunk) => void chunks.push(chunk);
    },
    PHOTO_FAILURES,
  );
  if (unsafe !== null) throw invalid(FILE_MESSAGES.zipPath(unsafe), "photos");
  const photos = new Map<string, Uint8Array>();
  for (const [path, chunks] of raw) {
    const name = path.split("/").pop()!;
    if (name.startsWith(".")) continue;
    if (photos.has(name)) throw invalid(FILE_MESSAGES.zipDuplicate(name), "photos");
    const body = Buffer.concat(chunks);
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
