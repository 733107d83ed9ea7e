/**
 * POST /i/admin/orders/factura — multipart: `orderId`, `pdf` and `xml`, the invoice the store
 * stamped with its own provider for an order that asked for one (docs/decisions/053). Both files
 * are checked by what they hold and their size; they are kept with the order, the order is marked
 * "Facturado", and an e-mail carries both to the address the shopper gave. The route reads its own
 * body under the cap its entry point declares (app/lib/entry-points.ts), after the guard.
 */
import { attachInvoice } from "~/domain/orders/order-invoice.server";
import {
  INVOICE_FILE_MESSAGES,
  isCfdiXml,
  isPdf,
  MAX_INVOICE_PDF_BYTES,
  MAX_INVOICE_XML_BYTES,
} from "~/domain/invoices/invoice-files";
import { requireAccess } from "~/lib/entry-access.server";
import { entryPoint } from "~/lib/entry-points";
import { AppError } from "~/lib/errors";
import { answering } from "~/lib/http-errors.server";
import { readCappedForm } from "~/lib/limited-body.server";
import type { Route } from "./+types/order-invoice";

const MAX_BODY = entryPoint("admin-order-invoice").body.limit;

/** One of the two files, read and checked: its bytes, or the field's refusal. */
async function invoiceFile(form: FormData, field: "pdf" | "xml") {
  const file = form.get(field);
  const [wrong, tooLarge, limit, holds] =
    field === "pdf"
      ? [INVOICE_FILE_MESSAGES.pdf, INVOICE_FILE_MESSAGES.pdfTooLarge, MAX_INVOICE_PDF_BYTES, isPdf]
      : [INVOICE_FILE_MESSAGES.xml, INVOICE_FILE_MESSAGES.xmlTooLarge, MAX_INVOICE_XML_BYTES, isCfdiXml];
  if (!(file instanceof File) || file.size === 0) throw new AppError("VALIDATION", wrong, { field });
  if (file.size > limit) throw new AppError("TOO_LARGE", tooLarge, { field });
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!holds(bytes)) throw new AppError("VALIDATION", wrong, { field });
  return bytes;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { store } = await requireAccess(request, context, "admin-order-invoice");
  const options = {
    logger: context.logger,
    fallback: INVOICE_FILE_MESSAGES.failed,
    logLine: "invoice attach failed",
  };
  return answering(options, async () => {
    const form = await readCappedForm(request, MAX_BODY, {
      tooLarge: () => new AppError("TOO_LARGE", INVOICE_FILE_MESSAGES.pdfTooLarge, { field: "pdf" }),
      notAForm: () => new AppError("VALIDATION", INVOICE_FILE_MESSAGES.pdf, { field: "pdf" }),
    });
    const orderId = form.get("orderId");
    if (typeof orderId !== "string" || orderId.length === 0 || orderId.length > 40)
      throw new AppError("NOT_FOUND", INVOICE_FILE_MESSAGES.noInvoice);
    const pdf = await invoiceFile(form, "pdf");
    const xml = await invoiceFile(form, "xml");
    await attachInvoice(context.services.db, store.id, orderId, { pdf, xml });
    return { ok: true as const, message: INVOICE_FILE_MESSAGES.sent };
  });
}
