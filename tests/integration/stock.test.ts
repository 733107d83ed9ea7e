/**
 * Product stock (docs/decisions/028) on a real PostgreSQL: the last units under 50 simultaneous
 * orders through the built server, a cancel giving units back, daily stock refilling at the
 * store's opening (the clock injected, never waited for), the plan's refusal, idempotent replays
 * and the store page (kept by the page cache) showing each change.
 */
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  createOrder,
  createOwner,
  createProduct,
  createStore,
  type CreateStoreInput,
} from "~/db/factories.server";
import { orderLines, products } from "~/db/schema";
import { parseOrderForm, type OrderFormInput } from "~/domain/orders/order-form";
import { cancelOrder, completeOrder } from "~/domain/orders/owner-orders.server";
import { OutOfStockError, placeOrder } from "~/domain/orders/place-order/index.server";
import { STOCK_MESSAGES } from "~/domain/products/product-form";
import { nextRefillRun, refillDailyStock } from "~/domain/products/stock-refill.server";
import { zonedTime, type OpeningHours } from "~/domain/stores/opening-hours";
import { randomId } from "~/lib/ids";
import { createTestDatabase } from "../support/database";
import { signIn, useServerProcess } from "../support/http-server";
import { untilShown } from "../support/kept-pages";
import { pickupForm, sendAtOnce } from "../support/shopper";

const { db, url: databaseUrl } = await createTestDatabase();
const MX = "America/Mexico_City";

/** A Negocio store (stock is in its plan) that takes pickup orders. */
function negocioStore(settings: NonNullable<CreateStoreInput["settings"]> = {}) {
  return createStore(db, {
    licenceType: "basic",
    // Past the daily-stock tests' clock (2031), which would find a licence of a year expired.
    licenceExpires: new Date("2040-01-01T00:00:00Z"),
    settings: { allowPickup: true, ...settings },
  });
}

function form(lines: OrderFormInput["lines"], key = `clave-${randomId(16)}`) {
  const parsed = parseOrderForm(pickupForm(lines, { idempotencyKey: key }));
  if (!parsed.success) throw new Error(JSON.stringify(parsed.errors));
  return parsed.data;
}

const shopper = () => ({ clientIp: `stock-${randomId(12)}` });

async function stockOf(storeId: string, productId: string) {
  const [row] = await db
    .select({ stock: products.stock })
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.id, productId)));
  return row!.stock;
}

async function orderCount(storeId: string) {
  const [row] = (await db.execute(sql`select count(*)::int as n from orders where store_id = ${storeId}`))
    .rows as { n: number }[];
  return row!.n;
}

describe("placing orders against stock", () => {
  it("refuses more than is left, naming the product and how many are left, and stores nothing", async () => {
    const store = await negocioStore();
    const concha = await createProduct(db, store.id, { name: "Concha de vainilla", stock: 3 });
    const attempt = placeOrder(
      db,
      store.id,
      form([{ productId: concha.id, variation: "", quantity: 5 }]),
      shopper(),
    );
    await expect(attempt).rejects.toBeInstanceOf(OutOfStockError);
    await expect(attempt).rejects.toMatchObject({
      message: "Solo quedan 3 de Concha de vainilla.",
      field: "lines",
      status: 409,
    });
    expect(await stockOf(store.id, concha.id)).toBe(3);
    expect(await orderCount(store.id)).toBe(0);
  });

  it("counts one product's options together and takes exact decimals of a kg product", async () => {
    const store = await negocioStore();
    const concha = await createProduct(db, store.id, {
      name: "Concha",
      variations: ["Vainilla", "Chocolate"],
      stock: 4,
    });
    const queso = await createProduct(db, store.id, {
      name: "Queso Oaxaca",
      unit: "kg",
      quantityStep: 0.25,
      minQuantity: 0.25,
      stock: 1,
    });
    const twoAndThree = [
      { productId: concha.id, variation: "Vainilla", quantity: 2 },
      { productId: concha.id, variation: "Chocolate", quantity: 3 },
    ];
    await expect(placeOrder(db, store.id, form(twoAndThree), shopper())).rejects.toMatchObject({
      message: "Solo quedan 4 de Concha.",
    });
    await placeOrder(
      db,
      store.id,
      form([
        { productId: concha.id, variation: "Vainilla", quantity: 2 },
        { productId: concha.id, variation: "Chocolate", quantity: 2 },
        { productId: queso.id, variation: "", quantity: 0.75 },
      ]),
      shopper(),
    );
    expect(await stockOf(store.id, concha.id)).toBe(0);
    expect(await stockOf(store.id, queso.id)).toBe(0.25);
    await expect(
      placeOrder(db, store.id, form([{ productId: queso.id, variation: "", quantity: 0.5 }]), shopper()),
    ).rejects.toMatchObject({ message: "Solo quedan 0.25 kg de Queso Oaxaca." });
    await expect(
      placeOrder(
        db,
        store.id,
        form([{ productId: concha.id, variation: "Vainilla", quantity: 1 }]),
        shopper(),
      ),
    ).rejects.toMatchObject({ message: "Concha se agotó." });
  });

  it("leaves products without stock, and every product of an Emprendedor store, without limit", async () => {
    const negocio = await negocioStore();
    const cafe = await createProduct(db, negocio.id, { name: "Café" });
    await placeOrder(db, negocio.id, form([{ productId: cafe.id, variation: "", quantity: 50 }]), shopper());
    expect(await stockOf(negocio.id, cafe.id)).toBeNull();

    // A store back on Emprendedor keeps what it had typed, but its stock no longer counts.
    const emprendedor = await createStore(db, { settings: { allowPickup: true } });
    const pan = await createProduct(db, emprendedor.id, { name: "Pan", stock: 1 });
    const { created } = await placeOrder(
      db,
      emprendedor.id,
      form([{ productId: pan.id, variation: "", quantity: 5 }]),
      shopper(),
    );
    expect(created).toBe(true);
    expect(await stockOf(emprendedor.id, pan.id)).toBe(1);
  });
});

