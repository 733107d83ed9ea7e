import { describe, expect, it } from "vitest";
import { CSV_BOM, csvCell, csvDateTime, csvRow, dateHeader } from "./export-csv";

describe("csv", () => {
  it("quotes commas, quotes and line breaks", () => {
    expect(csvCell("Pan, dulce")).toBe('"Pan, dulce"');
    expect(csvCell('El "bueno"')).toBe('"El ""bueno"""');
    expect(csvCell("dos\nlíneas")).toBe('"dos\nlíneas"');
    expect(csvCell("Concha")).toBe("Concha");
  });

  it("keeps numbers, booleans and dates as values and empties as nothing", () => {
    expect(csvCell(24.5)).toBe("24.5");
    expect(csvCell(-3)).toBe("-3");
    expect(csvCell(true)).toBe("true");
    expect(csvCell(new Date("2030-01-02T03:04:05.000Z"))).toBe("2030-01-02T03:04:05.000Z");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
  });

  it("never lets text become a spreadsheet formula", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell("+52 449")).toBe("'+52 449");
    expect(csvCell("-nada")).toBe("'-nada");
    expect(csvCell("@tienda")).toBe("'@tienda");
  });

  it("ends each row with CRLF", () => {
    expect(csvRow(["a", 1, "b,c"])).toBe('a,1,"b,c"\r\n');
  });

  it("starts a file with the UTF-8 byte order mark, so Excel shows accents", () => {
    expect([...Buffer.from(CSV_BOM, "utf8")]).toEqual([0xef, 0xbb, 0xbf]);
  });
});

describe("an instant in the export", () => {
  it("is written on the store's clock to the minute, as Excel in es-MX reads a date and time", () => {
    expect(csvDateTime(new Date("2026-11-21T00:40:59Z"), "America/Mexico_City")).toBe("2026-11-20 18:40");
    expect(csvDateTime(new Date("2026-01-05T06:05:00Z"), "America/Mexico_City")).toBe("2026-01-05 00:05");
    // Tijuana in summer time (UTC−7) and in winter (UTC−8).
    expect(csvDateTime(new Date("2026-07-01T19:00:00Z"), "America/Tijuana")).toBe("2026-07-01 12:00");
    expect(csvDateTime(new Date("2026-12-01T19:00:00Z"), "America/Tijuana")).toBe("2026-12-01 11:00");
    expect(csvDateTime(null, "America/Mexico_City")).toBe("");
  });

  it("has a header that names the clock", () => {
    expect(dateHeader("Fecha", "America/Mexico_City")).toBe("Fecha (hora de CDMX)");
    expect(dateHeader("Fecha", "America/Tijuana")).toBe("Fecha (hora de America/Tijuana)");
  });
});
