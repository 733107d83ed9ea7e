/** CSV as spreadsheets read it (RFC 4180, UTF-8 with a BOM so Excel shows accents). Pure. */

export const CSV_BOM = "\uFEFF";

/**
 * One cell. Text a spreadsheet would run as a formula (=, +, -, @ first) gets a leading
 * apostrophe: a shopper's name must never become a formula on the owner's computer (OWASP, CSV
 * injection). Numbers stay numbers.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: unknown[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}
