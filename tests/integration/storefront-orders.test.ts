import { sql } from "drizzle-orm";
import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createProduct, createStore } from "~/db/factories.server";
import { analyticsEvents, orderLines, orders, stores, storeSettings } from "~/db/schema";
import { lookupOrder } from "~/domain/orders/lookup.server";
import { ORDER_MESSAGES, parseOrderForm, type OrderFormInput } from "~/domain/orders/order-form";
import { ORDER_NUMBER_ALPHABET } from "~/domain/orders/order-number";
import { placeOrder, ProductUnavailableError } from "~/domain/orders/place-order/index.server";
import { AppError } from "~/lib/errors";
import { randomId } from "~/lib/ids";
import { createTestDatabase } from "../support/database";
import { useServerProcess } from "../support/http-server";

const { db, url: databaseUrl } = await createTestDatabase();
/** One shopper's address: every order here counts against its limit (30 per 10 minutes). */
const shopper = { clientIp: `shopper-${crypto.randomUUID()}` };

async function storeWithProducts() {
  const store = await createStore(db, { settings: { allowPickup: true, allowDelivery: true } });
  const concha = await createProduct(db, store.id, {
    name: "Concha",
    price: 14,
    variations: ["Vainilla", "Chocolate"],
  });
  const galletas = await createProduct(db, store.id, { name: "Galletas", price: 260, unit: "kg" });
  return { store, concha, galletas };
}

function form(overrides: Partial<OrderFormInput> & Pick<OrderFormInput, "lines">) {
  const parsed = parseOrderForm({
    customerName: "Ana López",
    customerPhone: "4491112233",
    deliveryType: "delivery",
    address: "Madero 12, Centro",
    comments: "Sin nuez, por favor",
    idempotencyKey: `clave-${randomId(16)}`,
    ...overrides,
  });
  if (!parsed.success) throw new Error(JSON.stringify(parsed.errors));
  return parsed.data;
}

async function ordersOf(storeId: string) {
  return db.select().from(orders).where(eq(orders.storeId, storeId));
}

