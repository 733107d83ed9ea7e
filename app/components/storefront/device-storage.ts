import { sanitizeCart, type CartLine } from "~/domain/orders/cart";
import { randomId } from "~/lib/ids";

/**
 * What the storefront keeps in this browser, per store: the cart, the pending order's key
 * (so a reload after a lost answer resends the same key and places no second order) and the
 * orders placed from this device, for "Mi Pedido". Storage may be missing or full (private
 * mode): every call degrades to "nothing saved".
 */
export type DeviceOrder = { number: string; createdAt: string; total: number };

const key = (storeId: string, what: string) => `tianguis:${storeId}:${what}`;

function read(name: string): unknown {
  try {
    const raw = window.localStorage.getItem(name);
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

function write(name: string, value: unknown) {
  try {
    window.localStorage.setItem(name, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the page keeps working for this visit.
  }
}

export const loadCart = (storeId: string) => sanitizeCart(read(key(storeId, "cart")));
export const saveCart = (storeId: string, lines: CartLine[]) => write(key(storeId, "cart"), lines);

export function loadOrderKey(storeId: string): string {
  const stored = read(key(storeId, "order-key"));
  if (typeof stored === "string" && /^[A-Za-z0-9_-]{8,64}$/.test(stored)) return stored;
  return renewOrderKey(storeId);
}

export function renewOrderKey(storeId: string): string {
  const fresh = randomId(24);
  write(key(storeId, "order-key"), fresh);
  return fresh;
}

export function loadDeviceOrders(storeId: string): DeviceOrder[] {
  const stored = read(key(storeId, "orders"));
  if (!Array.isArray(stored)) return [];
  return stored.filter(
    (order): order is DeviceOrder =>
      typeof order?.number === "string" &&
      typeof order?.createdAt === "string" &&
      typeof order?.total === "number",
  );
}

export function rememberDeviceOrder(storeId: string, order: DeviceOrder): DeviceOrder[] {
  const orders = [order, ...loadDeviceOrders(storeId).filter((o) => o.number !== order.number)].slice(0, 20);
  write(key(storeId, "orders"), orders);
  return orders;
}

/** view_store_page once per visit: a visit is this browser tab's session. */
export function firstViewThisVisit(storeId: string): boolean {
  try {
    const name = key(storeId, "viewed");
    if (window.sessionStorage.getItem(name)) return false;
    window.sessionStorage.setItem(name, "1");
    return true;
  } catch {
    return true;
  }
}

/** The fiscal data of "Requiero factura", as typed: the shopper's own, so one key for every store. */
export type DeviceInvoice = {
  wanted: boolean;
  rfc: string;
  name: string;
  regimenFiscal: string;
  usoCfdi: string;
  postalCode: string;
  email: string;
};
const INVOICE_KEY = "tianguis:invoice";
const INVOICE_FIELDS = ["rfc", "name", "regimenFiscal", "usoCfdi", "postalCode", "email"] as const;

export function loadDeviceInvoice(): DeviceInvoice | null {
  const stored = read(INVOICE_KEY) as Record<string, unknown> | null;
  if (typeof stored !== "object" || stored === null) return null;
  const invoice = { wanted: stored.wanted === true } as DeviceInvoice;
  for (const field of INVOICE_FIELDS)
    invoice[field] = typeof stored[field] === "string" ? stored[field].slice(0, 254) : "";
  return invoice;
}

export const saveDeviceInvoice = (invoice: DeviceInvoice) => write(INVOICE_KEY, invoice);
