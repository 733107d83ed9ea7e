/**
 * The steps of placing an order that need the database, one at a time, on the test's database:
 * what is read under the order's key, the products re-read, the rules that count other orders,
 * the write and the side effects it queues. Placing whole orders, concurrently and over HTTP, is
 * tested in storefront-orders, shop-rules and order-side-effects.
 */
import type { ChosenGroup } from "~/domain/products/choices";
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { inTransaction, type Transaction } from "~/db/after-commit.server";
import { createClient } from "~/db/client.server";
import { createOrder, createOwner, createProduct, createStore } from "~/db/factories.server";
import {
  analyticsEvents,
  orderChanges,
  orderEvents,
  orderLines,
  orders,
  rateLimitHits,
  stores,
  storeOwners,
} from "~/db/schema";
import { NEW_ORDER_EMAIL_JOB } from "~/domain/orders/new-order-mail.server";
import { newOrderNumber } from "~/domain/orders/order-number";
import { readOrderSummary } from "~/domain/orders/order-summary.server";
import {
  findStoreOrReplay,
  lockIdempotencyKey,
  orderPlacedMeanwhile,
  readUnderKey,
} from "~/domain/orders/place-order/idempotency.server";
import { productsOf } from "~/domain/orders/place-order/price.server";
import { announceSideEffects, queueSideEffects } from "~/domain/orders/place-order/side-effects.server";
import { addressLimit, holdSlot, refuseOverLimit } from "~/domain/orders/place-order/store-rules.server";
import { writeOrder, type NewOrder } from "~/domain/orders/place-order/write.server";
import { NOTHING_TAKEN } from "~/domain/orders/place-order/stock.server";
import { PUSH_JOB, saveSubscription } from "~/domain/push/push.server";
import { limitKey, type ConsumedRow } from "~/domain/rate-limit/rate-limit.server";
import { SCHEDULE_MESSAGES } from "~/domain/orders/scheduling";
import { ORDER_MESSAGES } from "~/domain/orders/order-form";
import { randomId } from "~/lib/ids";
import { createTestDatabase } from "../support/database";

const { db, url } = await createTestDatabase();

const newKey = () => `clave-${randomId(16)}`;
const newAddress = () => `203.0.113.${randomBytes(1)[0]}:${randomId(6)}`;

async function shop() {
  const store = await createStore(db, { settings: { allowPickup: true, allowDelivery: true } });
  const owner = await createOwner(db, { storeId: store.id });
  const tamal = await createProduct(db, store.id, { id: "tamal", name: "Tamal", price: 24.5 });
  return { store, owner, tamal };
}

/** An order that met every rule, ready to write. */
function newOrder(storeId: string, productId: string, extra: Partial<NewOrder> = {}): NewOrder {
  return {
    storeId,
    number: newOrderNumber(),
    form: {
      customerName: "Ana López",
      customerPhone: "5512345678",
      deliveryType: "delivery",
      address: "Calle Reforma 5, Centro",
      comments: "Sin chile",
      idempotencyKey: newKey(),
      lines: [],
    },
    lines: [
      { productId, variation: "", quantity: 2, name: "Tamal", unit: "pieza", price: 24.5, chosen: [] },
      {
        productId,
        variation: "verde",
        quantity: 1,
        name: "Tamal",
        unit: "pieza",
        price: 24.5,
        chosen: SALSA,
      },
    ],
    paymentMethod: "cash",
    cashAmount: 200,
    deliveryFee: 30,
    deliveryZone: "Centro",
    total: 103.5,
    discount: 0,
    discounts: [],
    tip: 0,
    tipPercent: null,
    scheduledFor: null,
    fromStock: NOTHING_TAKEN,
    ...extra,
  };
}

/** Writes the order with its side effects, in a transaction of its own, as placeOrder does. */
function place(order: NewOrder) {
  return inTransaction(db, async (tx) => {
    const written = await writeOrder(tx, order, queueSideEffects(order));
    if (written) await announceSideEffects(tx, order, written.queued);
    return written;
  });
}

