import { formatMoney } from "~/domain/money/money";
import type { OrderSummary } from "~/domain/orders/order-summary";
import type { StorefrontStore } from "~/domain/storefront/catalogue.server";
import { CartLines } from "./cart/cart-lines";
import { CommentsField, CustomerFields } from "./cart/customer-fields";
import { DeliveryFields } from "./cart/delivery-fields";
import { ScheduleField } from "./cart/schedule-field";
import { OrderingNotice, OrderSubmit } from "./cart/order-submit";
import { PaymentFields } from "./cart/payment-fields";
import { CouponField, useCoupon } from "./cart/coupon-field";
import { cartPricing, useOrderForm, type CartItem } from "./cart/use-order-form";
import { OrderConfirmation } from "./order-confirmation";

export { ORDER_BUTTON_ANIMATION_MS } from "./cart/use-order-form";

type Props = {
  store: StorefrontStore;
  items: CartItem[];
  orderKey: string;
  onIncrement: (index: number) => void;
  onDecrement: (index: number) => void;
  /** A quantity the shopper typed, already checked against the product's step. */
  onQuantity: (index: number, quantity: number) => void;
  onUnavailable: (line: { productId: string; variation: string; choices?: string[] }) => void;
  onPlaced: (order: OrderSummary, customerName: string) => void;
  confirmation: { order: OrderSummary; customerName: string } | null;
  onContinue: () => void;
};

export function CartPanel(props: Props) {
  if (props.confirmation) {
    return <OrderConfirmation store={props.store} {...props.confirmation} onContinue={props.onContinue} />;
  }
  return <CartAndForm {...props} />;
}

function CartAndForm({
  store,
  items,
  orderKey,
  onIncrement,
  onDecrement,
  onQuantity,
  onUnavailable,
  onPlaced,
}: Props) {
  // The phone typed so far, when the code is checked: a code once per phone says if it was used.
  const coupon = useCoupon(store.id, items, () => form.values.customerPhone);
  const form = useOrderForm({
    store,
    items,
    orderKey,
    couponCode: coupon.applied?.code ?? "",
    onUnavailable,
    onPlaced,
  });
  const { values, errors, set } = form;
  const { charge, fee, total, discounts, codeRefusal } = cartPricing(store, items, values, coupon.applied);
  const showsDeliveryFee = values.deliveryType === "delivery" && (fee > 0 || store.delivery.zones.length > 0);

  return (
    <div className="space-y-6">
      <OrderingNotice ordering={store.ordering} />
      <CartLines
        items={items}
        onIncrement={onIncrement}
        onDecrement={onDecrement}
        onQuantity={onQuantity}
        validity={form.validity}
        deliveryFee={showsDeliveryFee ? (charge?.ok ? formatMoney(fee) : "Elige tu zona") : null}
        discounts={discounts}
        coupon={
          store.takesCodes && items.length > 0 ? (
            <CouponField
              coupon={coupon}
              refusal={errors.couponCode ?? codeRefusal}
              onChange={() => form.clearError("couponCode")}
            />
          ) : null
        }
        total={formatMoney(total)}
      />

      <form
        ref={form.formRef}
        noValidate
        onSubmit={form.submit}
        aria-labelledby="sf-form-title"
        className="space-y-4 rounded-xl bg-[var(--store-panel)] p-4 text-[var(--store-on-panel)]"
      >
        <h2 id="sf-form-title" className="text-xl font-bold">
          Tus datos
        </h2>
        <CustomerFields values={values} errors={errors} set={set} />
        <DeliveryFields
          store={store}
          values={values}
          errors={errors}
          set={set}
          choosePostalCode={form.choosePostalCode}
          charge={charge}
        />
        <ScheduleField
          ordering={store.ordering}
          value={values.scheduledFor}
          error={errors.scheduledFor}
          onChange={set("scheduledFor")}
        />
        <CommentsField value={values.comments} error={errors.comments} onChange={set("comments")} />
        <PaymentFields
          methods={store.paymentMethods}
          values={values}
          errors={errors}
          set={set}
          total={total}
        />
        <OrderSubmit
          ordering={store.ordering}
          errors={errors}
          itemCount={items.length}
          sending={form.sending}
          animating={form.animating}
          total={total}
        />
      </form>
    </div>
  );
}
