/**
 * Propina through the real PostgreSQL and the built server: the owner's settings, the server's
 * own pricing of the tip (a tampered one refused, beside its field, with nothing written), the
 * cash that must cover it, and the tip apart on the tracking page, the kitchen ticket, the export
 * and the Resumen.
 */
import { eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { createOwner, createProduct, createStore } from "~/db/factories.server";
import { discountCodes, orders, stores, storeSettings } from "~/db/schema";
import { storeExportZip } from "~/domain/data-export/export.server";
import { parseOrderForm, type OrderFormInput } from "~/domain/orders/order-form";
import { readOrderSummary } from "~/domain/orders/order-summary.server";
import { PAYMENT_MESSAGES } from "~/domain/orders/payment";
import { placeOrder } from "~/domain/orders/place-order/index.server";
import { TIP_MESSAGES } from "~/domain/orders/tips";
import { loadDashboard } from "~/domain/stores/dashboard.server";
import { AppError } from "~/lib/errors";
import { randomId } from "~/lib/ids";
import { createTestDatabase } from "../support/database";
import { signIn, useServerProcess } from "../support/http-server";

const { db, url: databaseUrl } = await createTestDatabase();
const running = useServerProcess(databaseUrl, { TRUST_PROXY: "1" });
const base = () => running.server.url;
const randomAddress = () =>
  `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 254) + 1}`;

const TIPPING = { tipsEnabled: true, tipPercentages: [10, 15, 20], tipOwnAmount: false };

/** A store with a 30-peso delivery everywhere, selling conchas at 14.50. */
async function shop(settings: Partial<typeof storeSettings.$inferInsert> = TIPPING) {
  const store = await createStore(db, {
    displayName: "Panadería La Espiga",
    settings: {
      allowPickup: true,
      allowDelivery: true,
      paymentMethods: ["cash", "card"],
      deliveryPricing: { zones: [], flatFee: 30, freeOver: null },
      ...settings,
    },
  });
  const concha = await createProduct(db, store.id, { name: "Concha", price: 14.5 });
  return { store, concha };
}

function form(productId: string, extra: Partial<OrderFormInput> = {}) {
  const parsed = parseOrderForm({
    customerName: "Ana López",
    customerPhone: "4491112233",
    deliveryType: "delivery",
    address: "Madero 12, Centro",
    comments: "",
    paymentMethod: "card",
    idempotencyKey: `clave-${randomId(16)}`,
    lines: [{ productId, variation: "", quantity: 7 }],
    ...extra,
  });
  if (!parsed.success) throw new Error(JSON.stringify(parsed.errors));
  return parsed.data;
}

const place = (storeId: string, order: ReturnType<typeof form>) =>
  placeOrder(db, storeId, order, { clientIp: `tips-${randomId(8)}` });

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  return { field: (error as AppError).field, message: (error as AppError).message };
}

const ordersOf = (storeId: string) => db.select().from(orders).where(eq(orders.storeId, storeId));