describe("placing an order", () => {
  it("stores the database's prices, whatever the browser claimed, with a copy of each line", async () => {
    const { store, concha, galletas } = await storeWithProducts();
    // A tampered client could add any extra field (price, total): the schema drops them.
    const tampered = {
      customerName: "Ana",
      customerPhone: "",
      deliveryType: "pickup",
      address: "",
      comments: "",
      idempotencyKey: `clave-${randomId(16)}`,
      total: 1,
      lines: [
        { productId: concha.id, variation: "Chocolate", quantity: 3, price: 0.01 },
        { productId: galletas.id, variation: "", quantity: 2, price: 0.01 },
      ],
    };
    const parsed = parseOrderForm(tampered);
    expect(parsed.success).toBe(true);
    const { order, created } = await placeOrder(
      db,
      store.id,
      parsed.success ? parsed.data : (undefined as never),
      shopper,
    );
    expect(created).toBe(true);
    expect(order.total).toBe(3 * 14 + 2 * 260);

    const [stored] = await ordersOf(store.id);
    expect(stored).toMatchObject({ id: order.number, status: "pending", total: 562, customerName: "Ana" });
    expect(stored!.createdAt).toBeInstanceOf(Date);
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.number));
    expect(
      lines.map(({ name, variation, quantity, unit, price }) => ({ name, variation, quantity, unit, price })),
    ).toEqual([
      { name: "Concha", variation: "Chocolate", quantity: 3, unit: "pieza", price: 14 },
      { name: "Galletas", variation: "", quantity: 2, unit: "kg", price: 260 },
    ]);
    const events = await db
      .select()
      .from(analyticsEvents)
      .where(and(eq(analyticsEvents.storeId, store.id), eq(analyticsEvents.name, "place_order")));
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({ orderId: order.number });
  });

  it("gives unguessable, readable numbers: 13 symbols without look-alikes", async () => {
    const { store, concha } = await storeWithProducts();
    const { order } = await placeOrder(
      db,
      store.id,
      form({ lines: [{ productId: concha.id, variation: "Vainilla", quantity: 1 }] }),
      shopper,
    );
    expect(order.number).toMatch(
      new RegExp(
        `^[${ORDER_NUMBER_ALPHABET}]{4}-[${ORDER_NUMBER_ALPHABET}]{4}-[${ORDER_NUMBER_ALPHABET}]{5}$`,
      ),
    );
  });

  it("refuses an unavailable product with its fixed message and stores nothing", async () => {
    const { store, concha } = await storeWithProducts();
    const rosca = await createProduct(db, store.id, { name: "Rosca", available: false });
    const attempt = placeOrder(
      db,
      store.id,
      form({
        lines: [
          { productId: concha.id, variation: "Vainilla", quantity: 1 },
          { productId: rosca.id, variation: "", quantity: 1 },
        ],
      }),
      shopper,
    );
    await expect(attempt).rejects.toBeInstanceOf(ProductUnavailableError);
    await expect(attempt).rejects.toMatchObject({
      message: "Este producto ya no está disponible y ha sido removido de la lista.",
      productId: rosca.id,
    });
    expect(await ordersOf(store.id)).toHaveLength(0);
    const [lines] = await db.select({ n: count() }).from(orderLines).where(eq(orderLines.storeId, store.id));
    expect(lines!.n).toBe(0);
    const [events] = await db
      .select({ n: count() })
      .from(analyticsEvents)
      .where(eq(analyticsEvents.storeId, store.id));
    expect(events!.n).toBe(0);
  });

  it("refuses an order whose total would not fit, next to its lines, and stores nothing", async () => {
    const store = await createStore(db);
    // The dearest price a product may have, 999 times: past the largest total an order may have.
    const pastel = await createProduct(db, store.id, { name: "Pastel de bodas", price: 999_999.99 });
    const attempt = placeOrder(
      db,
      store.id,
      form({ deliveryType: "pickup", lines: [{ productId: pastel.id, variation: "", quantity: 999 }] }),
      shopper,
    );
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({
      code: "VALIDATION",
      message: ORDER_MESSAGES.tooLarge,
      field: "lines",
    });
    expect(await ordersOf(store.id)).toHaveLength(0);
  });

  it("refuses another store's product and an option the product does not have", async () => {
    const { store, concha } = await storeWithProducts();
    const other = await storeWithProducts();
    await expect(
      placeOrder(
        db,
        store.id,
        form({ lines: [{ productId: other.concha.id, variation: "Vainilla", quantity: 1 }] }),
        shopper,
      ),
    ).rejects.toMatchObject({ code: "UNAVAILABLE" });
    await expect(
      placeOrder(
        db,
        store.id,
        form({ lines: [{ productId: concha.id, variation: "Fresa", quantity: 1 }] }),
        shopper,
      ),
    ).rejects.toMatchObject({ code: "UNAVAILABLE" });
    expect(await ordersOf(store.id)).toHaveLength(0);
  });

  it("refuses a delivery type the store does not offer", async () => {
    const store = await createStore(db, { settings: { allowPickup: true, allowDelivery: false } });
    const product = await createProduct(db, store.id);
    await expect(
      placeOrder(
        db,
        store.id,
        form({ lines: [{ productId: product.id, variation: "", quantity: 1 }] }),
        shopper,
      ),
    ).rejects.toMatchObject({ field: "deliveryType", message: ORDER_MESSAGES.deliveryNotAllowed });
    expect(await ordersOf(store.id)).toHaveLength(0);
  });

  it("50 concurrent submissions with one key create one order and all get the same number", async () => {
    const { store, concha } = await storeWithProducts();
    const input = form({ lines: [{ productId: concha.id, variation: "Vainilla", quantity: 2 }] });
    const results = await Promise.all(
      Array.from({ length: 50 }, () => placeOrder(db, store.id, input, shopper)),
    );
    const numbers = new Set(results.map((result) => result.order.number));
    expect(numbers.size).toBe(1);
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(results.every((result) => result.order.total === 28)).toBe(true);
    expect(await ordersOf(store.id)).toHaveLength(1);
    const [lines] = await db.select({ n: count() }).from(orderLines).where(eq(orderLines.storeId, store.id));
    expect(lines!.n).toBe(1);

    // A retry much later (a reload) still answers with the same order.
    const retry = await placeOrder(db, store.id, input, shopper);
    expect(retry).toMatchObject({ created: false, order: { number: [...numbers][0] } });
  });

  it("a retry of a placed order gets its number even after the store stopped taking such orders, or closed", async () => {
    const { store, concha } = await storeWithProducts();
    const input = form({ lines: [{ productId: concha.id, variation: "Vainilla", quantity: 1 }] });
    const { order } = await placeOrder(db, store.id, input, shopper);
    await db.update(storeSettings).set({ allowDelivery: false }).where(eq(storeSettings.storeId, store.id));
    expect(await placeOrder(db, store.id, input, shopper)).toMatchObject({
      created: false,
      order: { number: order.number },
    });
    await db.update(stores).set({ closedAt: new Date() }).where(eq(stores.id, store.id));
    expect(await placeOrder(db, store.id, input, shopper)).toMatchObject({
      created: false,
      order: { number: order.number },
    });
    // A new order is refused by both.
    await expect(
      placeOrder(
        db,
        store.id,
        form({ lines: [{ productId: concha.id, variation: "", quantity: 1 }] }),
        shopper,
      ),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await ordersOf(store.id)).toHaveLength(1);
  });
});

