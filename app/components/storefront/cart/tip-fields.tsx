import { FieldError } from "~/components/field";
import { formatMoney } from "~/domain/money/money";
import type { OrderFieldErrors } from "~/domain/orders/order-form";
import { ownTipCap, percentTip, type TipOffer } from "~/domain/orders/tips";
import { AmountField } from "./amount-field";
import { groupAria } from "./form-styles";
import type { OrderFormValues, SetField } from "./use-order-form";

const CHOICE =
  "flex min-h-11 items-center gap-3 rounded-lg border border-stone-400 bg-white p-3 font-semibold text-stone-900 has-[:checked]:border-[var(--store-primary)] has-[:checked]:ring-2 has-[:checked]:ring-[var(--store-primary)]";

/**
 * "Propina": a radio group of "Sin propina" (chosen until the shopper picks another), the store's
 * percentages of the subtotal after discounts with their amounts, and "Otra cantidad" when the
 * store takes one. The server works out the same amounts itself (app/domain/orders/tips.ts).
 */
export function TipFields({
  offer,
  base,
  values,
  errors,
  set,
}: {
  offer: TipOffer;
  /** The subtotal after discounts, without the delivery: what a percentage is of. */
  base: number;
  values: OrderFormValues;
  errors: OrderFieldErrors;
  set: SetField;
}) {
  const chosen = values.tip === "" ? "none" : values.tip;
  const aria = groupAria(errors, "tip");
  return (
    <>
      <fieldset
        aria-invalid={aria["aria-invalid"]}
        aria-describedby={["sf-tip-base", aria["aria-describedby"]].filter(Boolean).join(" ")}
      >
        <legend className="mb-1 text-sm font-medium">Propina</legend>
        <p id="sf-tip-base" className="mb-2 text-sm opacity-90">
          Los porcentajes son del subtotal con descuentos ({formatMoney(base)}), sin el envío.
        </p>
        <div className="grid grid-cols-2 gap-2">
          <TipChoice value="none" chosen={chosen} onChoose={set("tip")}>
            Sin propina
          </TipChoice>
          {offer.percentages.map((percent) => (
            <TipChoice key={percent} value={String(percent)} chosen={chosen} onChoose={set("tip")}>
              <span>
                {percent} %
                <span className="block text-sm font-normal">{formatMoney(percentTip(base, percent))}</span>
              </span>
            </TipChoice>
          ))}
          {offer.ownAmount ? (
            <TipChoice value="own" chosen={chosen} onChoose={set("tip")}>
              Otra cantidad
            </TipChoice>
          ) : null}
        </div>
        {errors.tip ? <FieldError id="sf-tip-error" message={errors.tip} tone="store" /> : null}
      </fieldset>
      {chosen === "own" && offer.ownAmount ? (
        <AmountField
          field="tipAmount"
          label="¿Cuánto de propina?"
          hint={`Hasta ${formatMoney(ownTipCap(base))}.`}
          example={20}
          values={values}
          errors={errors}
          set={set}
        />
      ) : null}
    </>
  );
}

/** One of the tip's radio buttons, its label around it. */
function TipChoice({
  value,
  chosen,
  onChoose,
  children,
}: {
  value: string;
  chosen: string;
  onChoose: (value: string) => void;
  children: React.ReactNode;
}) {
  return (
    <label className={CHOICE}>
      <input
        type="radio"
        name="tip"
        value={value}
        checked={chosen === value}
        onChange={() => onChoose(value)}
        className="size-5 shrink-0"
      />
      {children}
    </label>
  );
}
