import { useEffect, useRef, useState } from "react";
import { lineTotal, orderTotal, type CartLine } from "~/domain/orders/cart";
import { formatMoney } from "~/domain/orders/money";
import {
  COMMENTS_MAX_LENGTH,
  DELIVERY_LABELS,
  normalizePhoneInput,
  parseOrderForm,
  type OrderFieldErrors,
} from "~/domain/orders/order-form";
import type { OrderSummary } from "~/domain/orders/order-summary";
import type { StorefrontProduct, StorefrontStore } from "~/domain/storefront/catalogue.server";
import { postOrder } from "./storefront-api";
import { OrderConfirmation } from "./order-confirmation";

export const ORDER_BUTTON_ANIMATION_MS = 600;

type CartItem = { line: CartLine; product: StorefrontProduct };

type Props = {
  store: StorefrontStore;
  items: CartItem[];
  orderKey: string;
  onIncrement: (index: number) => void;
  onDecrement: (index: number) => void;
  onUnavailable: (line: { productId: string; variation: string }) => void;
  onPlaced: (order: OrderSummary, customerName: string) => void;
  confirmation: { order: OrderSummary; customerName: string } | null;
  onContinue: () => void;
};

const EMPTY_FORM = { customerName: "", customerPhone: "", deliveryType: "", address: "", comments: "" };

export function CartPanel(props: Props) {
  if (props.confirmation) {
    return <OrderConfirmation store={props.store} {...props.confirmation} onContinue={props.onContinue} />;
  }
  return <CartAndForm {...props} />;
}

function CartAndForm({ store, items, orderKey, onIncrement, onDecrement, onUnavailable, onPlaced }: Props) {
  const deliveryOptions = (["pickup", "delivery"] as const).filter((type) =>
    type === "pickup" ? store.allowPickup : store.allowDelivery,
  );
  const [values, setValues] = useState({ ...EMPTY_FORM, deliveryType: deliveryOptions[0] ?? "" });
  const [errors, setErrors] = useState<OrderFieldErrors>({});
  const [sending, setSending] = useState(false);
  const [animating, setAnimating] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const animation = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(animation.current), []);

  const total = orderTotal(
    items.map(({ line, product }) => ({ price: product.price, quantity: line.quantity })),
  );
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
      setValues({ ...EMPTY_FORM, deliveryType: deliveryOptions[0] ?? "" });
      onPlaced(result.order, parsed.data.customerName);
      return;
    }
    if ("unavailable" in result && result.unavailable) onUnavailable(result.unavailable);
    setErrors("errors" in result && result.errors ? result.errors : { form: result.message });
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
                    <div className="flex items-center gap-2">
                      <button
                        type="button"
                        onClick={() => onDecrement(index)}
                        aria-label={
                          line.quantity === 1 ? `Quitar ${label} del carrito` : `Quitar uno de ${label}`
                        }
                        className="size-11 rounded-lg border border-stone-400 bg-white text-xl font-bold text-stone-900"
                      >
                        −
                      </button>
                      <span
                        className="min-w-8 text-center text-lg font-semibold"
                        aria-label={`Cantidad de ${label}`}
                      >
                        {line.quantity}
                      </span>
                      <button
                        type="button"
                        onClick={() => onIncrement(index)}
                        aria-label={`Agregar uno de ${label}`}
                        className="size-11 rounded-lg border border-stone-400 bg-white text-xl font-bold text-stone-900"
                      >
                        +
                      </button>
                    </div>
                    <p className="w-24 text-right font-semibold" aria-label={`Subtotal de ${label}`}>
                      {formatMoney(lineTotal({ price: product.price, quantity: line.quantity }))}
                    </p>
                  </li>
                );
              })}
            </ul>
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
        <Field id="sf-customerName" label="Nombre" error={errors.customerName}>
          <input
            id="sf-customerName"
            name="customerName"
            autoComplete="name"
            maxLength={80}
            value={values.customerName}
            onChange={(event) => set("customerName")(event.currentTarget.value)}
            className={INPUT}
            {...fieldProps("customerName")}
          />
        </Field>
        <Field
          id="sf-customerPhone"
          label="Teléfono (opcional)"
          error={errors.customerPhone}
          hint="10 dígitos, solo números."
        >
          <input
            id="sf-customerPhone"
            name="customerPhone"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            value={values.customerPhone}
            onChange={(event) => set("customerPhone")(normalizePhoneInput(event.currentTarget.value))}
            className={INPUT}
            {...fieldProps("customerPhone")}
            aria-describedby={errors.customerPhone ? "sf-customerPhone-error" : "sf-customerPhone-hint"}
          />
        </Field>
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
            <ErrorText id="sf-deliveryType-error">{errors.deliveryType}</ErrorText>
          ) : null}
        </fieldset>
        {values.deliveryType === "delivery" ? (
          <Field id="sf-address" label="Dirección de entrega" error={errors.address}>
            <textarea
              id="sf-address"
              name="address"
              autoComplete="street-address"
              rows={2}
              maxLength={300}
              value={values.address}
              onChange={(event) => set("address")(event.currentTarget.value)}
              className={INPUT}
              {...fieldProps("address")}
            />
          </Field>
        ) : null}
        <Field id="sf-comments" label="Comentarios (opcional)" error={errors.comments}>
          <textarea
            id="sf-comments"
            name="comments"
            rows={3}
            maxLength={COMMENTS_MAX_LENGTH}
            value={values.comments}
            onChange={(event) => set("comments")(event.currentTarget.value)}
            className={INPUT}
            {...fieldProps("comments")}
            aria-describedby={errors.comments ? "sf-comments-error" : "sf-comments-counter"}
          />
          <p id="sf-comments-counter" className="mt-1 text-right text-sm">
            {values.comments.length}/{COMMENTS_MAX_LENGTH}
          </p>
        </Field>
        {errors.form || errors.lines ? (
          <p role="alert" className="rounded-lg bg-red-50 p-3 font-medium text-red-800">
            {errors.form ?? errors.lines}
          </p>
        ) : null}
        <button
          type="submit"
          disabled={items.length === 0 || sending}
          className={`w-full rounded-lg bg-[var(--store-primary)] px-4 py-3 text-lg font-semibold text-[var(--store-on-primary)] disabled:cursor-not-allowed disabled:opacity-60 ${animating ? "animate-pulse" : ""}`}
        >
          {sending ? "Enviando pedido…" : `Hacer pedido${items.length > 0 ? ` · ${formatMoney(total)}` : ""}`}
        </button>
      </form>
    </div>
  );
}

const INPUT =
  "block w-full rounded-lg border border-stone-400 bg-white px-3 py-2.5 text-base text-stone-900 aria-[invalid]:border-red-700";

function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: React.ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="mt-1 text-sm">
          {hint}
        </p>
      ) : null}
      {error ? <ErrorText id={`${id}-error`}>{error}</ErrorText> : null}
    </div>
  );
}

function ErrorText({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <p id={id} className="mt-1 rounded bg-white px-1 text-sm font-medium text-red-700">
      {children}
    </p>
  );
}
