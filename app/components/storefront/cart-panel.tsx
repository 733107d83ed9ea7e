import { useEffect, useRef, useState } from "react";
import { FieldError, FieldFrame } from "~/components/field";
import { lineTotal, orderTotal, type CartLine } from "~/domain/orders/cart";
import { formatMoney } from "~/domain/orders/money";
import {
  COMMENTS_MAX_LENGTH,
  normalizePhoneInput,
  parseOrderForm,
  type OrderFieldErrors,
} from "~/domain/orders/order-form";
import type { OrderSummary } from "~/domain/orders/order-summary";
import { DELIVERY_LABELS } from "~/domain/orders/order-vocabulary";
import { changeToBring, PAYMENT_LABELS, parseCashAmount } from "~/domain/orders/payment";
import {
  deliveryCharge,
  findZone,
  normalizePostalCode,
  POSTAL_CODE_LENGTH,
  ZONE_MESSAGES,
} from "~/domain/orders/delivery-zones";
import { roundMoney } from "~/domain/orders/money";
import { QUANTITY_INPUT_MESSAGES, quantityRule } from "~/domain/products/quantity";
import type { StorefrontProduct, StorefrontStore } from "~/domain/storefront/catalogue.server";
import { postOrder } from "./storefront-api";
import { OrderConfirmation } from "./order-confirmation";
import { QuantityStepper } from "./quantity-stepper";

export const ORDER_BUTTON_ANIMATION_MS = 600;

type CartItem = { line: CartLine; product: StorefrontProduct };

type Props = {
  store: StorefrontStore;
  items: CartItem[];
  orderKey: string;
  onIncrement: (index: number) => void;
  onDecrement: (index: number) => void;
  /** A quantity the shopper typed, already checked against the product's step. */
  onQuantity: (index: number, quantity: number) => void;
  onUnavailable: (line: { productId: string; variation: string }) => void;
  onPlaced: (order: OrderSummary, customerName: string) => void;
  confirmation: { order: OrderSummary; customerName: string } | null;
  onContinue: () => void;
};

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
};

export function CartPanel(props: Props) {
  if (props.confirmation) {
    return <OrderConfirmation store={props.store} {...props.confirmation} onContinue={props.onContinue} />;
  }
  return <CartAndForm {...props} />;
}

