import { FieldFrame } from "~/components/field";
import { COMMENTS_MAX_LENGTH, normalizePhoneInput, type OrderFieldErrors } from "~/domain/orders/order-form";
import { INPUT } from "./form-styles";
import type { OrderFormValues, SetField } from "./use-order-form";

/** Who orders: the shopper's name and a phone the store can call, optional for a pickup. */
export function CustomerFields({
  values,
  errors,
  set,
}: {
  values: OrderFormValues;
  errors: OrderFieldErrors;
  set: SetField;
}) {
  return (
    <>
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
        label={values.deliveryType === "delivery" ? "Teléfono" : "Teléfono (opcional)"}
        error={errors.customerPhone}
        hint="10 dígitos, solo números."
        control={(aria) => (
          <input
            {...aria}
            name="customerPhone"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            aria-required={values.deliveryType === "delivery" || undefined}
            value={values.customerPhone}
            onChange={(event) => set("customerPhone")(normalizePhoneInput(event.currentTarget.value))}
            className={INPUT}
          />
        )}
      />
    </>
  );
}

/** The shopper's note to the store, with how much room is left. */
export function CommentsField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <FieldFrame
      id="sf-comments"
      tone="store"
      label="Comentarios (opcional)"
      error={error}
      control={(aria) => (
        <>
          <textarea
            {...aria}
            name="comments"
            rows={3}
            maxLength={COMMENTS_MAX_LENGTH}
            value={value}
            onChange={(event) => onChange(event.currentTarget.value)}
            className={INPUT}
            aria-describedby={aria["aria-describedby"] ?? "sf-comments-counter"}
          />
          <p id="sf-comments-counter" className="mt-1 text-right text-sm">
            {value.length}/{COMMENTS_MAX_LENGTH}
          </p>
        </>
      )}
    />
  );
}
