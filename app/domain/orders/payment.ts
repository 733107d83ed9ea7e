/**
 * How a shopper pays: cash (with the change the owner brings), a bank transfer to
 * the owner's CLABE, a card at delivery, or online through the store's own Mercado Pago account
 * (app/domain/payments, docs/decisions/052). Pure: the storefront, the owner's panel and the
 * server share it.
 */
import { roundMoney, toCents } from "~/domain/money/money";
import { includesPlan } from "~/domain/stores/licence";
import type { LicenceType } from "~/domain/stores/licence-types";

export const PAYMENT_METHODS = ["cash", "transfer", "card", "mercadopago"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * The methods the owner ticks in Configuración. Mercado Pago is not among them: it is offered
 * while the store's account is linked (linking adds it to the store's methods, unlinking removes it).
 */
export const OWNER_CHOSEN_METHODS = ["cash", "transfer", "card"] as const satisfies readonly PaymentMethod[];

export const PAYMENT_LABELS: Record<PaymentMethod, string> = {
  cash: "Efectivo",
  transfer: "Transferencia o SPEI",
  card: "Tarjeta al recibir",
  mercadopago: "Tarjeta o Mercado Pago",
};

/** Online card payments come with the paid plans (Negocio and Pro), not with Emprendedor. */
export function hasCardPayments(tier: LicenceType): boolean {
  return includesPlan(tier, "basic");
}

/** The store's methods as its plan allows them today: a store back on Emprendedor takes no cards online. */
export function offeredMethods(methods: readonly PaymentMethod[], tier: LicenceType): PaymentMethod[] {
  return methods.filter((method) => method !== "mercadopago" || hasCardPayments(tier));
}

/** Where an order's payment stands, as the shopper and the owner read it. */
export type PaymentState = "none" | "waiting" | "paid" | "refunded";

export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  none: "",
  waiting: "Esperando pago",
  paid: "Pagado",
  refunded: "Reembolsado",
};

export function paymentState(order: {
  paymentMethod: PaymentMethod | null;
  paid: boolean;
  refunded?: boolean;
}): PaymentState {
  if (order.refunded) return "refunded";
  if (order.paid) return "paid";
  return order.paymentMethod === "mercadopago" ? "waiting" : "none";
}

export const PAYMENT_MESSAGES = {
  method: "Elige cómo vas a pagar.",
  cashBelowTotal: "La cantidad con la que pagas debe cubrir el total.",
  cashInvalid: "Escribe una cantidad válida, por ejemplo 500.",
  clabe: "La CLABE debe tener 18 dígitos y un dígito verificador válido.",
  bankRequired: "Para recibir transferencias escribe el banco, el titular y la CLABE.",
  reference: "La referencia puede tener como máximo 60 caracteres.",
} as const;

export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return typeof value === "string" && (PAYMENT_METHODS as readonly string[]).includes(value);
}

const CLABE_WEIGHTS = [3, 7, 1];

/**
 * A CLABE: 18 digits whose last one is the check digit of the first 17 (weights 3, 7, 1
 * repeated; each product taken modulo 10; the digit brings the sum to a multiple of 10).
 */
export function isValidClabe(value: string): boolean {
  if (!/^\d{18}$/.test(value)) return false;
  const digits = [...value].map(Number);
  const sum = digits
    .slice(0, 17)
    .reduce((total, digit, index) => total + ((digit * CLABE_WEIGHTS[index % 3]!) % 10), 0);
  return (10 - (sum % 10)) % 10 === digits[17];
}

/** The CLABE as people read it: groups of 3, 3, 11 and 1 digits. */
export function formatClabe(value: string): string {
  return /^\d{18}$/.test(value)
    ? `${value.slice(0, 3)} ${value.slice(3, 6)} ${value.slice(6, 17)} ${value.slice(17)}`
    : value;
}

/**
 * "¿Con cuánto pagas?": the amount the shopper will hand over, or null when not said. Pesos with
 * up to two decimals; a thousands comma is tolerated.
 */
export function parseCashAmount(raw: string): number | null | "invalid" {
  const text = raw.trim().replace(/^\$/, "").replace(/,/g, "");
  if (text === "") return null;
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(text)) return "invalid";
  return roundMoney(Number(text));
}

/** The change the owner brings: the amount handed over less the total, in centavos exactly. */
export function changeToBring(total: number, cashAmount: number | null): number | null {
  if (cashAmount === null) return null;
  const change = toCents(cashAmount) - toCents(total);
  return change < 0 ? null : change / 100;
}
