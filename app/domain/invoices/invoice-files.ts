/**
 * The files of an invoice the owner attaches: the PDF a person reads and the XML the SAT stamped
 * (the CFDI itself). Checked by what they hold, not by their names, and size-limited.
 */
export const MAX_INVOICE_PDF_BYTES = 2 * 1024 * 1024;
export const MAX_INVOICE_XML_BYTES = 512 * 1024;

export const INVOICE_FILE_MESSAGES = {
  pdf: "Adjunta el PDF de la factura (un archivo .pdf).",
  pdfTooLarge: "El PDF puede pesar como máximo 2 MB.",
  xml: "Adjunta el XML de la factura (el CFDI timbrado, un archivo .xml).",
  xmlTooLarge: "El XML puede pesar como máximo 512 KB.",
  noInvoice: "Esta orden no tiene una solicitud de factura.",
  sent: "Factura enviada al correo de quien compró.",
  marked: "Marcada como facturada.",
  failed: "No se pudo guardar la factura. Intenta de nuevo.",
} as const;

/** A PDF begins with its header, `%PDF-`, within its first kilobyte. */
export function isPdf(bytes: Uint8Array): boolean {
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 1024));
  return head.includes("%PDF-");
}

/**
 * A CFDI's XML: UTF-8 text whose root element is `cfdi:Comprobante` (after an optional byte order
 * mark, XML declaration and comments), closed at its end.
 */
export function isCfdiXml(bytes: Uint8Array): boolean {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  const body = text
    .replace(/^\uFEFF/, "")
    .replace(/^\s*<\?xml[^>]*\?>/, "")
    .replace(/^(\s*<!--[\s\S]*?-->)*/, "")
    .trim();
  return /^<cfdi:Comprobante[\s>]/.test(body) && /<\/cfdi:Comprobante>$/.test(body);
}
