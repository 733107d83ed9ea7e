import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { AppError } from "~/lib/errors";
import { handMadeXlsx, hostileXlsx, inline, sheetXml } from "../../../tests/support/hand-made-xlsx";
import { MAX_CELL_CHARS, MAX_ELEMENTS, readXlsxSheet, type XlsxFailures } from "./xlsx-sheet.server";

const failure = (what: string) => () => new AppError("VALIDATION", what);
const FAILURES: XlsxFailures = {
  unreadable: failure("unreadable"),
  bomb: failure("bomb"),
  tooManyRows: failure("too many rows"),
  cellTooLong: failure("cell too long"),
  tooBig: failure("too big"),
};
const read = (bytes: Uint8Array, maxRows = 100) => readXlsxSheet(bytes, maxRows, FAILURES);
const oneSheet = (rows: string, sharedStrings?: string) =>
  handMadeXlsx({ sheets: [{ part: "xl/worksheets/sheet1.xml", xml: sheetXml(rows) }], sharedStrings });

async function excel(build: (sheet: ExcelJS.Worksheet) => void) {
  const workbook = new ExcelJS.Workbook();
  build(workbook.addWorksheet("Productos"));
  return new Uint8Array((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
}

describe("reading an .xlsx's first sheet", () => {
  it("reads what Excel writes: shared and rich text, numbers as written, booleans, formulas' results", async () => {
    const bytes = await excel((sheet) => {
      sheet.addRow(["Nombre", "Precio", "Disponible", "Descripción", "Total"]);
      sheet.addRow([
        "Piña",
        13.5,
        true,
        { richText: [{ text: "Muy " }, { text: "dulce", font: { bold: true } }] },
      ]);
      sheet.getCell("E2").value = { formula: "B2*2", result: 27 };
      sheet.addRow(["Café", 0.1 + 0.2, false, "Con «comillas» y\nsaltos"]);
    });
    expect(await read(bytes)).toEqual([
      { row: 1, cells: ["Nombre", "Precio", "Disponible", "Descripción", "Total"] },
      { row: 2, cells: ["Piña", "13.5", "true", "Muy dulce", "27"] },
      { row: 3, cells: ["Café", "0.30000000000000004", "false", "Con «comillas» y\nsaltos"] },
    ]);
  });

  it("keeps every column up to the 50th, the last one included, and numbers rows as the sheet does", async () => {
    const bytes = await excel((sheet) => {
      sheet.getRow(1).values = ["Nombre", "Foto"];
      sheet.getRow(4).values = ["Concha", "concha.jpg"];
      sheet.getCell("AX4").value = "columna 50";
      sheet.getCell("AY4").value = "columna 51";
    });
    const rows = await read(bytes);
    expect(rows.map((row) => row.row)).toEqual([1, 4]);
    expect(rows[1]!.cells.slice(0, 2)).toEqual(["Concha", "concha.jpg"]);
    expect(rows[1]!.cells).toHaveLength(50);
    expect(rows[1]!.cells[49]).toBe("columna 50");
  });

  it("reads inline strings, cells and rows without references, and skips phonetic runs", async () => {
    const rows = [
      `<row>${inline("A1", "Nombre")}<c t="inlineStr"><is><t>Precio</t></is></c></row>`,
      `<row><c t="s"><v>0</v></c><c><v>12</v></c></row>`,
      `<row r="7"><c r="B7" t="str"><f>A1</f><v>texto de fórmula</v></c><c t="e"><v>#N/A</v></c></row>`,
    ].join("");
    const strings = `<si><r><t>Ta</t></r><r><t xml:space="preserve">mal </t></r><rPh sb="0" eb="1"><t>タ</t></rPh></si>`;
    expect(await read(oneSheet(rows, strings))).toEqual([
      { row: 1, cells: ["Nombre", "Precio"] },
      { row: 2, cells: ["Tamal ", "12"] },
      { row: 7, cells: ["", "texto de fórmula", ""] },
    ]);
  });

  it("reads the first sheet in the workbook's order, whatever its part is called or where it lies", async () => {
    const bytes = handMadeXlsx({
      sheets: [
        { part: "xl/worksheets/productos.xml", xml: sheetXml(`<row r="1">${inline("A1", "primera")}</row>`) },
        { part: "xl/worksheets/sheet1.xml", xml: sheetXml(`<row r="1">${inline("A1", "segunda")}</row>`) },
      ],
    });
    expect(await read(bytes)).toEqual([{ row: 1, cells: ["primera"] }]);
  });

  it("skips rows with nothing in them, and counts only rows with something against the cap", async () => {
    const rows = [1, 2, 3, 4, 5]
      .map((r) =>
        r === 3 ? `<row r="3"><c r="A3" s="1"/></row>` : `<row r="${r}">${inline(`A${r}`, `f${r}`)}</row>`,
      )
      .join("");
    expect((await read(oneSheet(rows), 4)).map((row) => row.row)).toEqual([1, 2, 4, 5]);
    await expect(read(oneSheet(rows), 3)).rejects.toThrow("too many rows");
  });

  it("reads a sheet of megabytes of XML to its end when it holds no more rows than asked", async () => {
    const rows = await read(hostileXlsx({ rows: 10_000, cells: 4 }), 10_001);
    expect(rows).toHaveLength(10_001);
    expect(rows.at(-1)).toEqual({ row: 10_001, cells: ["Pan", "x", "1", "1"] });
  });

  it("stops at the row past the cap, without reading what follows it", async () => {
    // Four rows, then XML that does not parse: read to its end, the sheet is unreadable.
    const rows = [1, 2, 3, 4].map((r) => `<row r="${r}">${inline(`A${r}`, `f${r}`)}</row>`).join("");
    const bytes = oneSheet(`${rows}<row><c><v>1</v></row>`);
    await expect(read(bytes, 10)).rejects.toThrow("unreadable");
    await expect(read(bytes, 3)).rejects.toThrow("too many rows");
  });

  it("refuses a cell past its length, a text without tags, what is not XML, and a sheet that is not there", async () => {
    const long = "x".repeat(MAX_CELL_CHARS + 1);
    await expect(read(oneSheet(`<row>${inline("A1", long)}</row>`))).rejects.toThrow("cell too long");
    await expect(
      read(oneSheet(`<row>${inline("A1", "x")}</row>`, `<si><t>${long}</t></si>`)),
    ).resolves.toEqual([{ row: 1, cells: ["x"] }]);
    await expect(
      read(oneSheet(`<row><c t="s"><v>0</v></c></row>`, `<si><t>${long}</t></si>`)),
    ).rejects.toThrow("cell too long");
    const untagged = `<row>${inline("A1", "x")}</row>${" ".repeat(2 * 1024 * 1024)}`;
    await expect(read(oneSheet(untagged))).rejects.toThrow("unreadable");
    await expect(read(oneSheet(`<row><c><v>1</v></row>`))).rejects.toThrow("unreadable");
    await expect(read(handMadeXlsx({ sheets: [] }))).rejects.toThrow("unreadable");
    // A million empty rows: nothing in them counts against the cap, every one against the elements'.
    const empty = oneSheet("<row/>".repeat(MAX_ELEMENTS));
    await expect(read(empty)).rejects.toThrow("too big");
    await expect(read(new TextEncoder().encode("Nombre,Precio\n"))).rejects.toThrow("unreadable");
  });
});