describe("looking an order up", () => {
  async function placed() {
    const { store, concha } = await storeWithProducts();
    const { order } = await placeOrder(
      db,
      store.id,
      form({
        customerName: "Nombre Secreto",
        customerPhone: "4499998877",
        lines: [{ productId: concha.id, variation: "Vainilla", quantity: 2 }],
      }),
      shopper,
    );
    return { store, order };
  }

  it("shows status, date, delivery, address, comments, lines and total, and never the name or phone", async () => {
    const { store, order } = await placed();
    const found = await lookupOrder(db, {
      storeId: store.id,
      number: order.number,
      clientIp: `ip-${randomId()}`,
    });
    expect(found).toEqual({
      number: order.number,
      status: "pending",
      createdAt: expect.any(String),
      deliveryType: "delivery",
      address: "Madero 12, Centro",
      comments: "Sin nuez, por favor",
      total: 28,
      lines: [{ name: "Concha", variation: "Vainilla", choices: [], quantity: 2, unit: "pieza", price: 14 }],
      step: null,
      cancelReason: "",
      paymentMethod: null,
      cashAmount: null,
      paid: false,
      refunded: false,
      transferReported: false,
      scheduledFor: null,
      deliveryZone: "",
      deliveryFee: 0,
      discount: 0,
      discounts: [],
      tip: 0,
      tipPercent: null,
    });
    const serialized = JSON.stringify(found);
    expect(serialized).not.toContain("Nombre Secreto");
    expect(serialized).not.toContain("4499998877");
  });

  it("finds it typed in lower case without hyphens", async () => {
    const { store, order } = await placed();
    const typed = order.number.replace(/-/g, " ").toLowerCase();
    const found = await lookupOrder(db, { storeId: store.id, number: typed, clientIp: `ip-${randomId()}` });
    expect(found.number).toBe(order.number);
  });

  it("answers 'not found' for an unknown number, a too long one, and another store's order", async () => {
    const { store, order } = await placed();
    const other = await createStore(db);
    const clientIp = `ip-${randomId()}`;
    for (const [storeId, number] of [
      [store.id, "ABCD-EFGH-JKMNP"],
      [store.id, "A".repeat(41)],
      [other.id, order.number],
    ] as const) {
      const attempt = lookupOrder(db, { storeId, number, clientIp });
      await expect(attempt).rejects.toBeInstanceOf(AppError);
      await expect(attempt).rejects.toMatchObject({
        status: 404,
        message: "No se encontró una orden con ese número.",
      });
    }
  });

  it("limits lookups per address with 429 after the 30th", async () => {
    const { store, order } = await placed();
    const clientIp = `ip-${randomId()}`;
    for (let i = 0; i < 30; i++) await lookupOrder(db, { storeId: store.id, number: order.number, clientIp });
    const attempt = lookupOrder(db, { storeId: store.id, number: order.number, clientIp });
    await expect(attempt).rejects.toMatchObject({ status: 429, code: "RATE_LIMITED" });
    // Another address is not affected.
    await expect(
      lookupOrder(db, { storeId: store.id, number: order.number, clientIp: `ip-${randomId()}` }),
    ).resolves.toMatchObject({ number: order.number });
  });
});

