import { useState } from "react";
import type { CartItem } from "./use-order-form";
import { normalizeCode, PROMOTION_MESSAGES, type CartCode } from "~/domain/promotions/promotions";
import { postCouponCheck } from "../storefront-api";
import { INPUT } from "./form-styles";

/**
 * "¿Tienes un código?": what the shopper typed, the code the server accepted for this cart, and
 * why it did not (docs/decisions/036). The cart then prices the code itself with the shared rules
 * as the shopper changes it; the order prices it again on the server.
 */
export function useCoupon(storeId: string, items: CartItem[], phone: () => string) {
  const [typed, setTyped] = useState("");
  const [applied, setApplied] = useState<CartCode | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  async function apply() {
    const code = normalizeCode(typed);
    if (code === "" || checking) return;
    setChecking(true);
    setError(null);
    const result = await postCouponCheck(storeId, {
      code,
      phone: phone(),
      lines: items.map(({ line }) => line),
    });
    setChecking(false);
    if (result.ok) {
      setApplied(result.code);
      setTyped(result.code.code);
      return;
    }
    setApplied(null);
    setError(("fieldErrors" in result && result.fieldErrors?.couponCode) || result.message);
  }
  function remove() {
    setApplied(null);
    setTyped("");
    setError(null);
  }
  return { typed, setTyped, applied, error, setError, checking, apply, remove };
}

export type Coupon = ReturnType<typeof useCoupon>;

/**
 * The code's field and button, in a form of its own (Enter applies the code, never places the
 * order); its error beside it, the server's at the order's time included.
 */
export function CouponField({
  coupon,
  refusal,
  onChange,
}: {
  coupon: Coupon;
  refusal: string | null;
  /** The code was removed or retyped: the order's refusal of the old one no longer stands. */
  onChange: () => void;
}) {
  const error = coupon.error ?? refusal;
  return (
    <form
      noValidate
      className="mt-3 border-t border-stone-300 pt-3"
      onSubmit={(event) => {
        event.preventDefault();
        void coupon.apply();
      }}
    >
      <label htmlFor="sf-couponCode" className="block font-semibold">
        ¿Tienes un código?
      </label>
      {coupon.applied ? (
        <p className="mt-1 flex flex-wrap items-center justify-between gap-2">
          {/* Applied, unless the cart changed so that it no longer takes anything: the reason shows below. */}
          <span data-testid="coupon-applied">
            {error ? `Código ${coupon.applied.code}` : `Código ${coupon.applied.code} aplicado.`}
          </span>
          <button
            type="button"
            onClick={() => {
              coupon.remove();
              onChange();
            }}
            className="min-h-11 rounded-lg px-3 font-semibold underline"
          >
            Quitar código
          </button>
        </p>
      ) : (
        <div className="mt-1 flex gap-2">
          <input
            id="sf-couponCode"
            name="couponCode"
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={32}
            value={coupon.typed}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "sf-couponCode-error" : "sf-couponCode-hint"}
            onChange={(event) => {
              coupon.setTyped(event.currentTarget.value);
              onChange();
              coupon.setError(null);
            }}
            className={`${INPUT} min-w-0 flex-1 uppercase`}
          />
          <button
            type="submit"
            disabled={coupon.checking || coupon.typed.trim() === ""}
            className="min-h-11 shrink-0 rounded-lg bg-[var(--store-primary)] px-4 font-semibold text-[var(--store-on-primary)] disabled:opacity-60"
          >
            {coupon.checking ? "Revisando…" : "Aplicar"}
          </button>
        </div>
      )}
      {error ? (
        <p
          id="sf-couponCode-error"
          role="alert"
          className="mt-1 rounded bg-white px-1 text-sm font-medium text-red-700"
        >
          {error}
        </p>
      ) : (
        <p id="sf-couponCode-hint" className="mt-1 text-sm">
          {PROMOTION_MESSAGES.combination}
        </p>
      )}
    </form>
  );
}
