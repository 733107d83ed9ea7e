import { parseInvoiceForm, type InvoiceData, type InvoiceField } from "~/domain/invoices/invoice-form";
import { normalizeCode } from "~/domain/promotions/promotions";
import { MAX_CART_LINES } from "./cart";
import { DELIVERY_TYPES, type DeliveryType } from "./order-vocabulary";
import { ORDER_MESSAGES } from "./order-messages";
import { isPaymentMethod, parseCashAmount, PAYMENT_MESSAGES, type PaymentMethod } from "./payment";
import { NO_TIP, parseTipChoice, type TipChoice } from "./tips";

/**
 * The shopper's order form: one parser, run by the storefront for instant feedback
 * and by the server to enforce it.
 */

export { ORDER_MESSAGES };

/** Below what an order's numeric(12,2) total can hold. */
export const MAX_ORDER_TOTAL = 99_999_999.99;
export const NAME_MAX_LENGTH = 80;
export const PHONE_LENGTH = 10;
export const ADDRESS_MAX_LENGTH = 300;
export const COMMENTS_MAX_LENGTH = 300;
export const ORDER_NUMBER_MAX_LENGTH = 40;

const PHONE_PATTERN = /^\d{10}$/;
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * `quantity` is NaN when what was sent was not a number: pricing the line refuses it. `choices`
 * are the ids of the options picked (app/domain/products/choices.ts), as sent, none when absent:
 * duplicates and ids the product does not have are refused when the line is priced.
 */
export type OrderLineInput = { productId: string; variation: string; choices?: string[]; quantity: number };

/** Picks per line: more than any product can have (5 groups of 20 options). */
const MAX_LINE_CHOICES = 100;
export type OrderForm = {
  customerName: string;
  customerPhone: string;
  deliveryType: DeliveryType;
  address: string;
  comments: string;
  /** Generated with the form: a double tap, a retry or a reload places one order. */
  idempotencyKey: string;
  lines: OrderLineInput[];
  /** How the shopper pays, when the store asks; null otherwise. */
  paymentMethod?: PaymentMethod | null;
  /** "¿Con cuánto pagas?" for cash, when said. */
  cashAmount?: number | null;
  /** The delivery zone picked (its id) or the postal code typed, and the chosen slot, if any. */
  deliveryZone?: string;
  postalCode?: string;
  scheduledFor?: Date | null;
  /**
   * "¿Tienes un código?": the discount code typed, normalised (docs/decisions/036); "" for none.
   * Any discount or total the browser sends is dropped: the server prices the code itself.
   */
  couponCode?: string;
  /**
   * Propina (./tips.ts): none unless the shopper picks one. Any tip amount the browser computed is
   * dropped: the server works out a percentage from the subtotal itself.
   */
  tip?: TipChoice;
  /**
   * "Requiero factura": the shopper's fiscal data, checked as the SAT would
   * (app/domain/invoices); null or absent when not asked for. Only a store that allows it takes it.
   */
  invoice?: InvoiceData | null;
};
export type OrderFormInput = {
  [K in keyof OrderForm]: K extends "deliveryType" | "paymentMethod" | "cashAmount" | "scheduledFor" | "tip"
    ? string
    : K extends "invoice"
      ? Partial<Record<InvoiceField, string>> | null
      : OrderForm[K];
} & {
  /** With `tip: "own"`: the amount typed. */
  tipAmount?: string;
};
export type OrderField =
  | "customerName"
  | "customerPhone"
  | "deliveryType"
  | "address"
  | "comments"
  | "lines"
  | "paymentMethod"
  | "cashAmount"
  | "deliveryZone"
  | "scheduledFor"
  | "couponCode"
  | "tip"
  | "tipAmount"
  | `invoice.${InvoiceField}`;
export type OrderFieldErrors = Partial<Record<OrderField | "form", string>>;
export type OrderFormResult =
  { success: true; data: OrderForm } | { success: false; errors: OrderFieldErrors };

const text = (value: unknown) => (typeof value === "string" ? value.trim() : null);

/**
 * A line names a product and an option. Its quantity is not judged here: whether 0.75 or "dos"
 * is right depends on the product's unit (a kilo takes decimals, a piece does not), which only
 * the server knows when it prices the line, and words its refusal for that unit
 * (place-order/price.ts). The cart only ever sends well-formed quantities.
 */
type SentLine = { productId: string; variation: string; choices?: string[]; quantity?: unknown };

function isLine(value: unknown): value is SentLine {
  const line = value as Partial<Record<keyof OrderLineInput, unknown>> | null;
  return (
    typeof line === "object" &&
    line !== null &&
    typeof line.productId === "string" &&
    line.productId.length >= 1 &&
    line.productId.length <= 64 &&
    typeof line.variation === "string" &&
    line.variation.length <= 200 &&
    (line.choices === undefined || isChoiceList(line.choices))
  );
}

/** Absent (a cart saved before choices existed) is none; otherwise a short list of short ids. */
function isChoiceList(value: unknown): value is string[] {
  return (
    Array.isArray(value) &&
    value.length <= MAX_LINE_CHOICES &&
    value.every((id) => typeof id === "string" && id.length >= 1 && id.length <= 32)
  );
}

/** A quantity as sent: a number stays as it is (the server checks it against the product); anything else is NaN. */
const sentQuantity = (value: unknown): number => (typeof value === "number" ? value : Number.NaN);

