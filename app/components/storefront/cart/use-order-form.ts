import { useEffect, useRef, useState } from "react";
import { orderTotal, type CartLine } from "~/domain/orders/cart";
import {
  deliveryCharge,
  findZone,
  normalizePostalCode,
  POSTAL_CODE_LENGTH,
} from "~/domain/orders/delivery-zones";
import { roundMoney } from "~/domain/money/money";
import { ORDER_MESSAGES, parseOrderForm, type OrderFieldErrors } from "~/domain/orders/order-form";
import type { OrderSummary } from "~/domain/orders/order-summary";
import type { ChosenGroup } from "~/domain/products/choices";
import { QUANTITY_INPUT_MESSAGES } from "~/domain/products/quantity";
import type { StorefrontProduct, StorefrontStore } from "~/domain/storefront/catalogue.server";
import { postOrder } from "../storefront-api";
import { amountToPay, orderTip, parseTipChoice, tipSettingsOf } from "~/domain/orders/tips";
import { cartCodeRule, orderDiscounts, type CartCode } from "~/domain/promotions/promotions";

export const ORDER_BUTTON_ANIMATION_MS = 600;

/** A cart line with its product, the price of one unit with its picks and their names (resolveCart). */
export type CartItem = { line: CartLine; product: StorefrontProduct; price: number; chosen: ChosenGroup[] };

const EMPTY_FORM = {
  customerName: "",
  customerPhone: "",
  deliveryType: "",
  address: "",
  comments: "",
  paymentMethod: "",
  cashAmount: "",
  deliveryZone: "",
  postalCode: "",
  scheduledFor: "",
  /** Propina: "" (none), a percentage offered ("15") or "own" with `tipAmount`. */
  tip: "",
  tipAmount: "",
};

export type OrderFormValues = typeof EMPTY_FORM;
/** Sets one field from what the shopper chose, and clears that field's error. */
export type SetField = (field: keyof OrderFormValues) => (value: string) => void;

/** The ways of receiving the order the store offers, pickup first. */
export function deliveryOptions(store: StorefrontStore) {
  return (["pickup", "delivery"] as const).filter((type) =>
    type === "pickup" ? store.allowPickup : store.allowDelivery,
  );
}

/**
 * What the order costs with the delivery the form has chosen so far, and the offers running by
 * the store's clock and the applied code (docs/decisions/036): the same rules the server prices
 * the order with. `codeRefusal` says why the applied code no longer gives a discount.
 */
export function cartPricing(
  store: StorefrontStore,
  items: CartItem[],
  values: OrderFormValues,
  code: CartCode | null = null,
  now = new Date(),
) {
  const priced = orderDiscounts(
    items.map(({ line, product, price }) => ({
      productId: line.productId,
      category: product.category,
      unit: product.unit,
      price,
      quantity: line.quantity,
    })),
    store.offers,
    code ? cartCodeRule(code) : null,
    now,
    store.timeZone,
  );
  const subtotal = roundMoney(
    orderTotal(items.map(({ line, price }) => ({ price, quantity: line.quantity }))) - priced.total,
  );
  const charge =
    values.deliveryType === "delivery"
      ? deliveryCharge(store.delivery, subtotal, {
          zoneId: values.deliveryZone,
          postalCode: values.postalCode,
        })
      : null;
  const fee = charge?.ok ? charge.fee : 0;
  const codeRefusal = priced.code && !priced.code.ok ? priced.code.message : null;
  const total = roundMoney(subtotal + fee);
  // The tip as the server will work it out; a choice it would refuse counts as none until fixed.
  const choice = parseTipChoice(values.tip, values.tipAmount);
  const tipped = choice.ok ? orderTip(tipSettingsOf(store.tips), choice.choice, subtotal) : null;
  const tip = tipped?.ok ? tipped.tip : { tip: 0, tipPercent: null };
  return {
    charge,
    fee,
    total,
    discounts: priced.discounts,
    codeRefusal,
    /** What a percentage is of: the subtotal after discounts, without the delivery. */
    tipBase: subtotal,
    ...tip,
    /** "Total a pagar": the total with the tip. */
    toPay: amountToPay({ total, tip: tip.tip }),
  };
}

/**
 * The checkout form's state: what the shopper typed, each field's error, the lines whose typed
 * quantity is not one the product is sold in, and the sending of the order.
 */
