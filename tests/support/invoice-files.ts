/**
 * An invoice as a store's provider hands it over: a small PDF and the stamped CFDI's XML, and the
 * multipart body of "Adjuntar factura" with both.
 */
export const INVOICE_PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
  "latin1",
);

export const INVOICE_XML = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?>\n<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Version="4.0" Total="100.00"><cfdi:Receptor Rfc="GODE561231GR8" Nombre="EMILIO GÓMEZ DÍAZ" DomicilioFiscalReceptor="06600" RegimenFiscalReceptor="612" UsoCFDI="G03"/></cfdi:Comprobante>\n',
  "utf8",
);

/** The form "Adjuntar factura" sends for an order: its number and both files. */
export function invoiceForm(
  orderId: string,
  files: { pdf?: Buffer; xml?: Buffer; pdfName?: string; xmlName?: string } = {},
) {
  const form = new FormData();
  form.set("orderId", orderId);
  form.set(
    "pdf",
    new Blob([new Uint8Array(files.pdf ?? INVOICE_PDF)], { type: "application/pdf" }),
    files.pdfName ?? "factura.pdf",
  );
  form.set(
    "xml",
    new Blob([new Uint8Array(files.xml ?? INVOICE_XML)], { type: "application/xml" }),
    files.xmlName ?? "factura.xml",
  );
  return form;
}

/** The fiscal data of a persona física, as the checkout sends it. */
export const VALID_INVOICE = {
  rfc: "GODE561231GR8",
  name: "Emilio Gómez Díaz",
  regimenFiscal: "612",
  usoCfdi: "G03",
  postalCode: "06600",
  email: "emilio@example.mx",
};
