import { describe, expect, it } from "vitest";
import { sheetDelimiter, sheetEncoding, sheetText } from "./sheet-text";

/** Text as Excel in Spanish saves "CSV": one byte per character, Windows-1252. */
function windows1252(text: string): Uint8Array {
  const special: Record<string, number> = { "€": 0x80, "…": 0x85, "“": 0x93, "”": 0x94, "—": 0x97 };
  return Uint8Array.from([...text].map((character) => special[character] ?? character.charCodeAt(0)));
}
const utf16le = (text: string, mark = true) =>
  new Uint8Array(Buffer.concat([Buffer.from(mark ? [0xff, 0xfe] : []), Buffer.from(text, "utf16le")]));
const utf16be = (text: string) => {
  const bytes = Buffer.from(text, "utf16le").swap16();
  return new Uint8Array(Buffer.concat([Buffer.from([0xfe, 0xff]), bytes]));
};
const utf8 = (text: string) => new TextEncoder().encode(text);

const HEADER = "Nombre,Descripción,Precio\r\n";

describe("a CSV's encoding", () => {
  it("reads Excel's Windows-1252 CSV as it was written: «Piña», «Descripción», the euro sign", () => {
    const text = `${HEADER}Piña,Jugo “natural” — frío…,35\r\nCafé,Con €,20\r\n`;
    const bytes = windows1252(text);
    expect(sheetEncoding(bytes)).toBe("windows-1252");
    expect(sheetText(bytes).text).toBe(text);
    // Read as UTF-8, the same bytes lose every accent.
    expect(new TextDecoder("utf-8").decode(bytes)).toContain("Pi\uFFFDa");
  });

  it("reads UTF-8 with or without its byte-order mark, and drops the mark", () => {
    expect(sheetText(utf8(`${HEADER}Piña,x,1`))).toEqual({ text: `${HEADER}Piña,x,1`, encoding: "utf-8" });
    const marked = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(`${HEADER}Piña,x,1`)]);
    expect(sheetText(marked)).toEqual({ text: `${HEADER}Piña,x,1`, encoding: "utf-8" });
  });

  it("reads Excel's «Texto Unicode» (UTF-16 with its mark, tabs between cells), either byte order", () => {
    const text = "Nombre\tDescripción\tPrecio\r\nPiña\tDulce\t30\r\n";
    expect(sheetText(utf16le(text))).toEqual({ text, encoding: "utf-16le" });
    expect(sheetText(utf16be(text))).toEqual({ text, encoding: "utf-16be" });
    expect(sheetDelimiter(text)).toBe("\t");
  });

  it("recognises UTF-16 without its mark by the zero byte beside each letter", () => {
    const text = "Nombre\tPrecio\r\nPan\t3\r\n";
    expect(sheetText(utf16le(text, false))).toEqual({ text, encoding: "utf-16le" });
    const bigEndian = new Uint8Array(Buffer.from(text, "utf16le").swap16());
    expect(sheetText(bigEndian)).toEqual({ text, encoding: "utf-16be" });
  });

  it("takes plain ASCII for UTF-8, and a lone accented byte for Windows-1252", () => {
    expect(sheetEncoding(utf8("Nombre,Precio\nPan,3\n"))).toBe("utf-8");
    expect(sheetEncoding(windows1252("Nombre\nJalapeño\n"))).toBe("windows-1252");
    expect(sheetEncoding(new Uint8Array())).toBe("utf-8");
  });
});

describe("a CSV's delimiter", () => {
  it("is whichever of comma, semicolon and tab the first line has most of", () => {
    expect(sheetDelimiter("Nombre,Precio\nPan;3\n")).toBe(",");
    expect(sheetDelimiter("Nombre;Descripción;Precio\r\nPan;Con, coma;3")).toBe(";");
    expect(sheetDelimiter("Nombre\tDescripción, larga\tPrecio")).toBe("\t");
    expect(sheetDelimiter("Nombre")).toBe(",");
  });
});
