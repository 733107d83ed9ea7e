/**
 * The first step of placing an order: what the shopper asks for, read against what the store
 * offers. Pure; the form itself was already checked field by field (parseOrderForm).
 */
import type { storeSettings } from "~/db/schema";
import { AppError } from "~/lib/errors";
import { INVOICE_MESSAGES, type InvoiceData } from "~/domain/invoices/invoice-form";
import { isQuantityShape } from "../cart";
import { ORDER_MESSAGES, type OrderForm, type OrderLineInput } from "../order-form";
import { PAYMENT_MESSAGES, type PaymentMethod } from "../payment";

export type StoreSettings = typeof storeSettings.$inferSelect;

export type OrderRequest = {
  /** Each product and option once. */
  lines: OrderLineInput[];
  /** One of the store's methods, or null when the store offers none. */
  paymentMethod: PaymentMethod | null;
  /** What the shopper pays with, kept only for cash. */
  cashAmount: number | null;
  /** "Requiero factura": the fiscal data to keep with the order, or null. */
  invoice?: InvoiceData | null;
};

/**
 * The order the form asks for, or the field the store refuses: a delivery type it does not
 * offer, a payment method other than one of its own, or a factura it does not offer.
 */
export function parseOrder(
  form: OrderForm,
  settings: Pick<StoreSettings, "allowPickup" | "allowDelivery" | "paymentMethods" | "allowInvoiceRequests">,
): OrderRequest {
  const allowed = form.deliveryType === "pickup" ? settings.allowPickup : settings.allowDelivery;
  if (!allowed)
    throw new AppError("VALIDATION", ORDER_MESSAGES.deliveryNotAllowed, { field: "deliveryType" });
  // A store that offers payment methods asks for one of them; one that offers none asks nothing.
  const offered = settings.paymentMethods;
  const paymentMethod = offered.length > 0 ? (form.paymentMethod ?? null) : null;
  if (offered.length > 0 && (paymentMethod === null || !offered.includes(paymentMethod)))
    throw new AppError("VALIDATION", PAYMENT_MESSAGES.method, { field: "paymentMethod" });
  const cashAmount = paymentMethod === "cash" ? (form.cashAmount ?? null) : null;
  // A factura asked of a store that does not allow it is refused, never dropped: the shopper would wait for it.
  const invoice = form.invoice ?? null;
  if (invoice && !settings.allowInvoiceRequests)
    throw new AppError("VALIDATION", INVOICE_MESSAGES.notOffered, { field: "invoice.rfc" });
  return { lines: mergeLines(form.lines), paymentMethod, cashAmount, invoice };
}

/**
 * The same product, option and choices (in any order) twice in one form count as one line; the
 * choices are kept as sent, so that pricing refuses the same pick twice. A line whose quantity is not
 * a well-formed one (0, negative, not a number) stays a line of its own, so that pricing refuses
 * it as it was sent rather than a sum that might look right (-1 and 2 are not 1).
 */
export function mergeLines(lines: OrderLineInput[]): OrderLineInput[] {
  const merged = new Map<string, OrderLineInput>();
  for (const [index, line] of lines.entries()) {
    const key = isQuantityShape(line.quantity)
      ? JSON.stringify([line.productId, line.variation, [...(line.choices ?? [])].sort()])
      : `malformed ${index}`;
    const seen = merged.get(key);
    merged.set(key, seen ? { ...seen, quantity: seen.quantity + line.quantity } : { ...line });
  }
  return [...merged.values()];
}