function CartAndForm({
  store,
  items,
  orderKey,
  onIncrement,
  onDecrement,
  onQuantity,
  onUnavailable,
  onPlaced,
}: Props) {
  const deliveryOptions = (["pickup", "delivery"] as const).filter((type) =>
    type === "pickup" ? store.allowPickup : store.allowDelivery,
  );
  const firstChoices = {
    deliveryType: deliveryOptions[0] ?? "",
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

  const subtotal = orderTotal(
    items.map(({ line, product }) => ({ price: product.price, quantity: line.quantity })),
  );
  const { ordering, delivery } = store;
  const charge =
    values.deliveryType === "delivery"
      ? deliveryCharge(delivery, subtotal, { zoneId: values.deliveryZone, postalCode: values.postalCode })
      : null;
  const fee = charge?.ok ? charge.fee : 0;
  const total = roundMoney(subtotal + fee);
  const blocked = ordering.paused
    ? `Pedidos en pausa${ordering.paused.message ? ` · ${ordering.paused.message}` : ""}`
    : ordering.closed
      ? `${ordering.status?.text ?? "Cerrado"}. Vuelve cuando abramos para hacer tu pedido.`
      : null;
  // A postal code that belongs to a zone picks that zone; one that belongs to none says so until
  // the shopper picks a zone from the list.
  const postalCode = normalizePostalCode(values.postalCode);
  const postalZone = postalCode.length === POSTAL_CODE_LENGTH ? findZone(delivery, { postalCode }) : null;
  const postalError =
    postalCode.length === POSTAL_CODE_LENGTH &&
    !postalZone &&
    !values.deliveryZone &&
    errors.deliveryZone !== ZONE_MESSAGES.postalUnknown
      ? ZONE_MESSAGES.postalUnknown
      : undefined;
  function choosePostalCode(typed: string) {
    const code = normalizePostalCode(typed);
    const zone = code.length === POSTAL_CODE_LENGTH ? findZone(delivery, { postalCode: code }) : null;
    setValues((current) => ({
      ...current,
      postalCode: code,
      deliveryZone: zone ? zone.id : code.length === POSTAL_CODE_LENGTH ? "" : current.deliveryZone,
    }));
    if (errors.deliveryZone) setErrors((current) => ({ ...current, deliveryZone: undefined }));
  }
  const set = (field: keyof typeof EMPTY_FORM) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field as keyof OrderFieldErrors]) setErrors((current) => ({ ...current, [field]: undefined }));
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
    setSending(false);
    if (result.ok) {
      setValues({ ...EMPTY_FORM, ...firstChoices });
      onPlaced(result.order, parsed.data.customerName);
      return;
    }
    if ("unavailable" in result && result.unavailable) onUnavailable(result.unavailable);
    setErrors("fieldErrors" in result && result.fieldErrors ? result.fieldErrors : { form: result.message });
  }

  const fieldProps = (field: keyof OrderFieldErrors) => ({
    "aria-invalid": errors[field] ? (true as const) : undefined,
    "aria-describedby": errors[field] ? `sf-${field}-error` : undefined,
  });

  return (
    <div className="space-y-6">
      <section
        aria-labelledby="sf-cart-title"
        className="rounded-xl bg-[var(--store-panel)] p-4 text-[var(--store-on-panel)]"
      >
        <h2 id="sf-cart-title" className="mb-3 text-xl font-bold">
          Tu carrito
        </h2>
        {items.length === 0 ? (
          <p>Tu carrito está vacío. Agrega productos desde la pestaña Productos.</p>
        ) : (
          <>
            <ul className="divide-y divide-stone-300">
              {items.map(({ line, product }, index) => {
                const label = product.name + (line.variation ? ` (${line.variation})` : "");
                return (
                  <li
                    key={`${line.productId}:${line.variation}`}
                    className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3"
                  >
                    <div className="min-w-0 flex-1 basis-40">
                      <p className="font-semibold">{product.name}</p>
                      {line.variation ? <p className="text-sm">Opción: {line.variation}</p> : null}
                      <p className="text-sm">
                        {formatMoney(product.price)} / {product.unit}
                      </p>
                    </div>
                    <QuantityStepper
                      id={`sf-quantity-${index}`}
                      rule={quantityRule(product)}
                      quantity={line.quantity}
                      label={label}
                      onIncrement={() => onIncrement(index)}
                      onDecrement={() => onDecrement(index)}
                      onQuantity={(quantity) => onQuantity(index, quantity)}
                      onValidity={validity(`${line.productId}:${line.variation}`)}
                    />
                    <p className="ml-auto w-24 text-right font-semibold" aria-label={`Subtotal de ${label}`}>
                      {formatMoney(lineTotal({ price: product.price, quantity: line.quantity }))}
                    </p>
                  </li>
                );
              })}
            </ul>
            {values.deliveryType === "delivery" && (fee > 0 || delivery.zones.length > 0) ? (
              <p className="mt-3 flex justify-between border-t border-stone-300 pt-3">
                <span>Envío</span>
                <span data-testid="delivery-fee">{charge?.ok ? formatMoney(fee) : "Elige tu zona"}</span>
              </p>
            ) : null}
            <p className="mt-3 flex justify-between border-t border-stone-400 pt-3 text-lg font-bold">
              <span>Total</span>
              <span data-testid="cart-total">{formatMoney(total)}</span>
            </p>
          </>
        )}
      </section>

      <form
        ref={formRef}
        noValidate
        onSubmit={submit}
        aria-labelledby="sf-form-title"
        className="space-y-4 rounded-xl bg-[var(--store-panel)] p-4 text-[var(--store-on-panel)]"
      >
        <h2 id="sf-form-title" className="text-xl font-bold">
          Tus datos
        </h2>
        <FieldFrame
          id="sf-customerName"
          tone="store"
          label="Nombre"
          error={errors.customerName}
          control={(aria) => (
            <input
              {...aria}
              name="customerName"
              autoComplete="name"
              maxLength={80}
              value={values.customerName}
              onChange={(event) => set("customerName")(event.currentTarget.value)}
              className={INPUT}
            />
          )}
        />
        <FieldFrame
          id="sf-customerPhone"
          tone="store"
          label="Teléfono (opcional)"
          error={errors.customerPhone}
          hint="10 dígitos, solo números."
          control={(aria) => (
            <input
              {...aria}
              name="customerPhone"
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              value={values.customerPhone}
              onChange={(event) => set("customerPhone")(normalizePhoneInput(event.currentTarget.value))}
              className={INPUT}
            />
          )}
        />
        <fieldset {...fieldProps("deliveryType")}>
          <legend className="mb-1 text-sm font-medium">Entrega</legend>
          <div className="space-y-2">
            {deliveryOptions.map((type) => {
              const instructions = type === "pickup" ? store.pickupInstructions : store.deliveryInstructions;
              return (
                <label
                  key={type}
                  className="flex items-start gap-3 rounded-lg border border-stone-400 bg-white p-3 text-stone-900"
                >
                  <input
                    type="radio"
                    name="deliveryType"
                    value={type}
                    checked={values.deliveryType === type}
                    onChange={() => set("deliveryType")(type)}
                    className="mt-1 size-5"
                  />
                  <span>
                    <span className="block font-semibold">{DELIVERY_LABELS[type]}</span>
                    {instructions ? <span className="block text-sm">{instructions}</span> : null}
                  </span>
                </label>
              );
            })}
          </div>
          {errors.deliveryType ? (
            <FieldError id="sf-deliveryType-error" message={errors.deliveryType} tone="store" />
          ) : null}
        </fieldset>
        {values.deliveryType === "delivery" ? (
          <FieldFrame
            id="sf-address"
            tone="store"
            label="Dirección de entrega"
            error={errors.address}
            control={(aria) => (
              <textarea
                {...aria}
                name="address"
                autoComplete="street-address"
                rows={2}
                maxLength={300}
                value={values.address}
                onChange={(event) => set("address")(event.currentTarget.value)}
                className={INPUT}
              />
            )}
          />
        ) : null}
        {values.deliveryType === "delivery" && delivery.zones.some((zone) => zone.postalCodes.length > 0) ? (
          <FieldFrame
            id="sf-postalCode"
            tone="store"
            label="Código postal (opcional)"
            error={postalError}
            hint={postalZone ? ZONE_MESSAGES.postalMatch(postalZone.name) : ZONE_MESSAGES.postalHint}
            control={(aria) => (
              <input
                {...aria}
                name="postalCode"
                inputMode="numeric"
                autoComplete="postal-code"
                maxLength={POSTAL_CODE_LENGTH}
                placeholder="20000"
                value={values.postalCode}
                onChange={(event) => choosePostalCode(event.currentTarget.value)}
                className={INPUT}
              />
            )}
          />
        ) : null}
        {values.deliveryType === "delivery" && delivery.zones.length > 0 ? (
          <FieldFrame
            id="sf-deliveryZone"
            tone="store"
            label="Zona de entrega"
            error={
              errors.deliveryZone ??
              (charge && !charge.ok && values.deliveryZone ? charge.message : undefined)
            }
            control={(aria) => (
              <select
                {...aria}
                name="deliveryZone"
                value={values.deliveryZone}
                onChange={(event) => set("deliveryZone")(event.currentTarget.value)}
                className={INPUT}
              >
                <option value="">Elige tu colonia o zona</option>
                {delivery.zones.map((zone) => (
                  <option key={zone.id} value={zone.id}>
                    {zone.name} · envío {formatMoney(zone.fee)}
                    {zone.minimum > 0 ? ` · mínimo ${formatMoney(zone.minimum)}` : ""}
                  </option>
                ))}
              </select>
            )}
          />
        ) : null}
        {ordering.slots.length > 0 ? (
          <FieldFrame
            id="sf-scheduledFor"
            tone="store"
            label={ordering.asap ? "¿Para cuándo?" : "¿Para cuándo? (la tienda está cerrada ahora)"}
            error={errors.scheduledFor}
            control={(aria) => (
              <select
                {...aria}
                name="scheduledFor"
                value={values.scheduledFor}
                onChange={(event) => set("scheduledFor")(event.currentTarget.value)}
                className={INPUT}
              >
                <option value="">{ordering.asap ? "Lo antes posible" : "Elige el día y la hora"}</option>
                {ordering.slots.map((slot) => (
                  <option key={slot.start} value={slot.start}>
                    {slot.label}
                  </option>
                ))}
              </select>
            )}
          />
        ) : null}
        <FieldFrame
          id="sf-comments"
          tone="store"
          label="Comentarios (opcional)"
          error={errors.comments}
          control={(aria) => (
            <>
              <textarea
                {...aria}
                name="comments"
                rows={3}
                maxLength={COMMENTS_MAX_LENGTH}
                value={values.comments}
                onChange={(event) => set("comments")(event.currentTarget.value)}
                className={INPUT}
                aria-describedby={aria["aria-describedby"] ?? "sf-comments-counter"}
              />
              <p id="sf-comments-counter" className="mt-1 text-right text-sm">
                {values.comments.length}/{COMMENTS_MAX_LENGTH}
              </p>
            </>
          )}
        />
        {store.paymentMethods.length > 0 ? (
          <fieldset {...fieldProps("paymentMethod")}>
            <legend className="mb-1 text-sm font-medium">¿Cómo vas a pagar?</legend>
            <div className="space-y-2">
              {store.paymentMethods.map((method) => (
                <label
                  key={method}
                  className="flex items-center gap-3 rounded-lg border border-stone-400 bg-white p-3 font-semibold text-stone-900"
                >
                  <input
                    type="radio"
                    name="paymentMethod"
                    value={method}
                    checked={values.paymentMethod === method}
                    onChange={() => set("paymentMethod")(method)}
                    className="size-5"
                  />
                  {PAYMENT_LABELS[method]}
                </label>
              ))}
            </div>
            {errors.paymentMethod ? (
              <FieldError id="sf-paymentMethod-error" message={errors.paymentMethod} tone="store" />
            ) : null}
          </fieldset>
        ) : null}
        {values.paymentMethod === "cash" ? (
          <FieldFrame
            id="sf-cashAmount"
            tone="store"
            label="¿Con cuánto pagas? (opcional)"
            error={errors.cashAmount}
            hint={cashHint(total, values.cashAmount)}
            control={(aria) => (
              <input
                {...aria}
                name="cashAmount"
                inputMode="decimal"
                placeholder="Por ejemplo 500"
                value={values.cashAmount}
                onChange={(event) => set("cashAmount")(event.currentTarget.value)}
                className={INPUT}
              />
            )}
          />
        ) : null}
        {blocked ? (
          <p role="status" className="rounded-lg bg-amber-50 p-3 font-medium text-amber-950">
            {blocked}
          </p>
        ) : null}
        {errors.form || errors.lines ? (
          <p role="alert" className="rounded-lg bg-red-50 p-3 font-medium text-red-800">
            {errors.form ?? errors.lines}
          </p>
        ) : null}
        <button
          type="submit"
          disabled={items.length === 0 || sending || blocked !== null}
          className={`w-full rounded-lg bg-[var(--store-primary)] px-4 py-3 text-lg font-semibold text-[var(--store-on-primary)] disabled:cursor-not-allowed disabled:opacity-60 ${animating ? "animate-pulse" : ""}`}
        >
          {sending ? "Enviando pedido…" : `Hacer pedido${items.length > 0 ? ` · ${formatMoney(total)}` : ""}`}
        </button>
      </form>
    </div>
  );
}

/** What the shopper reads under the cash field: the change the store will bring. */
function cashHint(total: number, typed: string): string {
  const amount = parseCashAmount(typed);
  if (typeof amount !== "number") return "Así la tienda lleva cambio.";
  const change = changeToBring(total, amount);
  return change === null ? "Debe cubrir el total." : `Tu cambio: ${formatMoney(change)}.`;
}

const INPUT =
  "block w-full rounded-lg border border-stone-400 bg-white px-3 py-2.5 text-base text-stone-900 aria-[invalid]:border-red-700";
