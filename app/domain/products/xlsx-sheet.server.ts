/**
 * The first sheet of an .xlsx, read as a stream (docs/decisions/050). A few hundred kilobytes of
 * .xlsx can unpack into hundreds of thousands of rows; exceljs's `load` builds every one of them
 * (gigabytes, seconds of a core) before anyone can count them, and its streaming reader holds
 * every shared string and parks a sheet that comes before them in a temporary file. This reader
 * inflates only the parts it needs (bounded-zip.server.ts), parses their XML as it comes out
 * (saxes), keeps the first MAX_COLUMNS cells of each row and stops at the row cap: then the
 * shared strings, read last, are kept only where a kept cell uses them.
 *
 * An .xlsx (Office Open XML) keeps the sheets' order in xl/workbook.xml, their parts in
 * xl/_rels/workbook.xml.rels, each sheet's rows in xl/worksheets/sheetN.xml and most texts once,
 * in xl/sharedStrings.xml, which cells name by their index.
 */
import { SaxesParser, type SaxesTagPlain } from "saxes";
import type { AppError } from "~/lib/errors";
import { walkZip, type ZipFailures } from "./bounded-zip.server";

/** Columns past this one are not read (the catalogue has 13). */
export const MAX_COLUMNS = 50;
/** The most text one cell may hold (a product's options are at most 50,000 characters). */
export const MAX_CELL_CHARS = 100_000;
/** The most XML text without a tag: no part a spreadsheet program writes comes near. */
const MAX_UNTAGGED_CHARS = 1024 * 1024;
/**
 * The most XML elements a part may hold: 5,000 rows of the catalogue's 13 columns are about
 * 250,000 (a row, and each cell with its value); empty rows and cells count too, so a sheet of a
 * million empty rows (a few hundred kilobytes zipped) is refused after a fraction of a second.
 */
export const MAX_ELEMENTS = 1_000_000;
/** xl/workbook.xml and its relationships are a few kilobytes. */
const MAX_INDEX_BYTES = 1024 * 1024;

export type XlsxFailures = ZipFailures & {
  /** More rows that hold something than the caller takes. */
  tooManyRows: () => AppError;
  /** A cell with more than MAX_CELL_CHARS characters. */
  cellTooLong: () => AppError;
  /** A part with more than MAX_ELEMENTS elements (rows and cells, empty or not). */
  tooBig: () => AppError;
};

export type SheetRow = { row: number; cells: string[] };

/** A cell as read: its text, or the index of its shared string. */
type Cell = string | { shared: number };

/**
 * The rows of the first sheet that hold something, numbered as the spreadsheet shows them, with
 * their first MAX_COLUMNS cells as text (numbers as written, booleans as "true" / "false"). More
 * than `maxRows` such rows refuse the file as soon as the next one is read.
 */
export async function readXlsxSheet(
  bytes: Uint8Array,
  maxRows: number,
  failures: XlsxFailures,
): Promise<SheetRow[]> {
  const parts = await workbookParts(bytes, failures);
  const rows = await sheetRows(bytes, parts.sheet, maxRows, failures);
  const wanted = new Set<number>();
  for (const { cells } of rows)
    for (const cell of cells) if (typeof cell === "object") wanted.add(cell.shared);
  const strings = wanted.size > 0 ? await sharedStrings(bytes, parts.strings, wanted, failures) : new Map();
  return rows.map(({ row, cells }) => ({
    row,
    cells: Array.from(cells, (cell) =>
      typeof cell === "object" ? (strings.get(cell.shared) ?? "") : (cell ?? ""),
    ),
  }));
}

type XmlHandlers = {
  opentag?: (tag: SaxesTagPlain) => void;
  text?: (text: string) => void;
  closetag?: (tag: SaxesTagPlain) => void;
};

