/**
 * The owner's side of "Requiero factura" (docs/decisions/053): the fiscal data of the store's
 * orders, "Marcar como facturado", and the PDF and XML sent to the shopper's e-mail. Every query
 * is scoped by the checked store id: another store's order is "not found".
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { inTransaction } from "~/db/after-commit.server";
import { orderInvoices, storeSettings } from "~/db/schema";
import { INVOICE_FILE_MESSAGES } from "~/domain/invoices/invoice-files";
import { composeMail } from "~/domain/mail/mail-text";
import { queueMail } from "~/domain/mail/mail.server";
import { AppError } from "~/lib/errors";
import { publishOrderEvent } from "./order-events.server";

/** What the panel shows of an order's request: the data, its state, and which files it holds. */
export type OwnerInvoice = {
  rfc: string;
  name: string;
  regimenFiscal: string;
  usoCfdi: string;
  postalCode: string;
  email: string;
  invoicedAt: Date | null;
  sentAt: Date | null;
  hasPdf: boolean;
  hasXml: boolean;
};

/** The requests of these orders of the store, by order id (none for an order that asked for none). */
export async function invoicesOf(db: Executor, storeId: string, orderIds: string[]) {
  const found = new Map<string, OwnerInvoice>();
  if (orderIds.length === 0) return found;
  const rows = await db
    .select({
      orderId: orderInvoices.orderId,
      rfc: orderInvoices.rfc,
      name: orderInvoices.name,
      regimenFiscal: orderInvoices.regimenFiscal,
      usoCfdi: orderInvoices.usoCfdi,
      postalCode: orderInvoices.postalCode,
      email: orderInvoices.email,
      invoicedAt: orderInvoices.invoicedAt,
      sentAt: orderInvoices.sentAt,
      hasPdf: sql<boolean>`${orderInvoices.pdf} is not null`,
      hasXml: sql<boolean>`${orderInvoices.xml} is not null`,
    })
    .from(orderInvoices)
    .where(and(eq(orderInvoices.storeId, storeId), inArray(orderInvoices.orderId, orderIds)));
  for (const { orderId, ...invoice } of rows) found.set(orderId, invoice);
  return found;
}

/** Whether an order asked for a factura, for its tracking page: "Factura solicitada" or "Facturado". */
export async function invoiceStateOf(db: Executor, storeId: string, orderId: string) {
  const [row] = await db
    .select({ invoicedAt: orderInvoices.invoicedAt })
    .from(orderInvoices)
    .where(and(eq(orderInvoices.storeId, storeId), eq(orderInvoices.orderId, orderId)));
  if (!row) return null;
  return row.invoicedAt ? ("invoiced" as const) : ("requested" as const);
}

/**
 * "Marcar como facturado": once; a second press keeps the first date. The open panels are told,
 * so a kept pending tab is rendered again.
 */
export function markInvoiced(db: Executor, storeId: string, orderId: string, now = new Date()) {
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .update(orderInvoices)
      .set({ invoicedAt: sql`coalesce(${orderInvoices.invoicedAt}, ${now.toISOString()}::timestamptz)` })
      .where(and(eq(orderInvoices.storeId, storeId), eq(orderInvoices.orderId, orderId)))
      .returning({ invoicedAt: orderInvoices.invoicedAt });
    if (!row) throw new AppError("NOT_FOUND", INVOICE_FILE_MESSAGES.noInvoice);
    await publishOrderEvent(tx, { type: "order.updated", storeId, orderId });
    return row.invoicedAt!;
  });
}

/**
 * Keeps the invoice's PDF and XML (already checked, app/domain/invoices/invoice-files.ts), marks
 * the order "Facturado" if it was not, and queues the e-mail that carries both to the address the
 * shopper gave, in one transaction: sent once it commits, retried by the mail job.
 */
export function attachInvoice(
  db: Executor,
  storeId: string,
  orderId: string,
  files: { pdf: Uint8Array; xml: Uint8Array },
  now = new Date(),
) {
  const pdf = Buffer.from(files.pdf);
  const xml = Buffer.from(files.xml);
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .update(orderInvoices)
      .set({
        pdf,
        xml,
        invoicedAt: sql`coalesce(${orderInvoices.invoicedAt}, ${now.toISOString()}::timestamptz)`,
        sentAt: now,
      })
      .where(and(eq(orderInvoices.storeId, storeId), eq(orderInvoices.orderId, orderId)))
      .returning({ email: orderInvoices.email, rfc: orderInvoices.rfc });
    if (!row) throw new AppError("NOT_FOUND", INVOICE_FILE_MESSAGES.noInvoice);
    const [store] = await tx
      .select({ name: storeSettings.displayName })
      .from(storeSettings)
      .where(eq(storeSettings.storeId, storeId));
    const storeName = store?.name || storeId;
    const mail = composeMail({
      to: row.email,
      fromName: storeName,
      subject: `Tu factura del pedido ${orderId} — ${storeName}`,
      paragraphs: [
        `${storeName} te envía la factura de tu pedido ${orderId}, a nombre del RFC ${row.rfc}.`,
        "Van adjuntos el PDF y el XML (el CFDI timbrado). Guarda el XML: es el comprobante fiscal.",
      ],
    });
    const base = `factura-${orderId}`;
    await queueMail(
      tx,
      {
        ...mail,
        attachments: [
          {
            filename: `${base}.pdf`,
            contentType: "application/pdf",
            base64: pdf.toString("base64"),
          },
          {
            filename: `${base}.xml`,
            contentType: "application/xml",
            base64: xml.toString("base64"),
          },
        ],
      },
      { orderRef: `${storeId}/${orderId}` },
    );
    await publishOrderEvent(tx, { type: "order.updated", storeId, orderId });
  });
}
