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
import { TipFields } from "./cart/tip-fields";
import { tipLabel } from "~/domain/orders/tips";
import { InvoiceFields, useInvoice } from "./cart/invoice-fields";
import { cartPricing, useOrderForm, type CartItem } from "./cart/use-order-form";
import { OrderConfirmation } from "./order-confirmation";
import type { Confirmation } from "./use-shopper-cart";

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
  onPlaced: (order: OrderSummary, customerName: string, paymentNotice?: string) => void;
  confirmation: Confirmation | null;
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
  const invoice = useInvoice(store.invoiceRequests);
  const form = useOrderForm({
    invoice,
    store,
    items,
    orderKey,
    couponCode: coupon.applied?.code ?? "",
    onUnavailable,
    onPlaced,
  });
  const { values, errors, set } = form;
  const pricing = cartPricing(store, items, values, coupon.applied);
  const { charge, fee, discounts, codeRefusal, toPay } = pricing;
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
        tip={
          pricing.tip > 0 ? { label: tipLabel(pricing.tipPercent), amount: formatMoney(pricing.tip) } : null
        }
        total={formatMoney(toPay)}
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
        {store.tips && items.length > 0 ? (
          <TipFields offer={store.tips} base={pricing.tipBase} values={values} errors={errors} set={set} />
        ) : null}
        <PaymentFields
          methods={store.paymentMethods}
          values={values}
          errors={errors}
          set={set}
          total={toPay}
        />
        {store.invoiceRequests ? (
          <InvoiceFields state={invoice} errors={errors} clearError={form.clearError} />
        ) : null}
        <OrderSubmit
          ordering={store.ordering}
          errors={errors}
          itemCount={items.length}
          sending={form.sending}
          animating={form.animating}
          total={toPay}
        />
      </form>
    </div>
  );
}