describe("cancelling an order", () => {
  it("gives its units back once, only what it took, only to products still counted", async () => {
    const store = await negocioStore();
    const concha = await createProduct(db, store.id, { name: "Concha", stock: 5 });
    const cafe = await createProduct(db, store.id, { name: "Café" });
    const { order } = await placeOrder(
      db,
      store.id,
      form([
        { productId: concha.id, variation: "", quantity: 2 },
        { productId: cafe.id, variation: "", quantity: 1 },
      ]),
      shopper(),
    );
    expect(await stockOf(store.id, concha.id)).toBe(3);
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.number));
    expect(lines.map((line) => [line.productId, line.stockTaken])).toEqual([
      [concha.id, true],
      [cafe.id, false],
    ]);

    await cancelOrder(db, store.id, order.number);
    expect(await stockOf(store.id, concha.id)).toBe(5);
    expect(await stockOf(store.id, cafe.id)).toBeNull();
    await expect(cancelOrder(db, store.id, order.number)).rejects.toMatchObject({ status: 409 });
    expect(await stockOf(store.id, concha.id)).toBe(5);
  });

  it("gives nothing back for an order placed before the product was counted, or completed", async () => {
    const store = await negocioStore();
    const pan = await createProduct(db, store.id, { name: "Pan" });
    const before = await createOrder(db, store.id, {
      lines: [{ productId: pan.id, name: "Pan", price: 50, unit: "pieza", quantity: 4 }],
    });
    await db.update(products).set({ stock: 10 }).where(eq(products.id, pan.id));
    await cancelOrder(db, store.id, before.id);
    expect(await stockOf(store.id, pan.id)).toBe(10);

    const { order } = await placeOrder(
      db,
      store.id,
      form([{ productId: pan.id, variation: "", quantity: 3 }]),
      shopper(),
    );
    await completeOrder(db, store.id, order.number);
    expect(await stockOf(store.id, pan.id)).toBe(7);
  });

  it("gives nothing back to a daily stock refilled since the order was placed", async () => {
    const store = await negocioStore();
    const concha = await createProduct(db, store.id, {
      name: "Concha",
      stock: 40,
      dailyStock: 40,
      stockRefilledAt: new Date(Date.now() - 3_600_000),
    });
    const { order } = await placeOrder(
      db,
      store.id,
      form([{ productId: concha.id, variation: "", quantity: 2 }]),
      shopper(),
    );
    // The store opened again after the order: the day started afresh with 40.
    await db
      .update(products)
      .set({ stock: 40, stockRefilledAt: new Date(Date.now() + 60_000) })
      .where(eq(products.id, concha.id));
    await cancelOrder(db, store.id, order.number);
    expect(await stockOf(store.id, concha.id)).toBe(40);
  });
});