/**
 * Whether `second` waits for a lock while a transaction that ran `first` is still open (seen in
 * pg_locks, not guessed from a delay), rather than going through: how requests for one key, or
 * one slot, take turns. Either way both transactions then end.
 */
async function waitsForTheFirst(
  first: (tx: Transaction) => Promise<void>,
  second: (tx: Transaction) => Promise<void>,
) {
  let locked!: () => void;
  let release!: () => void;
  const holding = new Promise<void>((resolve) => (locked = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const firstDone = inTransaction(db, async (tx) => {
    await first(tx);
    locked();
    await released;
  });
  await holding;
  let settled = false;
  const secondRun = inTransaction(db, second).finally(() => (settled = true));
  const waiting = async () => {
    while (!settled) {
      const { rows } = await db.execute(sql`select 1 from pg_locks
        where locktype = 'advisory' and not granted
          and database = (select oid from pg_database where datname = current_database())`);
      if (rows.length > 0) return true;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return false;
  };
  const waited = await Promise.race([secondRun.then(() => false), waiting()]);
  release();
  await Promise.all([firstDone, secondRun]);
  return waited;
}

/** A copy of a line's choices, as pricing makes it. */
const SALSA: ChosenGroup[] = [{ group: "Salsa", kind: "extras", options: [{ name: "Verde", price: 0 }] }];

describe("reading under the order's key", () => {
  it("finds the store's settings, or the order its key placed even once the store closed; else not found", async () => {
    const { store, tamal } = await shop();
    const found = await findStoreOrReplay(db, store.id, newKey());
    expect(found.replay).toBeNull();
    expect(found.settings).toMatchObject({ storeId: store.id, allowPickup: true });

    const order = newOrder(store.id, tamal.id);
    await place(order);
    const replay = await findStoreOrReplay(db, store.id, order.form.idempotencyKey);
    expect(replay.replay?.number).toBe(order.number);

    await db.update(stores).set({ closedAt: new Date() }).where(eq(stores.id, store.id));
    expect((await findStoreOrReplay(db, store.id, order.form.idempotencyKey)).replay?.number).toBe(
      order.number,
    );
    await expect(findStoreOrReplay(db, store.id, newKey())).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: ORDER_MESSAGES.failure,
    });
    await expect(findStoreOrReplay(db, "no-existe", newKey())).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("a second request with the key waits until the first's transaction ends; another key does not", async () => {
    const { store } = await shop();
    const key = newKey();
    const lock = (idempotencyKey: string) => (tx: Transaction) =>
      lockIdempotencyKey(tx, store.id, idempotencyKey);
    expect(await waitsForTheFirst(lock(key), lock(key))).toBe(true);
    expect(await waitsForTheFirst(lock(key), lock(newKey()))).toBe(false);
  });

  it("answers the key's order, without counting the address", async () => {
    const { store, tamal } = await shop();
    const order = newOrder(store.id, tamal.id);
    await place(order);
    const address = newAddress();
    const read = await inTransaction(db, (tx) =>
      readUnderKey(tx, store.id, order.form.idempotencyKey, {
        limit: addressLimit(address),
        products: productsOf(store.id, [{ productId: tamal.id, variation: "", quantity: 1 }]),
      }),
    );
    expect(read).toEqual({ replay: await readOrderSummary(db, store.id, order.number) });
    const hits = await db
      .select()
      .from(rateLimitHits)
      .where(eq(rateLimitHits.key, limitKey({ name: "orderPerAddress", subject: address })));
    expect(hits).toEqual([]);
  });

  it("for a new key, counts the address and re-reads the products", async () => {
    const { store, tamal } = await shop();
    const address = newAddress();
    const read = await inTransaction(db, (tx) =>
      readUnderKey(tx, store.id, newKey(), {
        limit: addressLimit(address),
        products: productsOf(store.id, [{ productId: tamal.id, variation: "", quantity: 1 }]),
      }),
    );
    expect(read.replay).toBeNull();
    expect(read.limit).toMatchObject({ retry_after_seconds: 0, hit_ids: [expect.anything()] });
    expect(read.products?.map((product) => product.id)).toEqual([tamal.id]);
  });

  it("the order another request with the key committed meanwhile, or ALREADY_EXISTS", async () => {
    const { store, tamal } = await shop();
    const order = newOrder(store.id, tamal.id);
    await place(order);
    const winner = await orderPlacedMeanwhile(db, store.id, order.form.idempotencyKey);
    expect(winner.number).toBe(order.number);
    await expect(orderPlacedMeanwhile(db, store.id, newKey())).rejects.toMatchObject({
      code: "ALREADY_EXISTS",
      message: ORDER_MESSAGES.failure,
    });
  });
});

describe("the products re-read", () => {
  it("reads this store's products as they are now, each once, whatever another store has under that id", async () => {
    const { store } = await shop();
    const other = await createStore(db);
    await createProduct(db, other.id, { id: "tamal", name: "Otro tamal", price: 1 });
    await createProduct(db, other.id, { id: "solo-otra", name: "De la otra tienda", price: 1 });
    await createProduct(db, store.id, {
      id: "queso",
      name: "Queso",
      price: 260,
      unit: "kg",
      available: false,
      variations: ["fresco", "añejo"],
      quantityStep: 0.25,
      minQuantity: 0.5,
      stock: 2.5,
      dailyStock: 4,
      stockRefilledAt: new Date("2026-11-23T14:00:00Z"),
    });
    const line = (productId: string, variation = "") => ({ productId, variation, quantity: 1 });
    const { rows } = await db.execute<{ products: unknown[] }>(
      sql`select ${productsOf(store.id, [line("tamal"), line("queso", "fresco"), line("tamal", "verde"), line("solo-otra")])} as products`,
    );
    expect(rows[0]!.products).toEqual(
      expect.arrayContaining([
        {
          id: "tamal",
          name: "Tamal",
          price: 24.5,
          unit: "pieza",
          category: "",
          available: true,
          variations: [],
          choiceGroups: [],
          quantityStep: null,
          minQuantity: null,
          stock: null,
          dailyStock: null,
          stockRefilledAt: null,
          optionStock: null,
        },
        {
          id: "queso",
          name: "Queso",
          price: 260,
          unit: "kg",
          category: "",
          available: false,
          variations: ["fresco", "añejo"],
          choiceGroups: [],
          quantityStep: 0.25,
          minQuantity: 0.5,
          stock: 2.5,
          dailyStock: 4,
          stockRefilledAt: expect.any(String),
          optionStock: null,
        },
      ]),
    );
    expect(rows[0]!.products).toHaveLength(2);
    // JSON writes the time in the session's zone: the same instant either way.
    const queso = (rows[0]!.products as { id: string; stockRefilledAt: string }[]).find(
      (p) => p.id === "queso",
    );
    expect(new Date(queso!.stockRefilledAt)).toEqual(new Date("2026-11-23T14:00:00Z"));
  });
});

describe("the store's rules that count other orders", () => {
  it("an address places 30 orders in ten minutes; the 31st is refused with when to retry", async () => {
    const address = newAddress();
    const count = async () => {
      const { rows } = await db.execute<{ counted: ConsumedRow | null }>(
        sql`select ${addressLimit(address)} as counted`,
      );
      refuseOverLimit(rows[0]!.counted);
    };
    for (let placed = 0; placed < 30; placed++) await count();
    await expect(count()).rejects.toMatchObject({
      code: "RATE_LIMITED",
      message: ORDER_MESSAGES.failure,
      retryAfterSeconds: expect.any(Number),
    });
    // Another address is not held back.
    const { rows } = await db.execute<{ counted: ConsumedRow | null }>(
      sql`select ${addressLimit(newAddress())} as counted`,
    );
    expect(() => refuseOverLimit(rows[0]!.counted)).not.toThrow();
  });

  it("a slot takes orders up to its capacity, cancelled ones not counted; without a slot or capacity, any", async () => {
    const { store, tamal } = await shop();
    const slot = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 86_400_000);
    const line = { productId: tamal.id, name: "Tamal", price: 24.5, unit: "pieza" as const };
    const hold = (at: Date | null, capacity: number | null) =>
      inTransaction(db, (tx) => holdSlot(tx, store.id, at, capacity));
    await createOrder(db, store.id, { scheduledFor: slot, lines: [line] });
    await createOrder(db, store.id, { scheduledFor: slot, status: "cancelled", lines: [line] });
    await expect(hold(slot, 2)).resolves.toBeUndefined();
    await createOrder(db, store.id, { scheduledFor: slot, lines: [line] });
    await expect(hold(slot, 2)).rejects.toMatchObject({
      code: "VALIDATION",
      message: SCHEDULE_MESSAGES.slotFull,
      field: "scheduledFor",
    });
    await expect(hold(slot, null)).resolves.toBeUndefined();
    await expect(hold(null, 0)).resolves.toBeUndefined();
    await expect(hold(new Date(slot.getTime() + 3_600_000), 2)).resolves.toBeUndefined();
  });

  it("orders for one slot take turns; another slot's do not wait", async () => {
    const { store } = await shop();
    const slot = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 2 * 86_400_000);
    const hold = (at: Date) => (tx: Transaction) => holdSlot(tx, store.id, at, 5);
    expect(await waitsForTheFirst(hold(slot), hold(slot))).toBe(true);
    expect(await waitsForTheFirst(hold(slot), hold(new Date(slot.getTime() + 3_600_000)))).toBe(false);
  });
});

describe("writing the order", () => {
  it("writes the order, its lines in order, its first step and its analytics event, and answers what the look-up reads", async () => {
    const { store, tamal } = await shop();
    const slot = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 86_400_000);
    const order = newOrder(store.id, tamal.id, { scheduledFor: slot });
    const written = await place(order);
    expect(written?.summary).toEqual(await readOrderSummary(db, store.id, order.number));
    expect(written?.summary).toMatchObject({
      number: order.number,
      status: "pending",
      total: 103.5,
      deliveryFee: 30,
      deliveryZone: "Centro",
      paymentMethod: "cash",
      cashAmount: 200,
      scheduledFor: slot.toISOString(),
      address: "Calle Reforma 5, Centro",
      lines: [
        { name: "Tamal", variation: "", quantity: 2, unit: "pieza", price: 24.5, choices: [] },
        { name: "Tamal", variation: "verde", quantity: 1, unit: "pieza", price: 24.5, choices: SALSA },
      ],
    });
    const [row] = await db.select().from(orders).where(eq(orders.id, order.number));
    expect(row).toMatchObject({
      customerName: "Ana López",
      customerPhone: "5512345678",
      idempotencyKey: order.form.idempotencyKey,
    });
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.number));
    expect(lines.map((line) => [line.position, line.productId, line.variation, line.choices])).toEqual([
      [0, tamal.id, "", []],
      [1, tamal.id, "verde", SALSA],
    ]);
    const history = await db.select().from(orderEvents).where(eq(orderEvents.orderId, order.number));
    expect(history.map((event) => event.kind)).toEqual(["placed"]);
    const analytics = await db
      .select()
      .from(analyticsEvents)
      .where(and(eq(analyticsEvents.storeId, store.id), eq(analyticsEvents.name, "place_order")));
    expect(analytics.map((event) => event.data)).toEqual([{ orderId: order.number, total: 103.5, lines: 2 }]);
  });

  it("writes nothing for a key whose order exists, and answers null", async () => {
    const { store, tamal } = await shop();
    const first = newOrder(store.id, tamal.id);
    await place(first);
    const again = newOrder(store.id, tamal.id, { form: first.form });
    expect(await place(again)).toBeNull();
    expect(await db.select().from(orders).where(eq(orders.storeId, store.id))).toHaveLength(1);
    for (const table of [orderLines, orderEvents]) {
      expect(await db.select().from(table).where(eq(table.orderId, again.number))).toEqual([]);
    }
    expect(await db.select().from(orderChanges).where(eq(orderChanges.orderId, again.number))).toEqual([]);
    expect(await db.select().from(analyticsEvents).where(eq(analyticsEvents.storeId, store.id))).toHaveLength(
      1,
    );
  });
});

