import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import type { Database, Executor } from "~/db/client.server";
import { builtOnce } from "~/db/built-once.server";
import { analyticsEvents, orderEvents, orderLines, orders, products } from "~/db/schema";
import {
  consumeCall,
  hitIdsOrRefuse,
  limitStateOf,
  type ConsumedRow,
  type LimitHit,
} from "~/domain/rate-limit/rate-limit.server";
import { selectOpenStore, withLicence } from "~/domain/stores/store.server";
import { AppError } from "~/lib/errors";
import { isOrderableOption, orderTotal } from "./cart";
import { roundMoney } from "./money";
import { announceOrderChange, orderChangeInsert, type OrderEvent } from "./order-events.server";
import { deliveryAddress, MAX_ORDER_TOTAL, ORDER_MESSAGES, type OrderForm } from "./order-form";
import { newOrderNumber } from "./order-number";
import { newOrderPush } from "~/domain/push/push-text";
import { PUSH_JOB, storePushJobsInsert } from "~/domain/push/push.server";
import { NEW_ORDER_EMAIL_JOB, newOrderEmailJobInsert } from "~/domain/mail/new-order-mail.server";
import { announceJobs } from "~/domain/jobs/jobs.server";
import { PAYMENT_MESSAGES } from "./payment";
import { deliveryCharge } from "./delivery-zones";
import { orderTiming, SCHEDULE_MESSAGES } from "./scheduling";
import { isPaused } from "~/domain/stores/pause";
import { formatQuantity, isValidQuantity, QUANTITY_MESSAGES, quantityRule } from "~/domain/products/quantity";
import type { OrderSummary } from "./order-summary";
import type { ProductUnit } from "~/domain/products/product-units";

/** A cart line whose product is gone, switched off or lost the chosen option. */
export class ProductUnavailableError extends AppError {
  readonly productId: string;
  readonly variation: string;
  constructor(productId: string, variation: string) {
    super("UNAVAILABLE", ORDER_MESSAGES.unavailable, {
      field: "lines",
      details: { unavailable: { productId, variation } },
    });
    this.productId = productId;
    this.variation = variation;
  }
}

export type PlacedOrder = { order: OrderSummary; created: boolean };

/** A product as the order re-reads it. */
type ProductRow = {
  id: string;
  name: string;
  price: number;
  unit: ProductUnit;
  available: boolean;
  variations: string[];
  quantityStep: number | null;
  minQuantity: number | null;
};

/**
 * Places a shopper's order in one transaction (ARCHITECTURE.md §4): every product is re-read
 * from the database and the browser's prices are never used; an unavailable product refuses
 * the whole order. Idempotent on the form's key: however many times the same form arrives,
 * concurrently or later, one order exists and every caller gets its number, and only the first
 * counts against the address's order limit.
 */
