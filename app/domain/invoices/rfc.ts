/**
 * The RFC (Registro Federal de Contribuyentes) as the SAT writes it: a persona física's has 13
 * characters (four letters, the birth date YYMMDD, a three-character homoclave), a persona moral's
 * 12 (three letters, the date of incorporation, the homoclave). The homoclave's last character is
 * a check digit over the others (docs/decisions/053).
 */
import type { PersonKind } from "./sat-catalogues";

/** The RFCs the SAT sets aside for sales to the general public and to foreigners: not a factura. */
export const GENERIC_RFCS = ["XAXX010101000", "XEXX010101000"] as const;

const FISICA = /^[A-ZÑ&]{4}(\d{6})[A-Z\d]{2}[\dA]$/;
const MORAL = /^[A-ZÑ&]{3}(\d{6})[A-Z\d]{2}[\dA]$/;

/** SAT's value table for the check digit: 0–9, A–N, &, O–Z, space, Ñ. */
const VALUES = "0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ";

/** Trimmed, without inner spaces or dashes, uppercase: how it is checked, stored and shown. */
export function normalizeRfc(value: string): string {
  return value.replace(/[\s-]/g, "").toUpperCase();
}

/** The kind of person the RFC's length and shape say, or null when it has neither shape. */
export function rfcKind(rfc: string): PersonKind | null {
  if (FISICA.test(rfc)) return "fisica";
  if (MORAL.test(rfc)) return "moral";
  return null;
}

/** Whether YYMMDD is a day of the calendar (a 29 February only in a year divisible by four). */
export function isRfcDate(yymmdd: string): boolean {
  const year = Number(yymmdd.slice(0, 2));
  const month = Number(yymmdd.slice(2, 4));
  const day = Number(yymmdd.slice(4, 6));
  if (month < 1 || month > 12 || day < 1) return false;
  // 2000 was a leap year; 1900 was not, but no RFC holder was born or founded on its 29 February.
  const days = [31, year % 4 === 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return day <= days[month - 1]!;
}

/** The check digit the SAT computes for the RFC's other characters (12 or 11 of them). */
export function rfcCheckDigit(rfc: string): string {
  // A persona moral's RFC is read as if it began with a space, so both weigh 13 characters.
  const padded = (rfc.length === 12 ? ` ${rfc}` : rfc).slice(0, 12);
  let sum = 0;
  for (const [index, character] of [...padded].entries()) sum += VALUES.indexOf(character) * (13 - index);
  const digit = 11 - (sum % 11);
  return digit === 11 ? "0" : digit === 10 ? "A" : String(digit);
}

export type RfcProblem = "shape" | "date" | "checkDigit" | "generic";

/** What is wrong with an RFC already normalised, or null when it is one a factura can carry. */
export function rfcProblem(rfc: string): RfcProblem | null {
  if ((GENERIC_RFCS as readonly string[]).includes(rfc)) return "generic";
  const match = FISICA.exec(rfc) ?? MORAL.exec(rfc);
  if (!match) return "shape";
  if (!isRfcDate(match[1]!)) return "date";
  if (rfcCheckDigit(rfc) !== rfc.at(-1)) return "checkDigit";
  return null;
}
