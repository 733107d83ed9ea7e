import { formatMoney } from "~/domain/money/money";
import type { OrderFieldErrors } from "~/domain/orders/order-form";
import type { StorefrontStore } from "~/domain/storefront/catalogue.server";

/** Why the store takes no order now (paused or closed), or null when it takes them. */
export function orderingBlocked(ordering: StorefrontStore["ordering"]): string | null {
  return ordering.paused
    ? `Pedidos en pausa${ordering.paused.message ? ` · ${ordering.paused.message}` : ""}`
    : ordering.closed
      ? `${ordering.status?.text ?? "Cerrado"}. Vuelve cuando abramos para hacer tu pedido.`
      : null;
}

const BLOCKED_ID = "sf-ordering-blocked";

/**
 * Why the store takes no order now, said at the top of the cart, before the shopper fills in the
 * form (the server refuses the order all the same). Nothing when the store takes orders.
 */
export function OrderingNotice({ ordering }: { ordering: StorefrontStore["ordering"] }) {
  const blocked = orderingBlocked(ordering);
  if (!blocked) return null;
  return (
    <p id={BLOCKED_ID} role="status" className="rounded-lg bg-amber-50 p-3 font-medium text-amber-950">
      {blocked}
    </p>
  );
}

/**
 * The end of the form: what went wrong, and the order button; while the store takes no order the
 * button waits, described by the notice at the top of the cart.
 */
export function OrderSubmit({
  ordering,
  errors,
  itemCount,
  sending,
  animating,
  total,
}: {
  ordering: StorefrontStore["ordering"];
  errors: OrderFieldErrors;
  itemCount: number;
  sending: boolean;
  animating: boolean;
  total: number;
}) {
  const blocked = orderingBlocked(ordering);
  return (
    <>
      {errors.form || errors.lines ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 font-medium text-red-800">
          {errors.form ?? errors.lines}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={itemCount === 0 || sending || blocked !== null}
        aria-describedby={blocked ? BLOCKED_ID : undefined}
        className={`w-full rounded-lg bg-[var(--store-primary)] px-4 py-3 text-lg font-semibold text-[var(--store-on-primary)] disabled:cursor-not-allowed disabled:opacity-60 ${animating ? "animate-pulse" : ""}`}
      >
        {sending ? "Enviando pedido…" : `Hacer pedido${itemCount > 0 ? ` · ${formatMoney(total)}` : ""}`}
      </button>
    </>
  );
}