describe("the server prices the tip itself", () => {
  it("stores 15 % of the subtotal after discounts, apart from the total and without the delivery", async () => {
    const { store, concha } = await shop();
    // 7 × 14.50 = 101.50; 15 % = 15.225 → 15.23; the delivery's 30 is not tipped.
    const { order } = await place(store.id, form(concha.id, { tip: "15" }));
    expect(order).toMatchObject({ total: 131.5, deliveryFee: 30, tip: 15.23, tipPercent: 15 });
    const [row] = await ordersOf(store.id);
    expect(row).toMatchObject({ total: 131.5, tip: 15.23, tipPercent: 15, discount: 0 });
    expect(await readOrderSummary(db, store.id, order.number)).toMatchObject({ tip: 15.23, tipPercent: 15 });
  });

  it("tips the subtotal after the discounts, which never take from the tip; the tip buys no free delivery", async () => {
    const { store, concha } = await shop({
      ...TIPPING,
      // Free delivery from $100: the discounted subtotal is under it, the tip would bring it over.
      deliveryPricing: { zones: [], flatFee: 30, freeOver: 100 },
    });
    await db
      .update(stores)
      .set({ licenceType: "basic", licenceExpires: new Date("2040-01-01T00:00:00Z") })
      .where(eq(stores.id, store.id));
    await db
      .insert(discountCodes)
      .values({ storeId: store.id, id: "c1", code: "MENOS10", kind: "amount", value: 10 });
    // 101.50 − 10 = 91.50; 20 % = 18.30; delivery still 30 (91.50 < 100, whatever the tip).
    const { order } = await place(store.id, form(concha.id, { tip: "20", couponCode: "MENOS10" }));
    expect(order).toMatchObject({ discount: 10, deliveryFee: 30, total: 121.5, tip: 18.3, tipPercent: 20 });
  });

  it("stores no tip by default, and an own amount where the store takes one", async () => {
    const { store, concha } = await shop({ ...TIPPING, tipOwnAmount: true });
    const none = await place(store.id, form(concha.id));
    expect(none.order).toMatchObject({ total: 131.5, tip: 0, tipPercent: null });
    const own = await place(store.id, form(concha.id, { tip: "own", tipAmount: "20.50" }));
    expect(own.order).toMatchObject({ total: 131.5, tip: 20.5, tipPercent: null });
  });

  it("refuses a percentage the store does not offer, an own amount it does not take, and any tip where it offers none", async () => {
    const { store, concha } = await shop();
    expect(await refusal(place(store.id, form(concha.id, { tip: "25" })))).toEqual({
      field: "tip",
      message: TIP_MESSAGES.percentNotOffered,
    });
    expect(await refusal(place(store.id, form(concha.id, { tip: "own", tipAmount: "10" })))).toEqual({
      field: "tip",
      message: TIP_MESSAGES.ownNotAllowed,
    });
    const plain = await shop({});
    expect(await refusal(place(plain.store.id, form(plain.concha.id, { tip: "10" })))).toEqual({
      field: "tip",
      message: TIP_MESSAGES.notOffered,
    });
    expect(await ordersOf(store.id)).toHaveLength(0);
    expect(await ordersOf(plain.store.id)).toHaveLength(0);
  });

  it("caps an own amount at the subtotal", async () => {
    const { store, concha } = await shop({ ...TIPPING, tipOwnAmount: true });
    expect(await refusal(place(store.id, form(concha.id, { tip: "own", tipAmount: "101.51" })))).toEqual({
      field: "tipAmount",
      message: TIP_MESSAGES.tooLarge(101.5),
    });
    expect(await ordersOf(store.id)).toHaveLength(0);
  });

  it("asks the cash to cover the total with the tip", async () => {
    const { store, concha } = await shop();
    // 131.50 + 15.23 = 146.73
    const short = form(concha.id, { tip: "15", paymentMethod: "cash", cashAmount: "146.72" });
    expect(await refusal(place(store.id, short))).toEqual({
      field: "cashAmount",
      message: PAYMENT_MESSAGES.cashBelowTotal,
    });
    const enough = form(concha.id, { tip: "15", paymentMethod: "cash", cashAmount: "146.73" });
    expect((await place(store.id, enough)).order).toMatchObject({ tip: 15.23, cashAmount: 146.73 });
  });
});