/**
 * Parses the form; on failure, one message per field, every field at once. A hand-written
 * parser rather than a zod schema: the storefront ships without zod to stay inside its
 * JavaScript budget (docs/decisions/003-storefront-island.md). Extra fields (a tampered price
 * or total) are dropped.
 */
export function parseOrderForm(input: unknown): OrderFormResult {
  const raw = (typeof input === "object" && input !== null ? input : {}) as Record<string, unknown>;
  const errors: OrderFieldErrors = {};

  const customerName = text(raw.customerName) ?? "";
  if (customerName === "") errors.customerName = ORDER_MESSAGES.name;
  else if (customerName.length > NAME_MAX_LENGTH) errors.customerName = ORDER_MESSAGES.nameTooLong;

  const deliveryType = DELIVERY_TYPES.find((type) => type === raw.deliveryType);
  if (!deliveryType) errors.deliveryType = ORDER_MESSAGES.deliveryType;

  // Optional for a pickup; a delivery needs someone the courier can call.
  const customerPhone = text(raw.customerPhone) ?? "";
  if (customerPhone !== "" && !PHONE_PATTERN.test(customerPhone)) errors.customerPhone = ORDER_MESSAGES.phone;
  else if (customerPhone === "" && deliveryType === "delivery")
    errors.customerPhone = ORDER_MESSAGES.phoneForDelivery;

  // A pickup order has no address: one typed before switching to pickup is dropped, not checked.
  const address = deliveryAddress({ deliveryType, address: text(raw.address) ?? "" });
  if (address.length > ADDRESS_MAX_LENGTH) errors.address = ORDER_MESSAGES.addressTooLong;
  else if (deliveryType === "delivery" && address === "") errors.address = ORDER_MESSAGES.address;

  const comments = text(raw.comments) ?? "";
  if (comments.length > COMMENTS_MAX_LENGTH) errors.comments = ORDER_MESSAGES.comments;

  const lines = Array.isArray(raw.lines) ? raw.lines : [];
  if (lines.length === 0) errors.lines = ORDER_MESSAGES.emptyCart;
  else if (lines.length > MAX_CART_LINES) errors.lines = ORDER_MESSAGES.failure;
  else if (!lines.every(isLine)) errors.lines = ORDER_MESSAGES.quantity;

  const idempotencyKey = typeof raw.idempotencyKey === "string" ? raw.idempotencyKey : "";
  if (!KEY_PATTERN.test(idempotencyKey)) errors.form = ORDER_MESSAGES.failure;

  // Payment is asked only by stores that offer methods; the server checks it against them.
  const method = text(raw.paymentMethod) ?? "";
  const paymentMethod = method === "" ? null : isPaymentMethod(method) ? method : undefined;
  if (paymentMethod === undefined) errors.paymentMethod = PAYMENT_MESSAGES.method;
  const cash = paymentMethod === "cash" ? parseCashAmount(text(raw.cashAmount) ?? "") : null;
  if (cash === "invalid") errors.cashAmount = PAYMENT_MESSAGES.cashInvalid;

  const deliveryZone = deliveryType === "delivery" ? (text(raw.deliveryZone) ?? "").slice(0, 64) : "";
  const postalCode = deliveryType === "delivery" ? (text(raw.postalCode) ?? "").slice(0, 10) : "";
  const slot = text(raw.scheduledFor) ?? "";
  const scheduledFor = slot === "" ? null : new Date(slot);
  if (scheduledFor && Number.isNaN(scheduledFor.getTime())) errors.scheduledFor = ORDER_MESSAGES.failure;

  const couponCode = normalizeCode(typeof raw.couponCode === "string" ? raw.couponCode : "");

  const tip = parseTipChoice(raw.tip, raw.tipAmount);
  if (!tip.ok) errors[tip.field] = tip.message;
  // Asked for only when sent: a form without it (every store that does not offer it) is as before.
  const invoiceResult =
    raw.invoice === undefined || raw.invoice === null ? null : parseInvoiceForm(raw.invoice);
  if (invoiceResult && !invoiceResult.success)
    for (const [field, message] of Object.entries(invoiceResult.errors))
      errors[`invoice.${field as InvoiceField}`] = message;

  if (Object.keys(errors).length > 0) return { success: false, errors };
  return {
    success: true,
    data: {
      customerName,
      customerPhone,
      deliveryType: deliveryType!,
      address,
      comments,
      idempotencyKey,
      lines: (lines as SentLine[]).map(({ productId, variation, choices, quantity }) => ({
        productId,
        variation,
        choices: choices ?? [],
        quantity: sentQuantity(quantity),
      })),
      paymentMethod: paymentMethod ?? null,
      cashAmount: typeof cash === "number" ? cash : null,
      deliveryZone,
      postalCode,
      scheduledFor,
      couponCode,
      tip: tip.ok ? tip.choice : NO_TIP,
      invoice: invoiceResult?.success ? invoiceResult.data : null,
    },
  };
}

/**
 * The address an order keeps and shows: a delivery's, and none for a pickup. A shopper may type
 * an address and then choose pickup; the order number is the only key to "Mi Pedido", so an
 * address the store never needed must not be kept or shown.
 */
export function deliveryAddress(order: { deliveryType: DeliveryType | undefined; address: string }): string {
  return order.deliveryType === "delivery" ? order.address : "";
}

/** What the phone field keeps of what is typed: digits only, at most 10. */
export function normalizePhoneInput(value: string): string {
  return value.replace(/\D/g, "").slice(0, PHONE_LENGTH);
}
