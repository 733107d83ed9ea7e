import type { OrderStep } from "~/domain/orders/order-steps";
import type { DeliveryType, OrderStatus } from "~/domain/orders/order-vocabulary";
import type { PaymentMethod } from "~/domain/orders/payment";
import type { ChosenGroup } from "~/domain/products/choices";
import type { AppliedDiscount } from "~/domain/promotions/promotions";
import type { ProductUnit } from "~/domain/products/product-units";

/** What a shopper may see of an order: never the customer's name or phone. */
export type OrderSummaryLine = {
  name: string;
  variation: string;
  /** The choices picked, as the order line keeps them. */
  choices: ChosenGroup[];
  quantity: number;
  unit: ProductUnit;
  price: number;
};
export type OrderSummary = {
  number: string;
  status: OrderStatus;
  createdAt: string;
  deliveryType: DeliveryType;
  address: string;
  comments: string;
  total: number;
  lines: OrderSummaryLine[];
  /** The last intermediate step, why it was cancelled, and how it is paid. */
  step: OrderStep | null;
  cancelReason: string;
  paymentMethod: PaymentMethod | null;
  cashAmount: number | null;
  paid: boolean;
  /** A card payment given back through its provider (docs/decisions/052). */
  refunded: boolean;
  transferReported: boolean;
  /** When a scheduled order is due, the delivery zone and its fee (in `total`). */
  scheduledFor: string | null;
  deliveryZone: string;
  deliveryFee: number;
  /** What the offers and the code took off (in `total`), and a copy of each (docs/decisions/036). */
  discount: number;
  discounts: AppliedDiscount[];
  /**
   * Propina (app/domain/orders/tips.ts): apart from `total`; the shopper pays `total + tip`.
   * `tipPercent` is the percentage picked, null for none or an amount of their own.
   */
  tip: number;
  tipPercent: number | null;
  /**
   * Shown to a device that did not place the order: the street address left out, and the postal
   * code found in it (app/domain/orders/order-privacy.ts).
   */
  addressHidden?: boolean;
  postalCode?: string;
};