/** A parser of one part's XML, fed bytes as they come out of the ZIP; throws what `failures` say. */
function xmlReader(failures: XlsxFailures, handlers: XmlHandlers) {
  const parser = new SaxesParser();
  const decoder = new TextDecoder("utf-8");
  let untagged = 0;
  let elements = 0;
  // saxes keeps one handler per event: each of these does the bookkeeping, then the caller's.
  parser.on("error", () => {
    throw failures.unreadable();
  });
  parser.on("opentag", (tag) => {
    untagged = 0;
    elements += 1;
    if (elements > MAX_ELEMENTS) throw failures.tooBig();
    handlers.opentag?.(tag);
  });
  parser.on("closetag", (tag) => {
    untagged = 0;
    handlers.closetag?.(tag);
  });
  if (handlers.text) parser.on("text", handlers.text);
  return (chunk: Uint8Array, final: boolean) => {
    const text = decoder.decode(chunk, { stream: !final });
    // Fed in pieces, so that a text without tags is caught before it grows past the bound.
    for (let start = 0; start < text.length; start += 64 * 1024) {
      const piece = text.slice(start, start + 64 * 1024);
      untagged += piece.length;
      parser.write(piece);
      if (untagged > MAX_UNTAGGED_CHARS) throw failures.unreadable();
    }
    if (final) parser.close();
  };
}

const localName = (name: string) => name.slice(name.indexOf(":") + 1);
const attribute = (tag: SaxesTagPlain, name: string) =>
  Object.entries(tag.attributes).find(([key]) => localName(key) === name)?.[1];

/** Where the first sheet and the shared strings are, from the workbook and its relationships. */
async function workbookParts(bytes: Uint8Array, failures: XlsxFailures) {
  let firstSheet: string | null = null;
  const targets = new Map<string, { type: string; target: string }>();
  const index = (onTag: (tag: SaxesTagPlain) => void) => {
    let size = 0;
    const read = xmlReader(failures, { opentag: onTag });
    return (chunk: Uint8Array, final: boolean) => {
      size += chunk.byteLength;
      if (size > MAX_INDEX_BYTES) throw failures.unreadable();
      read(chunk, final);
    };
  };
  await walkZip(
    bytes,
    (name) => {
      if (name === "xl/workbook.xml")
        return index((tag) => {
          if (localName(tag.name) === "sheet" && firstSheet === null) firstSheet = attribute(tag, "id") ?? "";
        });
      if (name === "xl/_rels/workbook.xml.rels")
        return index((tag) => {
          if (localName(tag.name) !== "Relationship") return;
          const id = attribute(tag, "Id");
          if (id)
            targets.set(id, { type: attribute(tag, "Type") ?? "", target: attribute(tag, "Target") ?? "" });
        });
      return null;
    },
    failures,
  );
  const sheet = firstSheet !== null ? targets.get(firstSheet)?.target : undefined;
  const strings = [...targets.values()].find(({ type }) => type.endsWith("/sharedStrings"))?.target;
  return {
    sheet: sheet ? partName(sheet) : "xl/worksheets/sheet1.xml",
    strings: strings ? partName(strings) : "xl/sharedStrings.xml",
  };
}

/** A relationship's target as the ZIP names it: relative to xl/, or absolute from the root. */
function partName(target: string): string {
  const path = target.startsWith("/") ? target.slice(1).split("/") : ["xl", ...target.split("/")];
  const parts: string[] = [];
  for (const part of path) {
    if (part === "..") parts.pop();
    else if (part !== "." && part !== "") parts.push(part);
  }
  return parts.join("/");
}

/** "A" → 0, "Z" → 25, "AA" → 26: the column of a cell reference such as "AB12". */
function columnOf(reference: string): number | null {
  const letters = /^([A-Z]{1,3})\d*$/i.exec(reference)?.[1];
  if (!letters) return null;
  let column = 0;
  for (const letter of letters.toUpperCase()) column = column * 26 + letter.charCodeAt(0) - 64;
  return column - 1;
}

