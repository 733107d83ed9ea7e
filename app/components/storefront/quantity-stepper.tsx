import { useEffect, useState } from "react";
import {
  formatQuantity,
  QUANTITY_INPUT_MESSAGES,
  quantityInputText,
  readTypedQuantity,
  type QuantityRule,
} from "~/domain/products/quantity";

/**
 * A cart line's − and + and, between them, its quantity, which the shopper may also type (the field
 * accepts decimals): "0.75" for kg, "250" for mL, whole pieces for pieza. A valid quantity goes
 * to the cart as it is typed. Anything else changes nothing in the cart: once the shopper leaves
 * the field it says why next to it and offers the nearest valid quantity, and the order waits
 * until it is fixed (a quantity the shopper did not choose is never ordered silently).
 */
export function QuantityStepper({
  id,
  rule,
  quantity,
  label,
  onIncrement,
  onDecrement,
  onQuantity,
  onValidity,
}: {
  id: string;
  rule: QuantityRule;
  quantity: number;
  /** The product and its option, as the buttons and the field name it. */
  label: string;
  onIncrement: () => void;
  onDecrement: () => void;
  onQuantity: (quantity: number) => void;
  onValidity: (valid: boolean) => void;
}) {
  const [text, setText] = useState(() => quantityInputText(quantity));
  const [left, setLeft] = useState(false);
  const { unit, step, minimum } = rule;

  // + or − moved the quantity: the field shows it, unless what is typed already says it.
  useEffect(() => {
    setText((current) => {
      const typed = readTypedQuantity({ unit, step, minimum }, current);
      return typed.ok && typed.quantity === quantity ? current : quantityInputText(quantity);
    });
  }, [quantity, unit, step, minimum]);

  const typed = readTypedQuantity(rule, text);
  const valid = typed.ok || text.trim() === "";
  useEffect(() => {
    onValidity(valid);
  }, [valid, onValidity]);
  useEffect(() => () => onValidity(true), [onValidity]);

  function change(value: string) {
    setText(value);
    const next = readTypedQuantity(rule, value);
    if (next.ok && next.quantity !== quantity) onQuantity(next.quantity);
  }

  function leave() {
    setLeft(true);
    // An emptied field goes back to the cart's quantity; "0,75" reads "0.75" from now on.
    if (text.trim() === "" || typed.ok) setText(quantityInputText(quantity));
  }

  const error = !typed.ok && left && text.trim() !== "" ? typed : null;
  const errorId = `${id}-error`;
  // Two children of the cart line: the controls, and the message on a row of its own below.
  return (
    <>
      <div className="flex items-center gap-1.5">
        <button
          type="button"
          onClick={onDecrement}
          aria-label={quantity <= minimum ? `Quitar ${label} del carrito` : `Quitar uno de ${label}`}
          className={STEP_BUTTON}
        >
          −
        </button>
        <input
          id={id}
          type="text"
          inputMode={unit === "pieza" ? "numeric" : "decimal"}
          autoComplete="off"
          enterKeyHint="done"
          aria-label={`Cantidad de ${label}${unit === "pieza" ? "" : ` (${unit})`}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          value={text}
          onChange={(event) => change(event.currentTarget.value)}
          onBlur={leave}
          onKeyDown={(event) => {
            if (event.key === "Enter") leave();
          }}
          className="h-11 w-16 rounded-lg border border-stone-400 bg-white px-1 text-center text-lg font-semibold text-stone-900 aria-[invalid]:border-2 aria-[invalid]:border-red-700"
        />
        {unit === "pieza" ? null : (
          <span aria-hidden="true" className="text-sm font-semibold">
            {unit}
          </span>
        )}
        <button
          type="button"
          onClick={onIncrement}
          aria-label={`Agregar uno de ${label}`}
          className={STEP_BUTTON}
        >
          +
        </button>
      </div>
      {error ? (
        <p
          id={errorId}
          role="alert"
          className="order-last flex basis-full flex-wrap items-center gap-x-2 gap-y-1 rounded bg-white px-2 py-1 text-sm font-medium text-red-700"
        >
          <span>{error.message}</span>
          {error.nearest !== null ? (
            <button
              type="button"
              onClick={() => {
                onQuantity(error.nearest!);
                setText(quantityInputText(error.nearest!));
              }}
              className="rounded-md px-2 py-1 font-semibold text-stone-900 underline ring-1 ring-stone-400"
            >
              {QUANTITY_INPUT_MESSAGES.offerNearest(formatQuantity(error.nearest, unit))}
            </button>
          ) : null}
        </p>
      ) : null}
    </>
  );
}

const STEP_BUTTON =
  "size-11 shrink-0 rounded-lg border border-stone-400 bg-white text-xl font-bold text-stone-900";
