import { FieldFrame } from "~/components/field";
import type { OrderFieldErrors } from "~/domain/orders/order-form";
import { INPUT } from "./form-styles";
import type { OrderFormValues, SetField } from "./use-order-form";

/** An amount in pesos the shopper types (the cash they pay with, a tip of their own), with its hint. */
export function AmountField({
  field,
  label,
  hint,
  example,
  values,
  errors,
  set,
}: {
  field: "cashAmount" | "tipAmount";
  label: string;
  hint: string;
  /** The amount the empty field suggests ("Por ejemplo …"). */
  example: number;
  values: OrderFormValues;
  errors: OrderFieldErrors;
  set: SetField;
}) {
  return (
    <FieldFrame
      id={`sf-${field}`}
      tone="store"
      label={label}
      error={errors[field]}
      hint={hint}
      control={(aria) => (
        <input
          {...aria}
          name={field}
          inputMode="decimal"
          placeholder={`Por ejemplo ${example}`}
          value={values[field]}
          onChange={(event) => set(field)(event.currentTarget.value)}
          className={INPUT}
        />
      )}
    />
  );
}
