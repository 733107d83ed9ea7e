import type { DeliveryType, OrderStatus } from "~/domain/orders/order-vocabulary";
import type { ProductUnit } from "~/domain/products/product-units";

/** What a shopper may see of an order: never the customer's name or phone. */
export type OrderSummaryLine = {
  name: string;
  variation: string;
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
};