/** A cell's value as text, by its type: a number as written, a boolean as "true" / "false". */
function cellValue(type: string | undefined, text: string): Cell {
  if (type === "s") return { shared: Number.parseInt(text, 10) };
  if (type === "b") return text.trim() === "1" ? "true" : "false";
  if (type === "e") return "";
  if (type === "str" || type === "inlineStr" || type === "d") return text;
  const number = Number(text);
  return text.trim() !== "" && Number.isFinite(number) ? String(number) : text;
}

/** The sheet's rows that hold something, their cells kept as text or shared-string indexes. */
async function sheetRows(
  bytes: Uint8Array,
  part: string,
  maxRows: number,
  failures: XlsxFailures,
): Promise<{ row: number; cells: Cell[] }[]> {
  const rows: { row: number; cells: Cell[] }[] = [];
  let found = false;
  let row = 0;
  let cells: Cell[] = [];
  let filled = false;
  let column = -1;
  let type: string | undefined;
  let text: string | null = null;
  // Text counts inside <v> and inside an inline string's <t>, never in its phonetic runs (<rPh>).
  let inValue = false;
  let phonetic = 0;
  const read = xmlReader(failures, {
    opentag: (tag) => {
      const name = localName(tag.name);
      if (name === "row") {
        const number = Number(attribute(tag, "r"));
        row = Number.isInteger(number) && number > 0 ? number : row + 1;
        cells = [];
        filled = false;
        column = -1;
      } else if (name === "c") {
        column = columnOf(attribute(tag, "r") ?? "") ?? column + 1;
        type = attribute(tag, "t");
        text = null;
      } else if (name === "v" || (name === "t" && phonetic === 0)) inValue = true;
      else if (name === "rPh") phonetic += 1;
    },
    text: (piece) => {
      if (!inValue || column >= MAX_COLUMNS) return;
      text = (text ?? "") + piece;
      if (text.length > MAX_CELL_CHARS) throw failures.cellTooLong();
    },
    closetag: (tag) => {
      const name = localName(tag.name);
      if (name === "v" || name === "t") inValue = false;
      else if (name === "rPh") phonetic -= 1;
      else if (name === "c") {
        if (column < MAX_COLUMNS && text !== null) {
          const value = cellValue(type, text);
          cells[column] = value;
          if (typeof value === "object" || value.trim() !== "") filled = true;
        }
      } else if (name === "row" && filled) {
        if (rows.length === maxRows) throw failures.tooManyRows();
        rows.push({ row, cells });
      }
    },
  });
  await walkZip(
    bytes,
    (name) => {
      if (name !== part) return null;
      found = true;
      return read;
    },
    failures,
  );
  if (!found) throw failures.unreadable();
  return rows;
}

/** The shared strings the kept cells use, by index; the part is read no further than the last. */
async function sharedStrings(
  bytes: Uint8Array,
  part: string,
  wanted: Set<number>,
  failures: XlsxFailures,
): Promise<Map<number, string>> {
  const strings = new Map<number, string>();
  const last = Math.max(...wanted);
  let index = -1;
  let text = "";
  let inText = false;
  let phonetic = 0;
  let done = false;
  const read = xmlReader(failures, {
    opentag: (tag) => {
      const name = localName(tag.name);
      if (name === "si") {
        index += 1;
        text = "";
      } else if (name === "t" && phonetic === 0) inText = true;
      else if (name === "rPh") phonetic += 1;
    },
    text: (piece) => {
      if (!inText || !wanted.has(index)) return;
      text += piece;
      if (text.length > MAX_CELL_CHARS) throw failures.cellTooLong();
    },
    closetag: (tag) => {
      const name = localName(tag.name);
      if (name === "t") inText = false;
      else if (name === "rPh") phonetic -= 1;
      else if (name === "si") {
        if (wanted.has(index)) strings.set(index, text);
        if (index >= last) done = true;
      }
    },
  });
  await walkZip(
    bytes,
    (name) =>
      name === part
        ? (chunk, final) => {
            read(chunk, final);
            return done ? "stop" : undefined;
          }
        : null,
    failures,
  );
  return strings;
}