describe("over HTTP", () => {
  function post(storeId: string, extra: Record<string, string>, productId: string) {
    return fetch(`${base()}/s/${storeId}/api`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": randomAddress() },
      body: JSON.stringify({
        intent: "place-order",
        form: {
          customerName: "Ana López",
          customerPhone: "4491112233",
          deliveryType: "pickup",
          address: "",
          comments: "",
          paymentMethod: "card",
          idempotencyKey: `clave-${randomId(16)}`,
          lines: [{ productId, variation: "", quantity: 7 }],
          ...extra,
        },
      }),
    });
  }

  it("refuses a tampered tip with 400 beside its field and writes nothing; a good one is stored", async () => {
    const { store, concha } = await shop({ ...TIPPING, tipOwnAmount: false });
    for (const [tampered, field] of [
      [{ tip: "30" }, "tip"],
      [{ tip: "own", tipAmount: "10" }, "tip"],
      [{ tip: "own", tipAmount: "-10" }, "tipAmount"],
      [{ tip: "-15" }, "tip"],
      // A tip amount the browser worked out is never used.
      [{ tip: "15", tipAmount: "0.01", tipPercent: "15" }, null],
    ] as const) {
      const response = await post(store.id, tampered, concha.id);
      if (field === null) {
        expect(response.status).toBe(200);
        continue;
      }
      expect(response.status, JSON.stringify(tampered)).toBe(400);
      const body = (await response.json()) as { fieldErrors: Record<string, string> };
      expect(Object.keys(body.fieldErrors)).toEqual([field]);
    }
    const rows = await ordersOf(store.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ total: 101.5, tip: 15.23, tipPercent: 15 });

    const good = await post(store.id, { tip: "20" }, concha.id);
    expect(good.status).toBe(200);
    expect(((await good.json()) as { order: unknown }).order).toMatchObject({ tip: 20.3, tipPercent: 20 });
  });

  it("shows the tip apart on the tracking page and the kitchen ticket, 'Total a pagar' with it", async () => {
    const { store, concha } = await shop();
    const owner = await createOwner(db, { storeId: store.id });
    const { order } = await place(store.id, form(concha.id, { tip: "15" }));
    const tracking = await (await fetch(`${base()}/s/${store.id}/pedido/${order.number}`)).text();
    expect(tracking).toMatch(/Propina \(15 %\)<\/span><span[^>]*>\$15\.23/);
    expect(tracking).toMatch(/Total a pagar<\/span><span>\$146\.73/);
    const cookie = await signIn(base(), owner.email, owner.password);
    const ticket = await (
      await fetch(`${base()}/i/admin/pedidos/${order.number}/ticket`, { headers: { cookie } })
    ).text();
    expect(ticket).toMatch(/Propina \(15 %\)<\/span><span[^>]*>\$15\.23/);
    expect(ticket).toMatch(/Total a pagar<\/span><span>\$146\.73/);
  });

  it("a store without tips shows and prints 'Total' as before", async () => {
    const { store, concha } = await shop({});
    const { order } = await place(store.id, form(concha.id));
    const tracking = await (await fetch(`${base()}/s/${store.id}/pedido/${order.number}`)).text();
    expect(tracking).toMatch(/Total<\/span><span>\$131\.50/);
    expect(tracking).not.toContain("Propina");
    expect(tracking).not.toContain("Total a pagar");
  });

  it("saves the owner's tip settings, and refuses wrong percentages beside the field, changing nothing", async () => {
    const { store } = await shop({});
    const owner = await createOwner(db, { storeId: store.id });
    const cookie = await signIn(base(), owner.email, owner.password);
    const save = (fields: string[][]) =>
      fetch(`${base()}/i/admin/order-settings`, {
        method: "POST",
        headers: { cookie, Accept: "application/json" },
        body: new URLSearchParams([["intent", "tips"], ...fields]),
      });
    const settingsOf = async () =>
      (await db.select().from(storeSettings).where(eq(storeSettings.storeId, store.id)))[0]!;

    for (const [percentages, message] of [
      ["10, 15, 20, 25", TIP_MESSAGES.percentages],
      ["0", TIP_MESSAGES.percentages],
      ["60", TIP_MESSAGES.percentages],
      ["", TIP_MESSAGES.nothingOffered],
    ] as const) {
      const refused = await save([
        ["tipsEnabled", "on"],
        ["tipPercentages", percentages],
      ]);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ fieldErrors: { tipPercentages: message } });
    }
    expect(await settingsOf()).toMatchObject({ tipsEnabled: false, tipPercentages: [], tipOwnAmount: false });

    const saved = await save([
      ["tipsEnabled", "on"],
      ["tipPercentages", "20, 10 ,15"],
      ["tipOwnAmount", "on"],
    ]);
    expect(saved.status).toBe(200);
    expect(await settingsOf()).toMatchObject({
      tipsEnabled: true,
      tipPercentages: [10, 15, 20],
      tipOwnAmount: true,
    });
  });
});

describe("the owner's figures", () => {
  it("the Resumen sums the completed orders' tips for the period, apart from the sales", async () => {
    const { store, concha } = await shop({ ...TIPPING, tipOwnAmount: true });
    const a = await place(store.id, form(concha.id, { tip: "15" })); // 15.23
    const b = await place(store.id, form(concha.id, { tip: "own", tipAmount: "10" }));
    const c = await place(store.id, form(concha.id, { tip: "20" })); // pending: not counted
    await place(store.id, form(concha.id));
    for (const { order } of [a, b])
      await db
        .update(orders)
        .set({ status: "completed", completedAt: new Date() })
        .where(eq(orders.id, order.number));
    const figures = await loadDashboard(db, store.id, "hoy");
    expect(figures.tips).toBe(25.23);
    expect(figures.sales).toBe(263); // 2 × 131.50, tips apart
    expect(c.order.tip).toBe(20.3);
  });

  it("the export gives each order's tip and what the shopper pays, in columns of their own", async () => {
    const { store, concha } = await shop();
    const { order } = await place(store.id, form(concha.id, { tip: "15" }));
    const chunks: Uint8Array[] = [];
    for await (const chunk of storeExportZip(db, store.id)) chunks.push(chunk);
    const zip = new Uint8Array(chunks.reduce((size, chunk) => size + chunk.length, 0));
    let at = 0;
    for (const chunk of chunks) {
      zip.set(chunk, at);
      at += chunk.length;
    }
    const [header, row] = strFromU8(unzipSync(zip)["pedidos.csv"]!).trim().split("\r\n");
    expect(
      header!.endsWith(
        ",Total,Programado para (hora de CDMX),Completado (hora de CDMX),Descuento,Promociones,Propina,Total a pagar,Estado del pago",
      ),
    ).toBe(true);
    expect(row!.startsWith(order.number)).toBe(true);
    // Paid in person, not yet marked paid: "Estado del pago" is empty.
    expect(row!.endsWith(",131.5,,,0,,15.23,146.73,")).toBe(true);
  });
});
