import { useEffect, useState } from "react";
import { fitsRoom, type CartRoom } from "~/domain/products/stock";
import {
  formatQuantity,
  QUANTITY_INPUT_MESSAGES,
  quantityInputText,
  readTypedQuantity,
  stepUp,
  type QuantityRule,
  type TypedQuantity,
} from "~/domain/products/quantity";

/**
 * A cart line's − and + and, between them, its quantity, which the shopper may also type (the field
 * accepts decimals): "0.75" for kg, "250" for mL, whole pieces for pieza. A valid quantity goes
 * to the cart as it is typed. Anything else changes nothing in the cart: once the shopper leaves
 * the field it says why next to it and offers the nearest valid quantity, and the order waits
 * until it is fixed (a quantity the shopper did not choose is never ordered silently).
 * Where stock counts, neither + nor a typed quantity goes past what is left (`room`): the line
 * says why ("Solo quedan 3 de Oreja."), as it does when it already holds more than is left.
 */
export function QuantityStepper({
  id,
  rule,
  quantity,
  room = null,
  label,
  onIncrement,
  onDecrement,
  onQuantity,
  onValidity,
}: {
  id: string;
  rule: QuantityRule;
  quantity: number;
  /** The most this line may hold by the stock left (docs/decisions/041); null without a limit. */
  room?: CartRoom | null;
  /** The product and its option, as the buttons and the field name it. */
  label: string;
  onIncrement: () => void;
  onDecrement: () => void;
  onQuantity: (quantity: number) => void;
  onValidity: (valid: boolean) => void;
}) {
  const [text, setText] = useState(() => quantityInputText(quantity));
  const [left, setLeft] = useState(false);
  // + was pressed with no more left: said until the quantity moves.
  const [refusedUp, setRefusedUp] = useState(false);
  const { unit, step, minimum } = rule;
  useEffect(() => setRefusedUp(false), [quantity]);

  // + or − moved the quantity: the field shows it, unless what is typed already says it.
  useEffect(() => {
    setText((current) => {
      const typed = readTypedQuantity({ unit, step, minimum }, current);
      return typed.ok && typed.quantity === quantity ? current : quantityInputText(quantity);
    });
  }, [quantity, unit, step, minimum]);

  // The line's own quantity is the cart's, even past what is left (said below, the order decides);
  // a new one typed past it is refused.
  const read = readTypedQuantity(rule, text);
  const typed = read.ok && read.quantity === quantity ? read : withinRoom(read, room, minimum);
  const valid = typed.ok || text.trim() === "";
  useEffect(() => {
    onValidity(valid);
  }, [valid, onValidity]);
  useEffect(() => () => onValidity(true), [onValidity]);

  function change(value: string) {
    setText(value);
    const next = withinRoom(readTypedQuantity(rule, value), room, minimum);
    if (next.ok && next.quantity !== quantity) onQuantity(next.quantity);
  }

  function leave() {
    setLeft(true);
    // An emptied field goes back to the cart's quantity; "0,75" reads "0.75" from now on.
    if (text.trim() === "" || typed.ok) setText(quantityInputText(quantity));
  }

  // A typed quantity past what is left is said at once; other mistakes once the shopper leaves the field.
  const error = !typed.ok && (left || "stock" in typed) && text.trim() !== "" ? typed : null;
  const stockMessage = !error && room && (refusedUp || !fitsRoom(room, quantity)) ? room.message : null;
  const errorId = `${id}-error`;
  const stockId = `${id}-stock`;
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
          onClick={() => {
            if (fitsRoom(room, stepUp(rule, quantity))) return onIncrement();
            setRefusedUp(true);
          }}
          aria-label={`Agregar uno de ${label}`}
          aria-describedby={stockMessage ? stockId : undefined}
          className={STEP_BUTTON}
        >
          +
        </button>
      </div>
      {error ? (
        <p
          id={errorId}
          role="alert"
          className={`${MESSAGE} flex flex-wrap items-center gap-x-2 gap-y-1 font-medium text-red-700`}
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
      {stockMessage ? (
        <p id={stockId} role="alert" className={`${MESSAGE} font-semibold text-stone-900`}>
          {stockMessage}
        </p>
      ) : null}
    </>
  );
}

type CheckedQuantity = TypedQuantity | { ok: false; message: string; nearest: number | null; stock: true };

/** A typed quantity on the product's steps but past what is left: refused, offering the most left. */
function withinRoom(typed: TypedQuantity, room: CartRoom | null, minimum: number): CheckedQuantity {
  if (!typed.ok || fitsRoom(room, typed.quantity)) return typed;
  return {
    ok: false,
    message: room!.message,
    nearest: room!.most >= minimum ? room!.most : null,
    stock: true,
  };
}

const MESSAGE = "order-last basis-full rounded bg-white px-2 py-1 text-sm";

const STEP_BUTTON =
  "size-11 shrink-0 rounded-lg border border-stone-400 bg-white text-xl font-bold text-stone-900";