describe("daily stock", () => {
  const range = (open: string, close: string) => ({ open, close });
  /** Every day 08:00–14:00 in Mexico City. */
  const hours: OpeningHours = {
    weekly: Array.from({ length: 7 }, () => [range("08:00", "14:00")]),
    exceptions: [],
  };
  const at = (date: string, time: string) =>
    zonedTime(date, Number(time.slice(0, 2)) * 60 + Number(time.slice(3)), MX);
  // Far in the future so that no other test's store is due at these times with another answer.
  const day = "2031-03-10";
  const nextDay = "2031-03-11";

  async function bakery() {
    const store = await negocioStore({ openingHours: hours, timeZone: MX });
    const concha = await createProduct(db, store.id, {
      name: "Concha",
      stock: 0,
      dailyStock: 40,
      lowStockThreshold: 5,
      stockRefilledAt: at(day, "08:00"),
    });
    return { store, concha };
  }

  it("refills at the store's opening, not a minute before, and once however often it runs", async () => {
    const { store, concha } = await bakery();
    await refillDailyStock(db, at(nextDay, "07:59"));
    expect(await stockOf(store.id, concha.id)).toBe(0);

    const runs = await Promise.all(
      Array.from({ length: 5 }, () => refillDailyStock(db, at(nextDay, "08:00"))),
    );
    expect(await stockOf(store.id, concha.id)).toBe(40);
    // However many instances ran it at once, the product refilled in one of them only.
    const [{ n }] = (
      await db.execute(sql`select count(*)::int as n from products where id = ${concha.id}
        and stock_refilled_at = ${at(nextDay, "08:00").toISOString()}::timestamptz`)
    ).rows as { n: number }[];
    expect(n).toBe(1);
    expect(runs.every((run) => run.next !== null)).toBe(true);

    await db.update(products).set({ stock: 12 }).where(eq(products.id, concha.id));
    await refillDailyStock(db, at(nextDay, "13:00"));
    expect(await stockOf(store.id, concha.id)).toBe(12);
  });

  it("the first order after the opening meets the refilled stock, before the job has run", async () => {
    const { store, concha } = await bakery();
    const opened = () => at(nextDay, "08:05");
    const { created } = await placeOrder(
      db,
      store.id,
      form([{ productId: concha.id, variation: "", quantity: 3 }]),
      { ...shopper(), clock: opened },
    );
    expect(created).toBe(true);
    expect(await stockOf(store.id, concha.id)).toBe(37);
    // Later on the day it last refilled, what was sold stays sold.
    const { store: early, concha: empty } = await bakery();
    await expect(
      placeOrder(db, early.id, form([{ productId: empty.id, variation: "", quantity: 1 }]), {
        ...shopper(),
        clock: () => at(day, "13:00"),
      }),
    ).rejects.toMatchObject({ message: "Concha se agotó." });
  });

  it("queues its next run at the next opening, or at the next full hour if that is sooner", () => {
    const now = new Date("2031-03-10T10:20:00Z");
    expect(nextRefillRun(now, new Date("2031-03-10T10:45:00Z"))).toEqual(new Date("2031-03-10T10:45:00Z"));
    expect(nextRefillRun(now, new Date("2031-03-10T14:00:00Z"))).toEqual(new Date("2031-03-10T11:00:00Z"));
    expect(nextRefillRun(now, null)).toEqual(new Date("2031-03-10T11:00:00Z"));
  });
});