export async function placeOrder(
  db: Database,
  storeId: string,
  form: OrderForm,
  { clientIp }: { clientIp: string },
): Promise<PlacedOrder> {
  // The store and an order this key already placed, in one statement: a replay gets its order
  // whatever the store's settings say now, even once it is closed.
  const [found] = await storeAndReplayQuery(db).execute({ storeId, idempotencyKey: form.idempotencyKey });
  if (found?.replayId)
    return { order: (await readOrderSummary(db, storeId, found.replayId))!, created: false };
  if (!found) {
    const replayed = await findOrderByKey(db, storeId, form.idempotencyKey);
    if (replayed) return { order: replayed, created: false };
    throw new AppError("NOT_FOUND", ORDER_MESSAGES.failure);
  }
  const store = withLicence(found, new Date());
  const allowed = form.deliveryType === "pickup" ? store.settings.allowPickup : store.settings.allowDelivery;
  if (!allowed)
    throw new AppError("VALIDATION", ORDER_MESSAGES.deliveryNotAllowed, { field: "deliveryType" });
  // A store that offers payment methods asks for one of them; one that offers none asks nothing.
  const offered = store.settings.paymentMethods;
  const paymentMethod = offered.length > 0 ? (form.paymentMethod ?? null) : null;
  if (offered.length > 0 && (paymentMethod === null || !offered.includes(paymentMethod)))
    throw new AppError("VALIDATION", PAYMENT_MESSAGES.method, { field: "paymentMethod" });
  const cashAmount = paymentMethod === "cash" ? (form.cashAmount ?? null) : null;
  // Issue 16: a paused or closed store refuses; a scheduled order needs a slot it offers.
  const { settings } = store;
  const now = new Date();
  const timing = orderTiming({
    hours: settings.openingHours,
    rules: settings,
    paused: isPaused(settings, now),
    timeZone: settings.timeZone,
    now,
    requestedSlot: form.scheduledFor ?? null,
  });
  if (timing.kind === "refused") {
    const field =
      form.scheduledFor || timing.message === SCHEDULE_MESSAGES.slotRequired ? "scheduledFor" : undefined;
    throw new AppError(field ? "VALIDATION" : "UNAVAILABLE", timing.message, field ? { field } : {});
  }
  const scheduledFor = timing.kind === "scheduled" ? timing.slot.start : null;

  const lines = mergeLines(form.lines);
  const hits: LimitHit[] = [{ name: "orderPerAddress", subject: clientIp }];

  return db.transaction(async (tx) => {
    // Requests with one key wait for each other here: the first places the order, the others
    // find it, and a replay is answered with its order without counting against the limit.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`${storeId}:${form.idempotencyKey}`}, 11))`,
    );
    // One statement, after the key's lock (so it sees an order that key placed meanwhile): that
    // order, or else the address's hit counted and the products re-read (issue 13 goal 5).
    const { rows: checked } = await tx.execute<{
      existing_id: string | null;
      limit_state: ConsumedRow | null;
      products: ProductRow[];
    }>(sql`
      with existing as (
        select id from ${orders} where store_id = ${storeId} and idempotency_key = ${form.idempotencyKey}
      )
      select (select id from existing) as existing_id,
        case when exists (select 1 from existing) then null
          else (select row_to_json(consumed) from ${consumeCall(hits)} as consumed) end as limit_state,
        (select coalesce(json_agg(json_build_object('id', id, 'name', name, 'price', price, 'unit', unit,
            'available', available, 'variations', variations, 'quantityStep', quantity_step,
            'minQuantity', min_quantity)), '[]'::json)
          from ${products}
          where store_id = ${storeId} and id = any(${sql.param([...new Set(lines.map((l) => l.productId))])}::text[])
        ) as products`);
    const { existing_id: existingId, limit_state: limitState, products: rows } = checked[0]!;
    if (existingId) return { order: (await readOrderSummary(tx, storeId, existingId))!, created: false };
    hitIdsOrRefuse(limitStateOf(limitState ?? undefined), ORDER_MESSAGES.failure);

    const byId = new Map(rows.map((row) => [row.id, row]));
    const priced = lines.map((line) => {
      const product = byId.get(line.productId);
      if (!product || !product.available || !isOrderableOption(product, line.variation))
        throw new ProductUnavailableError(line.productId, line.variation);
      const rule = quantityRule(product);
      if (!isValidQuantity(rule, line.quantity)) {
        const message = QUANTITY_MESSAGES.offStep(
          formatQuantity(rule.step, rule.unit),
          formatQuantity(rule.minimum, rule.unit),
        );
        throw new AppError("VALIDATION", `${product.name}: ${message}`, { field: "lines" });
      }
      return { ...line, name: product.name, unit: product.unit, price: product.price };
    });

    const number = newOrderNumber();
    const subtotal = orderTotal(priced);
    let deliveryFee = 0;
    let deliveryZone = "";
    if (form.deliveryType === "delivery") {
      const charge = deliveryCharge(settings.deliveryPricing, subtotal, {
        zoneId: form.deliveryZone,
        postalCode: form.postalCode,
      });
      if (!charge.ok) throw new AppError("VALIDATION", charge.message, { field: charge.field });
      deliveryFee = charge.fee;
      deliveryZone = charge.zone?.name ?? "";
    }
    const total = roundMoney(subtotal + deliveryFee);
    if (total > MAX_ORDER_TOTAL)
      throw new AppError("VALIDATION", ORDER_MESSAGES.tooLarge, { field: "lines" });
    if (scheduledFor && settings.slotCapacity !== null) {
      // Orders for one slot wait for each other here, so the capacity holds under concurrency.
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`${storeId}:slot:${scheduledFor.toISOString()}`}, 13))`,
      );
      const [taken] = await tx
        .select({ n: count() })
        .from(orders)
        .where(
          and(
            eq(orders.storeId, storeId),
            eq(orders.scheduledFor, scheduledFor),
            ne(orders.status, "cancelled"),
          ),
        );
      if ((taken?.n ?? 0) >= settings.slotCapacity)
        throw new AppError("VALIDATION", SCHEDULE_MESSAGES.slotFull, { field: "scheduledFor" });
    }
    if (cashAmount !== null && cashAmount < total)
      throw new AppError("VALIDATION", PAYMENT_MESSAGES.cashBelowTotal, { field: "cashAmount" });
    // The order, its lines, its history's first step and the analytics event in one statement:
    // the transaction waits on as few round trips as it can (issue 13 goal 5). Nothing but the
    // order is written when another request with this key got there first.
    const push = newOrderPush({
      number,
      customerName: form.customerName,
      total,
      deliveryType: form.deliveryType,
    });
    const change: OrderEvent = { type: "order.created", storeId, orderId: number };
    const ifPlaced = sql`exists (select 1 from placed)`;
    const placed = await tx.execute<{
      id: string;
      created_at: string;
      change_id: string;
      pushes: number;
      emails: number;
    }>(sql`
      with placed as (
        insert into ${orders} (store_id, id, status, customer_name, customer_phone, delivery_type, address,
          comments, total, idempotency_key, payment_method, cash_amount, scheduled_for, delivery_zone, delivery_fee)
        values (${storeId}, ${number}, 'pending', ${form.customerName}, ${form.customerPhone},
          ${form.deliveryType}, ${deliveryAddress(form)}, ${form.comments}, ${total}, ${form.idempotencyKey},
          ${paymentMethod}, ${cashAmount}, ${scheduledFor?.toISOString() ?? null}::timestamptz, ${deliveryZone},
          ${deliveryFee})
        on conflict (store_id, idempotency_key) do nothing
        returning id, created_at
      ), lines as (
        insert into ${orderLines} (store_id, order_id, position, product_id, name, variation, quantity, unit, price)
        select ${storeId}, placed.id, line.position - 1, line.product_id, line.name, line.variation, line.quantity,
          line.unit, line.price
        from placed cross join unnest(
          ${sql.param(priced.map((line) => line.productId))}::text[], ${sql.param(priced.map((line) => line.name))}::text[],
          ${sql.param(priced.map((line) => line.variation))}::text[], ${sql.param(priced.map((line) => line.quantity))}::numeric[],
          ${sql.param(priced.map((line) => line.unit))}::text[], ${sql.param(priced.map((line) => line.price))}::numeric[]
        ) with ordinality as line(product_id, name, variation, quantity, unit, price, position)
      ), history as (
        insert into ${orderEvents} (store_id, order_id, kind) select ${storeId}, placed.id, 'placed' from placed
      ), analytics as (
        insert into ${analyticsEvents} (name, store_id, data)
        select 'place_order', ${storeId}, ${JSON.stringify({ orderId: number, total, lines: priced.length })}::jsonb
        from placed
      ),
      pushes as (${storePushJobsInsert(storeId, push, ifPlaced)}),
      emails as (${newOrderEmailJobInsert(storeId, number, ifPlaced)}),
      changed as (${orderChangeInsert(change, ifPlaced)})
      select placed.id, placed.created_at, (select id from changed) as change_id,
        (select count(*) from pushes)::int as pushes, (select count(*) from emails)::int as emails
      from placed`);
    const [inserted] = placed.rows;
    if (!inserted) {
      // Another request with this key committed while we were pricing: its order is the order.
      const winner = await findOrderByKey(tx, storeId, form.idempotencyKey);
      if (!winner) throw new AppError("ALREADY_EXISTS", ORDER_MESSAGES.failure);
      return { order: winner, created: false };
    }
    // The order's push to each of the owner's devices and its e-mail ("Avisarme por correo de
    // cada pedido nuevo", issue 15) were queued in the statement: a crash after the commit loses
    // none. The workers and the panels are told once it commits.
    if (inserted.pushes > 0) await announceJobs(tx, PUSH_JOB);
    if (inserted.emails > 0) await announceJobs(tx, NEW_ORDER_EMAIL_JOB);
    await announceOrderChange(tx, change, Number(inserted.change_id));
    return {
      created: true,
      order: {
        number,
        status: "pending",
        createdAt: new Date(inserted.created_at).toISOString(),
        deliveryType: form.deliveryType,
        address: deliveryAddress(form),
        comments: form.comments,
        total,
        lines: priced.map(({ name, variation, quantity, unit, price }) => ({
          name,
          variation,
          quantity,
          unit,
          price,
        })),
        step: null,
        cancelReason: "",
        paymentMethod,
        cashAmount,
        paid: false,
        transferReported: false,
        scheduledFor: scheduledFor?.toISOString() ?? null,
        deliveryZone,
        deliveryFee,
      },
    };
  });
}

/** The same product and option twice in one form count as one line. */
function mergeLines(lines: OrderForm["lines"]): OrderForm["lines"] {
  const merged = new Map<string, OrderForm["lines"][number]>();
  for (const line of lines) {
    const key = JSON.stringify([line.productId, line.variation]);
    const seen = merged.get(key);
    merged.set(key, seen ? { ...seen, quantity: seen.quantity + line.quantity } : { ...line });
  }
  return [...merged.values()];
}

async function findOrderByKey(db: Executor, storeId: string, idempotencyKey: string) {
  const [row] = await orderByKeyQuery(db).execute({ storeId, idempotencyKey });
  return row ? readOrderSummary(db, storeId, row.id) : null;
}

const storeAndReplayQuery = builtOnce((db) =>
  selectOpenStore(db, {
    replayId: sql<string | null>`(select ${orders.id} from ${orders}
      where ${orders.storeId} = ${sql.placeholder("storeId")}
        and ${orders.idempotencyKey} = ${sql.placeholder("idempotencyKey")})`,
  }).prepare(""),
);

const orderByKeyQuery = builtOnce((db) =>
  db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.storeId, sql.placeholder("storeId")),
        eq(orders.idempotencyKey, sql.placeholder("idempotencyKey")),
      ),
    )
    .prepare(""),
);

/** The shopper-visible part of an order; the customer's name and phone are never selected. */
export async function readOrderSummary(
  db: Executor,
  storeId: string,
  number: string,
): Promise<OrderSummary | null> {
  const [order] = await db
    .select({
      number: orders.id,
      status: orders.status,
      createdAt: orders.createdAt,
      deliveryType: orders.deliveryType,
      address: orders.address,
      comments: orders.comments,
      total: orders.total,
      step: orders.step,
      cancelReason: orders.cancelReason,
      paymentMethod: orders.paymentMethod,
      cashAmount: orders.cashAmount,
      paidAt: orders.paidAt,
      transferReportedAt: orders.transferReportedAt,
      scheduledFor: orders.scheduledFor,
      deliveryZone: orders.deliveryZone,
      deliveryFee: orders.deliveryFee,
    })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.id, number)));
  if (!order) return null;
  const lines = await db
    .select({
      name: orderLines.name,
      variation: orderLines.variation,
      quantity: orderLines.quantity,
      unit: orderLines.unit,
      price: orderLines.price,
    })
    .from(orderLines)
    .where(and(eq(orderLines.storeId, storeId), eq(orderLines.orderId, number)))
    .orderBy(asc(orderLines.position));
  const { paidAt, transferReportedAt, scheduledFor, ...rest } = order;
  return {
    ...rest,
    address: deliveryAddress(order),
    scheduledFor: scheduledFor?.toISOString() ?? null,
    createdAt: order.createdAt.toISOString(),
    paid: paidAt !== null,
    transferReported: transferReportedAt !== null,
    lines,
  };
}
