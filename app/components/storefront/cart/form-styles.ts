import type { OrderFieldErrors } from "~/domain/orders/order-form";

export const INPUT =
  "block w-full rounded-lg border border-stone-400 bg-white px-3 py-2.5 text-base text-stone-900 aria-[invalid]:border-red-700";

/** A fieldset of radio buttons marked invalid, and pointing at its error, while it has one. */
export function groupAria(errors: OrderFieldErrors, field: keyof OrderFieldErrors) {
  return {
    "aria-invalid": errors[field] ? (true as const) : undefined,
    "aria-describedby": errors[field] ? `sf-${field}-error` : undefined,
  };
}