describe("through the built server", () => {
  // Behind one trusted proxy, each shopper has an address of its own (the limit is per address).
  const running = useServerProcess(databaseUrl, { TRUST_PROXY: "1" });
  const address = () => `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 254) + 1}`;

  function postOrder(storeId: string, productId: string, key = `clave-${randomId(16)}`, quantity = 1) {
    return fetch(`${running.server.url}/s/${storeId}/api`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": address() },
      body: JSON.stringify({
        intent: "place-order",
        form: pickupForm([{ productId, quantity }], { idempotencyKey: key }),
      }),
    });
  }

  it("50 simultaneous orders for the last 5 units: exactly 5 accepted, 45 told it sold out", async () => {
    const store = await negocioStore();
    const concha = await createProduct(db, store.id, { name: "Concha de vainilla", stock: 5 });
    const { ms, accepted, refused } = await sendAtOnce(50, () => postOrder(store.id, concha.id));
    const left = await stockOf(store.id, concha.id);
    const stored = await orderCount(store.id);
    console.info(
      `[figures] 50 simultaneous orders for the last 5 units: ${accepted.length} accepted, ${refused.length} refused, stock left ${left}, orders stored ${stored}, in ${ms} ms`,
    );
    expect(accepted).toHaveLength(5);
    expect(refused).toHaveLength(45);
    for (const answer of refused)
      expect(answer.body).toMatchObject({
        ok: false,
        message: "Concha de vainilla se agotó.",
        fieldErrors: { lines: "Concha de vainilla se agotó." },
        outOfStock: { productId: concha.id, left: 0 },
      });
    expect(left).toBe(0);
    expect(stored).toBe(5);
    const [{ taken }] = (
      await db.execute(sql`select sum(quantity)::int as taken from order_lines where store_id = ${store.id}`)
    ).rows as { taken: number }[];
    expect(taken).toBe(5);
  });

  it("a replayed order, one after another or 10 at once, takes its units once", async () => {
    const store = await negocioStore();
    const concha = await createProduct(db, store.id, { name: "Concha", stock: 10 });
    const key = `clave-${randomId(16)}`;
    const first = await postOrder(store.id, concha.id, key, 2);
    const { order } = (await first.json()) as { order: { number: string } };
    const replays = await Promise.all(
      Array.from({ length: 10 }, () => postOrder(store.id, concha.id, key, 2)),
    );
    for (const replay of replays) {
      expect(replay.status).toBe(200);
      expect(((await replay.json()) as { order: { number: string } }).order.number).toBe(order.number);
    }
    expect(await stockOf(store.id, concha.id)).toBe(8);
    expect(await orderCount(store.id)).toBe(1);
  });

  it("the kept store page says Quedan N, then Agotado once an order takes the rest, then not after a cancel", async () => {
    const store = await negocioStore();
    const oreja = await createProduct(db, store.id, { name: "Oreja", stock: 3, lowStockThreshold: 5 });
    const page = async () => (await fetch(`${running.server.url}/${store.id}`)).text();
    const first = await page();
    expect(first).toContain("Quedan 3");
    expect(first).not.toContain("Agotado");
    expect(await page()).toContain("Quedan 3"); // the cached copy

    const placed = await postOrder(store.id, oreja.id, undefined, 3);
    const { order } = (await placed.json()) as { order: { number: string } };
    const soldOut = await page();
    expect(soldOut).toContain("Agotado");
    expect(soldOut).not.toContain("Quedan 3");

    // The cancel is written behind the server's back, as another instance would: the page shows it
    // within the bound the versions in memory promise.
    await cancelOrder(db, store.id, order.number);
    const restocked = await untilShown(running.server.url, `/${store.id}`, (kept) =>
      kept.html.includes("Quedan 3"),
    );
    expect(restocked.html).not.toContain("Agotado");
  });

  describe("the owner's product form", () => {
    async function owner(licence: "starter" | "basic") {
      const store =
        licence === "basic"
          ? await negocioStore()
          : await createStore(db, { settings: { allowPickup: true } });
      const account = await createOwner(db, { storeId: store.id });
      return { store, cookie: await signIn(running.server.url, account.email, account.password) };
    }
    const fields = (extra: Record<string, string>) =>
      new URLSearchParams({ name: "Concha", description: "Pan dulce", price: "14", unit: "pieza", ...extra });
    const post = (cookie: string, body: URLSearchParams) =>
      fetch(`${running.server.url}/i/admin/products`, {
        method: "POST",
        headers: { cookie },
        body,
        redirect: "manual",
      });

    it("refuses stock on Emprendedor, whatever the browser sends, and stores nothing", async () => {
      const { store, cookie } = await owner("starter");
      const tries: Record<string, string>[] = [{ stock: "5" }, { dailyStock: "40" }];
      for (const extra of tries) {
        const response = await post(cookie, fields({ intent: "create", ...extra }));
        expect(response.status).toBe(409);
        expect(await response.json()).toMatchObject({ ok: false, message: STOCK_MESSAGES.plan });
      }
      expect(await db.select().from(products).where(eq(products.storeId, store.id))).toHaveLength(0);
      // Without stock the same form is fine.
      expect((await post(cookie, fields({ intent: "create" }))).status).toBe(200);
    });

    it("on Negocio, stores it, and keeps the units orders took while the dialog was open", async () => {
      const { store, cookie } = await owner("basic");
      const created = await post(cookie, fields({ intent: "create", stock: "5", lowStockThreshold: "2" }));
      expect(created.status).toBe(200);
      const [product] = await db.select().from(products).where(eq(products.storeId, store.id));
      expect(product).toMatchObject({ stock: 5, lowStockThreshold: 2, dailyStock: null });

      // The dialog showed 5; meanwhile an order took 2; the owner changes only the price.
      await postOrder(store.id, product!.id, undefined, 2);
      const update = { intent: "update", productId: product!.id, stockWas: "5", lowStockThreshold: "2" };
      expect((await post(cookie, fields({ ...update, stock: "5", price: "15" }))).status).toBe(200);
      expect(await stockOf(store.id, product!.id)).toBe(3);
      // Typing a new count writes it.
      expect((await post(cookie, fields({ ...update, stock: "12" }))).status).toBe(200);
      expect(await stockOf(store.id, product!.id)).toBe(12);

      const bad = await post(cookie, fields({ intent: "create", stock: "-1" }));
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ fieldErrors: { stock: STOCK_MESSAGES.stock.whole } });
    });
  });
});