export function useOrderForm({
  store,
  items,
  orderKey,
  couponCode,
  onUnavailable,
  onPlaced,
  invoice,
}: {
  store: StorefrontStore;
  items: CartItem[];
  orderKey: string;
  /** The applied code, sent for the server to price; "" for none. */
  couponCode: string;
  onUnavailable: (line: { productId: string; variation: string; choices?: string[] }) => void;
  onPlaced: (order: OrderSummary, customerName: string, paymentNotice?: string) => void;
  /** "Requiero factura": what the order sends, and remembering it on this device once placed. */
  invoice?: { payload: () => Record<string, string> | null; remember: () => void };
}) {
  const firstChoices = {
    deliveryType: deliveryOptions(store)[0] ?? "",
    paymentMethod: store.paymentMethods[0] ?? "",
  };
  const [values, setValues] = useState({ ...EMPTY_FORM, ...firstChoices });
  const [errors, setErrors] = useState<OrderFieldErrors>({});
  const [sending, setSending] = useState(false);
  const [animating, setAnimating] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const animation = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(animation.current), []);
  // Lines whose typed quantity is not one the product is sold in: the order waits for them.
  const invalidQuantities = useRef(new Set<string>());
  const validators = useRef(new Map<string, (valid: boolean) => void>());
  const validity = (key: string) => {
    let report = validators.current.get(key);
    if (!report) {
      report = (valid: boolean) => {
        if (valid) invalidQuantities.current.delete(key);
        else invalidQuantities.current.add(key);
        if (invalidQuantities.current.size === 0)
          setErrors((current) =>
            current.lines === QUANTITY_INPUT_MESSAGES.fixFirst ? { ...current, lines: undefined } : current,
          );
      };
      validators.current.set(key, report);
    }
    return report;
  };

  function choosePostalCode(typed: string) {
    const code = normalizePostalCode(typed);
    const zone = code.length === POSTAL_CODE_LENGTH ? findZone(store.delivery, { postalCode: code }) : null;
    setValues((current) => ({
      ...current,
      postalCode: code,
      deliveryZone: zone ? zone.id : code.length === POSTAL_CODE_LENGTH ? "" : current.deliveryZone,
    }));
    if (errors.deliveryZone) setErrors((current) => ({ ...current, deliveryZone: undefined }));
  }
  const set: SetField = (field) => (value) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field as keyof OrderFieldErrors]) setErrors((current) => ({ ...current, [field]: undefined }));
    // A pickup needs no phone: the delivery's request for one no longer stands.
    if (field === "deliveryType" && errors.customerPhone === ORDER_MESSAGES.phoneForDelivery)
      setErrors((current) => ({ ...current, customerPhone: undefined }));
  };

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setAnimating(true);
    clearTimeout(animation.current);
    animation.current = setTimeout(() => setAnimating(false), ORDER_BUTTON_ANIMATION_MS);

    const input = {
      ...values,
      idempotencyKey: orderKey,
      lines: items.map(({ line }) => line),
      couponCode,
      invoice: invoice?.payload() ?? null,
    };
    if (invalidQuantities.current.size > 0) {
      setErrors({ lines: QUANTITY_INPUT_MESSAGES.fixFirst });
      document.querySelector<HTMLElement>("#sf-cart-title ~ ul [aria-invalid='true']")?.focus();
      return;
    }
    const parsed = parseOrderForm(input);
    if (!parsed.success) {
      setErrors(parsed.errors);
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus(),
      );
      return;
    }
    setErrors({});
    setSending(true);
    const result = await postOrder(store.id, input);
    if (result.ok && result.checkoutUrl) {
      // Placed, waiting for its payment: on to Mercado Pago, which sends the shopper back to the
      // order's tracking page. The button stays busy while the page leaves.
      invoice?.remember();
      setValues({ ...EMPTY_FORM, ...firstChoices });
      onPlaced(result.order, parsed.data.customerName);
      window.location.assign(result.checkoutUrl);
      return;
    }
    setSending(false);
    if (result.ok) {
      invoice?.remember();
      setValues({ ...EMPTY_FORM, ...firstChoices });
      // Placed, but Mercado Pago could not be opened: the confirmation says so, and where to pay.
      onPlaced(result.order, parsed.data.customerName, result.checkoutError);
      return;
    }
    if ("unavailable" in result && result.unavailable) onUnavailable(result.unavailable);
    setErrors("fieldErrors" in result && result.fieldErrors ? result.fieldErrors : { form: result.message });
  }

  /** Forgets a field's error the server gave (a code the shopper then removed or changed). */
  const clearError = (field: keyof OrderFieldErrors) =>
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));

  return { values, errors, sending, animating, formRef, validity, set, choosePostalCode, submit, clearError };
}
