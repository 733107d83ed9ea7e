/**
 * .xlsx files written by hand, as any program may write them (an .xlsx is a ZIP of XML parts),
 * rather than by exceljs: sheets in any order, inline strings, cells without references, and a
 * hostile sheet that claims the whole grid and holds 200,000 rows in a few megabytes.
 */
import zlib from "node:zlib";

const XML = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n`;
const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const RELATIONSHIPS = "http://schemas.openxmlformats.org/package/2006/relationships";
const TYPES = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

/** A sheet's XML around its rows' XML. */
export const sheetXml = (rows: string, dimension = "A1") =>
  `${XML}<worksheet xmlns="${MAIN}"><dimension ref="${dimension}"/><sheetData>${rows}</sheetData></worksheet>`;

/** An inline string cell. */
export const inline = (ref: string, text: string) =>
  `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

/**
 * A workbook whose sheets are listed in `sheets`' order, each stored under its own part name,
 * with the given shared strings (the `<si>` elements' XML) when there are some.
 */
export function handMadeXlsx(workbook: HandMade): Uint8Array {
  return zipOf(handMadeParts(workbook));
}

type HandMade = { sheets: { part: string; xml: string }[]; sharedStrings?: string };

function handMadeParts({ sheets, sharedStrings }: HandMade): Record<string, string> {
  const relationships = sheets.map(
    ({ part }, index) =>
      `<Relationship Id="rId${index + 1}" Type="${TYPES}/worksheet" Target="${part.replace(/^xl\//, "")}"/>`,
  );
  if (sharedStrings !== undefined)
    relationships.push(`<Relationship Id="rIdS" Type="${TYPES}/sharedStrings" Target="sharedStrings.xml"/>`);
  const files: Record<string, string> = {
    "[Content_Types].xml": `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/></Types>`,
    "_rels/.rels": `${XML}<Relationships xmlns="${RELATIONSHIPS}"><Relationship Id="rId1" Type="${TYPES}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  };
  // The sheets' parts before the workbook, as some programs write them: the order of the ZIP
  // says nothing, the workbook does.
  for (const { part, xml } of [...sheets].reverse()) files[part] = xml;
  if (sharedStrings !== undefined)
    files["xl/sharedStrings.xml"] = `${XML}<sst xmlns="${MAIN}">${sharedStrings}</sst>`;
  files["xl/workbook.xml"] = `${XML}<workbook xmlns="${MAIN}" xmlns:r="${TYPES}"><sheets>${sheets
    .map((_, index) => `<sheet name="Hoja${index + 1}" sheetId="${index + 1}" r:id="rId${index + 1}"/>`)
    .join("")}</sheets></workbook>`;
  files["xl/_rels/workbook.xml.rels"] =
    `${XML}<Relationships xmlns="${RELATIONSHIPS}">${relationships.join("")}</Relationships>`;
  return files;
}

const column = (index: number) => {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
};

/**
 * An .xlsx whose one sheet claims the whole grid (A1:XFD1048576) and holds `rows` product rows of
 * `cells` short cells each under the catalogue's headers: a few megabytes zipped.
 */
export function hostileXlsx({ rows, cells }: { rows: number; cells: number }): Uint8Array {
  const headers = ["Nombre", "Descripción", "Precio"];
  const parts = [`<row r="1">${headers.map((text, i) => inline(`${column(i)}1`, text)).join("")}</row>`];
  // Every row the same short text, as a ZIP squeezes best: only the references differ.
  for (let r = 2; r <= rows + 1; r += 1) {
    let row = `<row r="${r}">${inline(`A${r}`, "Pan")}${inline(`B${r}`, "x")}`;
    for (let c = 2; c < cells; c += 1) row += `<c r="${column(c)}${r}"><v>1</v></c>`;
    parts.push(`${row}</row>`);
  }
  return handMadeXlsx({
    sheets: [{ part: "xl/worksheets/sheet1.xml", xml: sheetXml(parts.join(""), "A1:XFD1048576") }],
  });
}

/**
 * A ZIP of texts, each deflated by Node's zlib: tens of megabytes of XML take it a second where
 * a compressor written in JavaScript takes several.
 */
function zipOf(files: Record<string, string>): Uint8Array {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const data = Buffer.from(text, "utf8");
    const deflated = zlib.deflateRawSync(data, { level: 6 });
    const fileName = Buffer.from(name, "utf8");
    // Version 2.0, no flags, deflate, 1980-01-01 00:00, then the CRC and both sizes.
    const fields = (header: Buffer, at: number) => {
      header.writeUInt16LE(20, at);
      header.writeUInt16LE(0, at + 2);
      header.writeUInt16LE(8, at + 4);
      header.writeUInt16LE(0, at + 6);
      header.writeUInt16LE(0x21, at + 8);
      header.writeUInt32LE(zlib.crc32(data), at + 10);
      header.writeUInt32LE(deflated.length, at + 14);
      header.writeUInt32LE(data.length, at + 18);
      header.writeUInt16LE(fileName.length, at + 22);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    fields(local, 4);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    fields(entry, 6);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, fileName, deflated);
    central.push(entry, fileName);
    offset += local.length + fileName.length + deflated.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}
