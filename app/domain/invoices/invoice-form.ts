import { EMAIL_PATTERN } from "~/domain/auth/account-forms";
/**
 * "Requiero factura": the shopper's fiscal data, one parser run by the checkout for instant
 * feedback and by the server to enforce it (docs/decisions/053). Tianguis checks and keeps the
 * data; the store stamps the CFDI with its own provider.
 */
import { normalizeRfc, rfcKind, rfcProblem } from "./rfc";
import { findRegimen, findUso, regimenText, usoText, type PersonKind } from "./sat-catalogues";

export const INVOICE_NAME_MAX_LENGTH = 254;
export const INVOICE_EMAIL_MAX_LENGTH = 254;

export const INVOICE_MESSAGES = {
  rfc: "Escribe tu RFC: 13 caracteres para persona física o 12 para persona moral.",
  rfcDate: "La fecha dentro del RFC (AAMMDD) no es una fecha válida.",
  rfcCheckDigit: "El RFC no es válido: revisa la homoclave (sus últimos 3 caracteres).",
  rfcGeneric:
    "El RFC genérico (XAXX010101000 o XEXX010101000) es para ventas al público en general: para una factura escribe tu propio RFC.",
  name: "Escribe tu nombre o razón social tal como aparece en tu Constancia de Situación Fiscal.",
  nameTooLong: "El nombre o razón social puede tener como máximo 254 caracteres.",
  regimen: "Elige tu régimen fiscal.",
  regimenForKind: "Ese régimen fiscal no corresponde al tipo de persona de tu RFC.",
  uso: "Elige el uso del CFDI.",
  usoForRegimen: "Ese uso del CFDI no está permitido para tu régimen fiscal.",
  postalCode: "El código postal fiscal debe tener 5 dígitos.",
  email: "Escribe un correo válido para recibir tu factura.",
  notOffered: "Esta tienda no emite facturas desde la tienda en línea.",
} as const;

/** The help text beside the name: the SAT compares it letter by letter with its register. */
export const INVOICE_NAME_HELP =
  "En mayúsculas, como en tu Constancia de Situación Fiscal. Si eres persona moral, sin el régimen de capital (por ejemplo, sin «S.A. de C.V.»).";

export type InvoiceData = {
  rfc: string;
  kind: PersonKind;
  name: string;
  regimenFiscal: string;
  usoCfdi: string;
  postalCode: string;
  email: string;
};
export type InvoiceField = "rfc" | "name" | "regimenFiscal" | "usoCfdi" | "postalCode" | "email";
export type InvoiceFieldErrors = Partial<Record<InvoiceField, string>>;
export type InvoiceFormResult =
  { success: true; data: InvoiceData } | { success: false; errors: InvoiceFieldErrors };

const POSTAL_CODE = /^\d{5}$/;

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

const RFC_MESSAGES = {
  shape: INVOICE_MESSAGES.rfc,
  date: INVOICE_MESSAGES.rfcDate,
  checkDigit: INVOICE_MESSAGES.rfcCheckDigit,
  generic: INVOICE_MESSAGES.rfcGeneric,
} as const;

/** The name as the SAT registers it: uppercase, single spaces. */
export const normalizeInvoiceName = (value: string) => value.trim().replace(/\s+/g, " ").toUpperCase();

/** The régimen and uso, checked against each other and the RFC's kind of person. */
function checkRegimenAndUso(
  regimenFiscal: string,
  usoCfdi: string,
  kind: PersonKind | null,
  errors: InvoiceFieldErrors,
) {
  const regimen = findRegimen(regimenFiscal);
  if (!regimen) errors.regimenFiscal = INVOICE_MESSAGES.regimen;
  else if (kind !== null && !regimen.kinds.includes(kind))
    errors.regimenFiscal = INVOICE_MESSAGES.regimenForKind;
  const uso = findUso(usoCfdi);
  if (!uso || !uso.forSale) errors.usoCfdi = INVOICE_MESSAGES.uso;
  else if ((regimen && !uso.regimenes.includes(regimen.code)) || (kind !== null && !uso.kinds.includes(kind)))
    errors.usoCfdi = INVOICE_MESSAGES.usoForRegimen;
}

/** Parses the form; on failure, one message per field, every field at once. */
export function parseInvoiceForm(input: unknown): InvoiceFormResult {
  const raw = (typeof input === "object" && input !== null ? input : {}) as Record<string, unknown>;
  const errors: InvoiceFieldErrors = {};

  const rfc = normalizeRfc(text(raw.rfc));
  const problem = rfcProblem(rfc);
  if (problem) errors.rfc = RFC_MESSAGES[problem];
  const kind = problem ? null : rfcKind(rfc);

  const name = normalizeInvoiceName(text(raw.name));
  if (name === "") errors.name = INVOICE_MESSAGES.name;
  else if (name.length > INVOICE_NAME_MAX_LENGTH) errors.name = INVOICE_MESSAGES.nameTooLong;

  const regimenFiscal = text(raw.regimenFiscal);
  const usoCfdi = text(raw.usoCfdi).toUpperCase();
  checkRegimenAndUso(regimenFiscal, usoCfdi, kind, errors);

  const postalCode = text(raw.postalCode);
  if (!POSTAL_CODE.test(postalCode)) errors.postalCode = INVOICE_MESSAGES.postalCode;

  const email = text(raw.email).toLowerCase();
  if (email.length > INVOICE_EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email))
    errors.email = INVOICE_MESSAGES.email;

  if (Object.keys(errors).length > 0 || kind === null) return { success: false, errors };
  return { success: true, data: { rfc, kind, name, regimenFiscal, usoCfdi, postalCode, email } };
}

/** The block "Copiar datos" puts on the clipboard: what the owner's invoicing tool asks for. */
export function invoiceCopyText(data: Omit<InvoiceData, "kind">): string {
  return [
    `RFC: ${data.rfc}`,
    `Nombre o razón social: ${data.name}`,
    `Régimen fiscal: ${regimenText(data.regimenFiscal)}`,
    `Uso del CFDI: ${usoText(data.usoCfdi)}`,
    `Código postal: ${data.postalCode}`,
    `Correo: ${data.email}`,
  ].join("\n");
}
