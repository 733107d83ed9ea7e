/** CSV as spreadsheets read it (RFC 4180, UTF-8 with a BOM so Excel shows accents). Pure. */
import { DEFAULT_TIME_ZONE, localParts } from "~/domain/stores/opening-hours";

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

const pad = (value: number) => String(value).padStart(2, "0");

/**
 * "2026-11-20 18:40": an instant on the store's wall clock, to the minute, as Excel in es-MX reads a
 * date and time (an ISO instant in UTC is text to it, and six hours off for the owner).
 */
export function csvDateTime(at: Date | null | undefined, timeZone: string): string {
  if (!at) return "";
  const local = localParts(at, timeZone);
  return `${local.year}-${pad(local.month)}-${pad(local.day)} ${pad(local.hour)}:${pad(local.minute)}`;
}

/** "Fecha (hora de CDMX)": a date column's header, naming the clock its times are on. */
export function dateHeader(name: string, timeZone: string): string {
  return `${name} (hora de ${timeZone === DEFAULT_TIME_ZONE ? "CDMX" : timeZone})`;
}
