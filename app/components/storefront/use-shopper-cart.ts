import { amountToPay } from "~/domain/orders/tips";
import { useEffect, useState } from "react";
import {
  addRefusal,
  addToCart,
  cartBadgeCount,
  decrementLine,
  incrementLine,
  resolveCart,
  setLineQuantity,
  type CartLine,
} from "~/domain/orders/cart";
import type { OrderSummary } from "~/domain/orders/order-summary";
import type { StorefrontProduct } from "~/domain/storefront/catalogue.server";
import { sameChoices } from "~/domain/products/choices";
import { quantityRule } from "~/domain/products/quantity";
import {
  firstViewThisVisit,
  loadCart,
  loadDeviceOrders,
  loadOrderKey,
  rememberDeviceOrder,
  renewOrderKey,
  saveCart,
  type DeviceOrder,
} from "./device-storage";
import { sendViewBeacon } from "./view-beacon";

/** The last order's confirmation; `paymentNotice` when the payment the shopper chose could not start. */
export type Confirmation = { order: OrderSummary; customerName: string; paymentNotice?: string };

/**
 * The shopper's cart on this device and what goes with it: the order's key, the orders placed
 * here, the notice of lines that were dropped and the last order's confirmation. Everything from
 * the browser's storage is read after hydration, in an effect, so the page renders the same on
 * the server and in the browser.
 */
export function useShopperCart(storeId: string, products: StorefrontProduct[]) {
  const [lines, setLines] = useState<CartLine[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [orderKey, setOrderKey] = useState("");
  const [deviceOrders, setDeviceOrders] = useState<DeviceOrder[]>([]);
  const [removedNotice, setRemovedNotice] = useState(false);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);

  useEffect(() => {
    const stored = loadCart(storeId);
    const { items, removed } = resolveCart(stored, products);
    setLines(items.map((item) => item.line));
    if (removed.length > 0) setRemovedNotice(true);
    setOrderKey(loadOrderKey(storeId));
    setDeviceOrders(loadDeviceOrders(storeId));
    setLoaded(true);
    if (firstViewThisVisit(storeId)) sendViewBeacon(storeId);
  }, [storeId, products]);

  useEffect(() => {
    if (loaded) saveCart(storeId, lines);
  }, [loaded, lines, storeId]);

  const items = resolveCart(lines, products).items;
  const ruleOf = (line: CartLine | undefined) => {
    const product = line && products.find((candidate) => candidate.id === line.productId);
    return product ? quantityRule(product) : undefined;
  };
  const badge = cartBadgeCount(items.map(({ line, product }) => ({ ...line, unit: product.unit })));

  return {
    items,
    loaded,
    orderKey,
    deviceOrders,
    removedNotice,
    confirmation,
    badge,
    /** Adds one step of the product, or answers why what is left does not allow it. */
    add: (product: StorefrontProduct, variation: string, choices: string[] = []) => {
      const refusal = addRefusal(lines, product, variation, choices, quantityRule(product));
      if (refusal) return refusal;
      setLines((current) => addToCart(current, product.id, variation, quantityRule(product), choices));
      return null;
    },
    increment: (index: number) =>
      setLines((current) => incrementLine(current, index, ruleOf(current[index]))),
    decrement: (index: number) =>
      setLines((current) => decrementLine(current, index, ruleOf(current[index]))),
    setQuantity: (index: number, quantity: number) =>
      setLines((current) => setLineQuantity(current, index, quantity)),
    /** The server refused a line whose product or a pick is gone: it leaves the cart, with a notice. */
    dropUnavailable: (line: { productId: string; variation: string; choices?: string[] }) => {
      setLines((current) =>
        current.filter(
          (l) =>
            !(
              l.productId === line.productId &&
              l.variation === line.variation &&
              sameChoices(l.choices ?? [], line.choices ?? [])
            ),
        ),
      );
      setRemovedNotice(true);
    },
    dismissRemovedNotice: () => setRemovedNotice(false),
    placed: (order: OrderSummary, customerName: string, paymentNotice?: string) => {
      setLines([]);
      setOrderKey(renewOrderKey(storeId));
      setDeviceOrders(
        rememberDeviceOrder(storeId, {
          number: order.number,
          createdAt: order.createdAt,
          // What the shopper pays, the tip included.
          total: amountToPay(order),
        }),
      );
      setConfirmation({ order, customerName, paymentNotice });
    },
    clearConfirmation: () => setConfirmation(null),
  };
}