describe("the side effects queued with the order", () => {
  /** The store's push and new-order e-mail jobs for one order. */
  async function jobsFor(orderNumber: string) {
    const { rows } = await db.execute<{ kind: string }>(sql`
      select kind from jobs
      where (kind = ${NEW_ORDER_EMAIL_JOB} and payload->>'orderId' = ${orderNumber})
         or (kind = ${PUSH_JOB} and payload->'message'->>'tag' = ${`pedido-${orderNumber}`})
      order by kind, id`);
    return rows.map((row) => row.kind);
  }

  it("a push per device of the owner's, the e-mail when asked for, and the order change the panels follow", async () => {
    const { store, owner, tamal } = await shop();
    await db.update(storeOwners).set({ emailNewOrders: true }).where(eq(storeOwners.userId, owner.id));
    for (const device of ["Chrome en Android", "Safari en iPhone"]) {
      await saveSubscription(
        db,
        owner.id,
        store.id,
        {
          endpoint: `https://fcm.googleapis.com/fcm/send/${randomBytes(8).toString("hex")}`,
          p256dh: randomBytes(65).toString("base64url"),
          auth: randomBytes(16).toString("base64url"),
          device,
        },
        [],
      );
    }
    const order = newOrder(store.id, tamal.id);
    const written = await place(order);
    expect(written?.queued).toMatchObject({ pushes: 2, emails: 1 });
    expect(await jobsFor(order.number)).toEqual([NEW_ORDER_EMAIL_JOB, PUSH_JOB, PUSH_JOB]);
    const changes = await db.select().from(orderChanges).where(eq(orderChanges.orderId, order.number));
    expect(changes).toEqual([expect.objectContaining({ storeId: store.id, type: "order.created" })]);
    expect(Number(written?.queued.change_id)).toBe(changes[0]!.id);
  });

  it("a store without devices or e-mail alerts gets no job, and still the order change", async () => {
    const { store, tamal } = await shop();
    const order = newOrder(store.id, tamal.id);
    const written = await place(order);
    expect(written?.queued).toMatchObject({ pushes: 0, emails: 0 });
    expect(await jobsFor(order.number)).toEqual([]);
    expect(await db.select().from(orderChanges).where(eq(orderChanges.orderId, order.number))).toHaveLength(
      1,
    );
  });

  it("are announced once the order commits, and never for one rolled back", async () => {
    const { store, tamal } = await shop();
    const listener = createClient({ connectionString: url });
    await listener.connect();
    const heard: unknown[] = [];
    listener.on("notification", ({ channel, payload }) => {
      for (const value of JSON.parse(payload ?? "[]") as unknown[]) heard.push({ channel, value });
    });
    await listener.query("listen tianguis_orders");
    try {
      const rolledBack = newOrder(store.id, tamal.id);
      await expect(
        inTransaction(db, async (tx) => {
          const written = await writeOrder(tx, rolledBack, queueSideEffects(rolledBack));
          await announceSideEffects(tx, rolledBack, written!.queued);
          throw new Error("rolled back after the announcement");
        }),
      ).rejects.toThrow("rolled back");
      const committed = newOrder(store.id, tamal.id);
      const written = await place(committed);
      const announced = {
        channel: "tianguis_orders",
        value: { s: store.id, id: Number(written!.queued.change_id) },
      };
      await expect.poll(() => heard).toContainEqual(announced);
      expect(heard.filter((heardOne) => JSON.stringify(heardOne).includes(store.id))).toEqual([announced]);
    } finally {
      await listener.end();
    }
  });
});