describe("the storefront endpoint (POST /s/<storeId>/api)", () => {
  // Behind one trusted proxy, each test's shopper has an address of its own.
  const running = useServerProcess(databaseUrl, { TRUST_PROXY: "1" });

  const randomAddress = () =>
    `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 254) + 1}`;

  function post(storeId: string, body: unknown, clientIp: string) {
    return fetch(`${running.server.url}/s/${storeId}/api`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": clientIp },
      body: JSON.stringify(body),
    });
  }

  it("places an order over HTTP and answers the lookup; the 31st lookup from one address gets 429", async () => {
    const { store, concha } = await storeWithProducts();
    const clientIp = randomAddress();
    const placed = await post(
      store.id,
      {
        intent: "place-order",
        form: {
          customerName: "Ana",
          customerPhone: "",
          deliveryType: "pickup",
          address: "",
          comments: "",
          idempotencyKey: `clave-${randomId(16)}`,
          lines: [{ productId: concha.id, variation: "Vainilla", quantity: 1, price: 0 }],
        },
      },
      clientIp,
    );
    expect(placed.status).toBe(200);
    const { order } = (await placed.json()) as { order: { number: string; total: number } };
    expect(order.total).toBe(14);

    for (let i = 0; i < 30; i++) {
      const response = await post(store.id, { intent: "lookup-order", number: order.number }, clientIp);
      expect(response.status).toBe(200);
      const body = await response.text();
      expect(body).not.toContain("Ana");
    }
    const limited = await post(store.id, { intent: "lookup-order", number: order.number }, clientIp);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  const orderBody = (productId: string, key = `clave-${randomId(16)}`) => ({
    intent: "place-order",
    form: {
      customerName: "Ana",
      customerPhone: "",
      deliveryType: "pickup",
      address: "",
      comments: "",
      idempotencyKey: key,
      lines: [{ productId, variation: "Vainilla", quantity: 1 }],
    },
  });

  it("50 simultaneous orders from one address never pass its limit of 30 (429 with Retry-After after)", async () => {
    const { store, concha } = await storeWithProducts();
    const address = randomAddress();
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => post(store.id, orderBody(concha.id), address)),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
    const refused = responses.find((response) => response.status === 429)!;
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ ok: false, message: ORDER_MESSAGES.failure });
    const [{ placed }] = (
      await db.execute(sql`select count(*)::int as placed from orders where store_id = ${store.id}`)
    ).rows as { placed: number }[];
    expect(placed).toBe(30);
  });

  it("35 replays of one order from one address all answer its number and are not counted", async () => {
    const { store, concha } = await storeWithProducts();
    const address = randomAddress();
    const body = orderBody(concha.id);
    const first = await post(store.id, body, address);
    const { order } = (await first.json()) as { order: { number: string } };
    const replays = await Promise.all(Array.from({ length: 35 }, () => post(store.id, body, address)));
    for (const replay of replays) {
      expect(replay.status).toBe(200);
      expect(((await replay.json()) as { order: { number: string } }).order.number).toBe(order.number);
    }
    // The replays took nothing from the address's 30: 29 new orders still pass, the 30th new one does not.
    for (let i = 0; i < 29; i++)
      expect((await post(store.id, orderBody(concha.id), address)).status).toBe(200);
    expect((await post(store.id, orderBody(concha.id), address)).status).toBe(429);
  });

  it("publishes the store's phone, and so a WhatsApp confirmation, only when the owner asks for it", async () => {
    const phone = "4497654321";
    const quiet = await createStore(db, { settings: { phone, requireWhatsappConfirmation: false } });
    const asking = await createStore(db, { settings: { phone, requireWhatsappConfirmation: true } });
    // The page's HTML carries everything the island and link previews get: its data, JSON-LD, links.
    for (const pathname of [`/${quiet.id}`, `/s/${quiet.id}`]) {
      const html = await (await fetch(`${running.server.url}${pathname}`)).text();
      expect(html).toContain(quiet.id);
      expect(html).not.toContain(phone);
    }
    const html = await (await fetch(`${running.server.url}/${asking.id}`)).text();
    expect(html).toContain(`"whatsappPhone":"${phone}"`);
  });

  it("refuses a delivery without a phone beside the phone, storing nothing; a pickup needs none", async () => {
    const { store, concha } = await storeWithProducts();
    const delivery = {
      ...orderBody(concha.id).form,
      deliveryType: "delivery",
      address: "Madero 12, Centro",
    };
    for (const customerPhone of ["", "   "]) {
      const refused = await post(
        store.id,
        { intent: "place-order", form: { ...delivery, customerPhone } },
        randomAddress(),
      );
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({
        ok: false,
        message: ORDER_MESSAGES.failure,
        fieldErrors: { customerPhone: "Para entregar a domicilio necesitamos tu teléfono." },
      });
    }
    expect(await ordersOf(store.id)).toHaveLength(0);

    const pickup = await post(store.id, orderBody(concha.id), randomAddress());
    expect(pickup.status).toBe(200);
    const delivered = await post(
      store.id,
      { intent: "place-order", form: { ...delivery, customerPhone: "4491112233" } },
      randomAddress(),
    );
    expect(delivered.status).toBe(200);
    const stored = await ordersOf(store.id);
    expect(stored.map((order) => [order.deliveryType, order.customerPhone]).sort()).toEqual([
      ["delivery", "4491112233"],
      ["pickup", ""],
    ]);
  });

  it("answers 400 with the field messages for a bad form, and 409 naming an unavailable product", async () => {
    const { store } = await storeWithProducts();
    const rosca = await createProduct(db, store.id, { available: false });
    const base = {
      customerName: "",
      customerPhone: "123",
      deliveryType: "delivery",
      address: "",
      comments: "",
      idempotencyKey: `clave-${randomId(16)}`,
      lines: [{ productId: rosca.id, variation: "", quantity: 1 }],
    };
    const bad = await post(store.id, { intent: "place-order", form: base }, randomAddress());
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fieldErrors: unknown }).fieldErrors).toEqual({
      customerName: ORDER_MESSAGES.name,
      customerPhone: ORDER_MESSAGES.phone,
      address: ORDER_MESSAGES.address,
    });
    const refused = await post(
      store.id,
      {
        intent: "place-order",
        form: { ...base, customerName: "Ana", customerPhone: "4491112233", address: "Madero 1" },
      },
      randomAddress(),
    );
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      message: ORDER_MESSAGES.unavailable,
      unavailable: { productId: rosca.id },
    });
    expect(await ordersOf(store.id)).toHaveLength(0);
  });
});
