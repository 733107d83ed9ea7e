import { FieldError } from "~/components/field";
import { formatMoney } from "~/domain/money/money";
import type { OrderFieldErrors } from "~/domain/orders/order-form";
import { CHECKOUT_MESSAGES } from "~/domain/payments/checkout";
import { changeToBring, PAYMENT_LABELS, parseCashAmount } from "~/domain/orders/payment";
import type { StorefrontStore } from "~/domain/storefront/catalogue.server";
import { AmountField } from "./amount-field";
import { groupAria } from "./form-styles";
import type { OrderFormValues, SetField } from "./use-order-form";

/** How the shopper pays, among the store's methods, and for cash what they pay with. */
export function PaymentFields({
  methods,
  values,
  errors,
  set,
  total,
}: {
  methods: StorefrontStore["paymentMethods"];
  values: OrderFormValues;
  errors: OrderFieldErrors;
  set: SetField;
  total: number;
}) {
  return (
    <>
      {methods.length > 0 ? (
        <fieldset {...groupAria(errors, "paymentMethod")}>
          <legend className="mb-1 text-sm font-medium">¿Cómo vas a pagar?</legend>
          <div className="space-y-2">
            {methods.map((method) => (
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
                {method === "mercadopago" ? CHECKOUT_MESSAGES.offer : PAYMENT_LABELS[method]}
              </label>
            ))}
          </div>
          {errors.paymentMethod ? (
            <FieldError id="sf-paymentMethod-error" message={errors.paymentMethod} tone="store" />
          ) : null}
        </fieldset>
      ) : null}
      {values.paymentMethod === "cash" ? (
        <AmountField
          field="cashAmount"
          label="¿Con cuánto pagas? (opcional)"
          hint={cashHint(total, values.cashAmount)}
          example={500}
          values={values}
          errors={errors}
          set={set}
        />
      ) : null}
    </>
  );
}

/** What the shopper reads under the cash field: the change the store will bring. */
function cashHint(total: number, typed: string): string {
  const amount = parseCashAmount(typed);
  if (typeof amount !== "number") return "Así la tienda lleva cambio.";
  const change = changeToBring(total, amount);
  return change === null ? "Debe cubrir el total." : `Tu cambio: ${formatMoney(change)}.`;
}
