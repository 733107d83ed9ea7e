import { describe, expect, it } from "vitest";
import { CATALOGUE_MESSAGES, MAX_IMPORT_ROWS } from "./catalogue";
import { FILE_MESSAGES, readSheet, sheetKind } from "./catalogue-files.server";

const csv = (lines: string[]) => new TextEncoder().encode(lines.join("\r\n"));
const rows = (count: number, line: (i: number) => string) => Array.from({ length: count }, (_, i) => line(i));

describe("reading a CSV", () => {
  it("reads every product of a file whose cells span several lines", async () => {
    const file = csv([
      "Nombre,Descripción,Precio",
      ...rows(3_000, (i) => `Pan ${i},"Línea uno\nLínea dos",3`),
    ]);
    const read = await readSheet(file, "csv");
    expect(read).toHaveLength(3_000);
    expect(read.at(-1)).toEqual({
      row: 3_001,
      cells: { name: "Pan 2999", description: "Línea uno\nLínea dos", price: "3" },
    });
  });

  it("takes 5,000 products and refuses the 5,001st, rows of empty cells aside", async () => {
    const products = (count: number) => rows(count, (i) => `Pan ${i},Pan,3`);
    const blanks = rows(50, () => ",,");
    const full = csv([
      "Nombre,Descripción,Precio",
      ...products(2_500),
      ...blanks,
      ...products(2_500),
      ...blanks,
    ]);
    expect(await readSheet(full, "csv")).toHaveLength(MAX_IMPORT_ROWS);
    const over = csv(["Nombre,Descripción,Precio", ...products(MAX_IMPORT_ROWS + 1)]);
    await expect(readSheet(over, "csv")).rejects.toThrow(CATALOGUE_MESSAGES.tooManyRows);
  });

  it("refuses a CSV it cannot parse, and an Excel 97–2003 file, in Spanish", async () => {
    await expect(readSheet(csv(["Nombre,Descripción", 'Pan,"sin cerrar']), "csv")).rejects.toThrow(
      FILE_MESSAGES.unreadableCsv,
    );
    const xls = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(sheetKind(xls, "productos.csv")).toBeNull();
    expect(sheetKind(csv(["Nombre"]), "productos.xls")).toBeNull();
    expect(sheetKind(csv(["Nombre"]), "productos.txt")).toBe("csv");
  });
});
