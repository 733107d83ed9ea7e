/**
 * The text of a CSV as the spreadsheet program that saved it meant it. Excel in Spanish saves
 * "CSV" in Windows-1252 (not UTF-8) unless asked for "CSV UTF-8", and "Texto Unicode" in UTF-16
 * with tabs between cells; read as UTF-8, a Windows-1252 "Piña" becomes "Pi�a" and the header
 * "Descripción" no longer matches (docs/decisions/050). Pure: the server reads files with it.
 */

export type SheetEncoding = "utf-8" | "utf-16le" | "utf-16be" | "windows-1252";

/**
 * The file's encoding: a byte-order mark says it; else text that is valid UTF-8 is UTF-8; else
 * UTF-16 without a mark shows as a zero byte beside each ASCII letter; else it is Windows-1252,
 * which gives every byte a character (Excel's "CSV" in Spanish).
 */
export function sheetEncoding(bytes: Uint8Array): SheetEncoding {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return "utf-8";
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  if (isUtf8(bytes)) {
    const zeros = zeroBytes(bytes);
    // Valid UTF-8 with zeros in every other byte is ASCII written as UTF-16 without its mark.
    if (zeros.odd > zeros.pairs / 2) return "utf-16le";
    if (zeros.even > zeros.pairs / 2) return "utf-16be";
    return "utf-8";
  }
  return "windows-1252";
}

function isUtf8(bytes: Uint8Array) {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Zero bytes at even and odd offsets among the first 1,000 pairs. */
function zeroBytes(bytes: Uint8Array) {
  const pairs = Math.min(1_000, Math.floor(bytes.length / 2));
  let even = 0;
  let odd = 0;
  for (let i = 0; i < pairs; i += 1) {
    if (bytes[2 * i] === 0) even += 1;
    if (bytes[2 * i + 1] === 0) odd += 1;
  }
  return { pairs, even, odd };
}

/**
 * Windows-1252's characters at 0x80–0x9F (the euro sign, curly quotes, dashes…), where
 * ISO-8859-1 has control characters. Node 20's TextDecoder("windows-1252") decodes those bytes
 * as ISO-8859-1 does, so they are mapped here; the five bytes Windows-1252 leaves undefined keep
 * their code point, as the WHATWG encoding standard says.
 */
const WINDOWS_1252_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ";

/** The file's text in its own encoding, without a byte-order mark. */
export function sheetText(bytes: Uint8Array): { text: string; encoding: SheetEncoding } {
  const encoding = sheetEncoding(bytes);
  // TextDecoder drops the mark of its own encoding (ignoreBOM is false by default).
  const text = new TextDecoder(encoding).decode(bytes);
  if (encoding !== "windows-1252") return { text, encoding };
  return {
    text: text.replace(/[\u0080-\u009F]/g, (c) => WINDOWS_1252_HIGH[c.charCodeAt(0) - 0x80]!),
    encoding,
  };
}

/**
 * The character between cells, read from the first line: a comma, or a semicolon (Excel in
 * Spanish), or a tab (Excel's "Texto Unicode"), whichever the line has most of.
 */
export function sheetDelimiter(text: string): "," | ";" | "\t" {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? "";
  const count = (character: string) => firstLine.split(character).length - 1;
  const candidates = [",", ";", "\t"] as const;
  return candidates.reduce((best, candidate) => (count(candidate) > count(best) ? candidate : best));
}
