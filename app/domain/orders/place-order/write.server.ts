/**
 * Writing a placed order: the order, its lines, the first step of its history, its fiscal data
 * when a factura is asked for, its analytics event and its side effects, in one statement. The transaction holds its locks (the key's, the
 * address's limit, the slot's) for every round trip it waits on, so one statement instead of
 * several is what lets many orders go through at once.
 */
import { sql } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { executeKept } from "~/db/kept-statement.server";
import { analyticsEvents, orderEvents, orderInvoices, orderLines, orders } from "~/db/schema";
import { deliveryAddress, type OrderForm } from "../order-form";
import type { OrderSummary } from "../order-summary";
import type { OrderRequest } from "./parse";
import type { PricedLine } from "./price";
import { stockOptionOf, type TakenStock } from "./stock.server";
import type { QueuedSideEffects, SideEffects } from "./side-effects.server";
import type { Charges } from "./store-rules";
import type { OrderTip } from "../tips";

/** An order that met every rule, as it is written. */
export type NewOrder = Omit<OrderRequest, "lines"> &
  Charges &
  OrderTip & {
    storeId: string;
    number: string;
    form: OrderForm;
    lines: PricedLine[];
    scheduledFor: Date | null;
    /** The products and size options whose stock the order took its lines' units from (./stock.server.ts). */
    fromStock: TakenStock;
  };

/**
 * Writes the order with its side effects, and answers its summary and what was queued; or null,
 * with nothing written, when another request with the order's key placed it first.
 */
export async function writeOrder(
  tx: Executor,
  order: NewOrder,
  sideEffects: SideEffects,
): Promise<{ summary: OrderSummary; queued: QueuedSideEffects } | null> {
  const { storeId, number, form, lines, total } = order;
  const analytics = { orderId: number, total, lines: lines.length };
  const invoice = order.invoice ?? null;
  const { rows } = await executeKept<{ id: string; created_at: string } & QueuedSideEffects>(
    tx,
    sql`
      with placed as (
        insert into ${orders} (store_id, id, status, customer_name, customer_phone, delivery_type, address,
          comments, total, idempotency_key, payment_method, cash_amount, scheduled_for, delivery_zone, delivery_fee,
          discount, discounts, tip, tip_percent)
        values (${storeId}, ${number}, 'pending', ${form.customerName}, ${form.customerPhone},
          ${form.deliveryType}, ${deliveryAddress(form)}, ${form.comments}, ${total}, ${form.idempotencyKey},
          ${order.paymentMethod}, ${order.cashAmount}, ${order.scheduledFor?.toISOString() ?? null}::timestamptz,
          ${order.deliveryZone}, ${order.deliveryFee}, ${order.discount}, ${JSON.stringify(order.discounts)}::jsonb,
          ${order.tip}, ${order.tipPercent}::integer)
        on conflict (store_id, idempotency_key) do nothing
        returning id, created_at
      ), lines as (
        insert into ${orderLines} (store_id, order_id, position, product_id, name, variation, choices, quantity,
          unit, price, stock_taken, stock_option_id)
        select ${storeId}, placed.id, line.position - 1, line.product_id, line.name, line.variation,
          line.choices::jsonb, line.quantity, line.unit, line.price, line.stock_taken, line.stock_option_id
        from placed cross join unnest(
          ${sql.param(lines.map((line) => line.productId))}::text[], ${sql.param(lines.map((line) => line.name))}::text[],
          ${sql.param(lines.map((line) => line.variation))}::text[], ${sql.param(lines.map((line) => line.quantity))}::numeric[],
          ${sql.param(lines.map((line) => line.unit))}::text[], ${sql.param(lines.map((line) => line.price))}::numeric[],
          ${sql.param(lines.map((line) => order.fromStock.products.has(line.productId)))}::boolean[],
          ${sql.param(lines.map((line) => JSON.stringify(line.chosen)))}::text[],
          ${sql.param(lines.map((line) => stockOptionOf(order.fromStock, line)))}::text[]
        ) with ordinality as line(product_id, name, variation, quantity, unit, price, stock_taken, choices,
          stock_option_id, position)
      ), history as (
        insert into ${orderEvents} (store_id, order_id, kind) select ${storeId}, placed.id, 'placed' from placed
      ), invoice as (
        insert into ${orderInvoices} (store_id, order_id, rfc, name, regimen_fiscal, uso_cfdi, postal_code, email)
        select ${storeId}, placed.id, ${invoice?.rfc ?? null}::text, ${invoice?.name ?? null}::text,
          ${invoice?.regimenFiscal ?? null}::text, ${invoice?.usoCfdi ?? null}::text,
          ${invoice?.postalCode ?? null}::text, ${invoice?.email ?? null}::text
        from placed where ${invoice !== null}::boolean
      ), analytics as (
        insert into ${analyticsEvents} (name, store_id, data)
        select 'place_order', ${storeId}, ${JSON.stringify(analytics)}::jsonb
        from placed
      ),
      ${sideEffects.ctes(sql`exists (select 1 from placed)`)}
      select placed.id, placed.created_at, ${sideEffects.columns}
      from placed`,
  );
  const [written] = rows;
  if (!written) return null;
  const { change_id, pushes, emails } = written;
  return { summary: summaryOf(order, written.created_at), queued: { change_id, pushes, emails } };
}

/** The new order as the shopper sees it, from what was written. */
function summaryOf(order: NewOrder, createdAt: string): OrderSummary {
  return {
    number: order.number,
    status: "pending",
    createdAt: new Date(createdAt).toISOString(),
    deliveryType: order.form.deliveryType,
    address: deliveryAddress(order.form),
    comments: order.form.comments,
    total: order.total,
    lines: order.lines.map(({ name, variation, chosen, quantity, unit, price }) => ({
      name,
      variation,
      choices: chosen,
      quantity,
      unit,
      price,
    })),
    step: null,
    cancelReason: "",
    paymentMethod: order.paymentMethod,
    cashAmount: order.cashAmount,
    paid: false,
    refunded: false,
    transferReported: false,
    scheduledFor: order.scheduledFor?.toISOString() ?? null,
    deliveryZone: order.deliveryZone,
    deliveryFee: order.deliveryFee,
    discount: order.discount,
    discounts: order.discounts,
    tip: order.tip,
    tipPercent: order.tipPercent,
  };
}
