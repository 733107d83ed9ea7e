import { ActionMessage } from "~/components/action-message";
import { useFormAction } from "~/components/forms/use-form-action";
import { INVOICE_FILE_MESSAGES } from "~/domain/invoices/invoice-files";
import { invoiceCopyText } from "~/domain/invoices/invoice-form";
import { findRegimen, findUso } from "~/domain/invoices/sat-catalogues";
import type { OwnerOrder } from "~/domain/orders/owner-orders.server";
import { formatOrderDate } from "~/domain/orders/order-vocabulary";
import { CopyButton } from "./copy-button";

type Invoice = NonNullable<OwnerOrder["invoice"]>;

/**
 * "Requiero factura" on an order (docs/decisions/053): the shopper's fiscal data, "Copiar datos"
 * for the owner's invoicing tool, "Marcar como facturado", and the PDF and XML sent to the shopper.
 */
export function OrderInvoicePanel({ orderId, invoice }: { orderId: string; invoice: Invoice }) {
  const mark = useFormAction("/i/admin/orders", INVOICE_FILE_MESSAGES.failed);
  const attach = useFormAction("/i/admin/orders/factura", INVOICE_FILE_MESSAGES.failed);
  const regimen = findRegimen(invoice.regimenFiscal);
  const uso = findUso(invoice.usoCfdi);
  const fileError = (field: "pdf" | "xml") =>
    attach.result && !attach.result.ok ? attach.result.fieldErrors?.[field] : undefined;
  return (
    <section
      aria-label={`Factura de la orden ${orderId}`}
      className="space-y-3 rounded-lg border border-stone-300 bg-stone-50 p-3"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">Factura</h3>
        <p className={`text-sm font-semibold ${invoice.invoicedAt ? "text-green-800" : "text-amber-900"}`}>
          {invoice.invoicedAt ? `Facturado · ${formatOrderDate(invoice.invoicedAt)}` : "Factura solicitada"}
        </p>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-stone-600">RFC</dt>
        <dd className="font-mono">{invoice.rfc}</dd>
        <dt className="text-stone-600">Nombre o razón social</dt>
        <dd>{invoice.name}</dd>
        <dt className="text-stone-600">Régimen fiscal</dt>
        <dd>
          {invoice.regimenFiscal}
          {regimen ? ` · ${regimen.name}` : ""}
        </dd>
        <dt className="text-stone-600">Uso del CFDI</dt>
        <dd>
          {invoice.usoCfdi}
          {uso ? ` · ${uso.name}` : ""}
        </dd>
        <dt className="text-stone-600">Código postal</dt>
        <dd>{invoice.postalCode}</dd>
        <dt className="text-stone-600">Correo</dt>
        <dd className="break-all">{invoice.email}</dd>
      </dl>
      <div className="flex flex-wrap gap-2">
        <CopyButton text={invoiceCopyText(invoice)} label="Copiar datos" />
        {invoice.invoicedAt ? null : (
          <form method="post" action="/i/admin/orders" onSubmit={mark.handleSubmit}>
            <input type="hidden" name="intent" value="invoiced" />
            <input type="hidden" name="orderId" value={orderId} />
            <button
              type="submit"
              disabled={mark.submitting}
              className="rounded-lg border border-green-700 bg-white px-3 py-2 text-sm font-semibold text-green-800 hover:bg-green-50 disabled:opacity-70"
            >
              Marcar como facturado
            </button>
          </form>
        )}
      </div>
      <ActionMessage result={mark.result} onRetry={mark.retry} />
      <form
        method="post"
        action="/i/admin/orders/factura"
        encType="multipart/form-data"
        onSubmit={attach.handleSubmit}
        className="space-y-2"
      >
        <input type="hidden" name="orderId" value={orderId} />
        <p className="text-sm font-medium">
          {invoice.sentAt
            ? `Factura enviada a ${invoice.email} · ${formatOrderDate(invoice.sentAt)}`
            : "Adjunta el PDF y el XML para enviarlos a su correo"}
        </p>
        <InvoiceFileInput name="pdf" label="PDF" accept="application/pdf,.pdf" error={fileError("pdf")} />
        <InvoiceFileInput
          name="xml"
          label="XML"
          accept="application/xml,text/xml,.xml"
          error={fileError("xml")}
        />
        <button
          type="submit"
          disabled={attach.submitting}
          className="rounded-lg bg-stone-800 px-3 py-2 text-sm font-semibold text-white hover:bg-stone-900 disabled:opacity-70"
        >
          {invoice.sentAt ? "Enviar de nuevo" : "Enviar factura"}
        </button>
        <ActionMessage result={attach.result} onRetry={attach.retry} />
      </form>
    </section>
  );
}

function InvoiceFileInput({
  name,
  label,
  accept,
  error,
}: {
  name: "pdf" | "xml";
  label: string;
  accept: string;
  error: string | undefined;
}) {
  return (
    <label className="block text-sm">
      <span className="mb-1 block font-medium">{label}</span>
      <input
        type="file"
        name={name}
        accept={accept}
        aria-invalid={error ? true : undefined}
        className="block w-full text-sm"
      />
      {error ? <span className="mt-1 block font-medium text-red-700">{error}</span> : null}
    </label>
  );
}
