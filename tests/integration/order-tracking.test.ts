/**
 * Order tracking through the real HTTP server (the built app in its own process): the owner's steps,
 * the shopper's tracking page, and how the shopper pays.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createOrder, createOwner, createProduct, createStore } from "~/db/factories.server";
import { orderEvents, orders, storeSettings } from "~/db/schema";
import { PAYMENT_MESSAGES } from "~/domain/orders/payment";
import { TRACKING_LIMITS } from "~/domain/orders/stream-limits.server";
import { randomId } from "~/lib/ids";
import { createTestDatabase } from "../support/database";
import { signIn, useServerProcess } from "../support/http-server";

const { db, url: databaseUrl } = await createTestDatabase();
const running = useServerProcess(databaseUrl, { TRUST_PROXY: "1" });
const base = () => running.server.url;
const randomAddress = () =>
  `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 254) + 1}`;

async function shop(settings: Partial<typeof storeSettings.$inferInsert> = {}) {
  const store = await createStore(db, {
    displayName: "Panadería La Espiga",
    settings: { allowPickup: true, allowDelivery: true, phone: "4491234567", ...settings },
  });
  const concha = await createProduct(db, store.id, { name: "Concha", price: 14 });
  const owner = await createOwner(db, { storeId: store.id });
  return { store, concha, cookie: await signIn(base(), owner.email, owner.password) };
}

async function placeOrder(storeId: string, productId: string, extra: Record<string, string> = {}) {
  const response = await fetch(`${base()}/s/${storeId}/api`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": randomAddress() },
    body: JSON.stringify({
      intent: "place-order",
      form: {
        customerName: "Ana Secreta",
        customerPhone: "4499998877",
        deliveryType: "pickup",
        address: "",
        comments: "",
        idempotencyKey: `clave-${randomId(16)}`,
        lines: [{ productId, variation: "", quantity: 10 }],
        ...extra,
      },
    }),
  });
  // The cookie that marks the placing browser (its own tracking page shows it the address).
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, cookie };
}

async function placed(storeId: string, productId: string, extra: Record<string, string> = {}) {
  const { status, body } = await placeOrder(storeId, productId, extra);
  expect(status, JSON.stringify(body)).toBe(200);
  return (body.order as { number: string }).number;
}

function ownerPost(cookie: string, fields: Record<string, string>) {
  return fetch(`${base()}/i/admin/orders`, {
    method: "POST",
    headers: { cookie, Accept: "application/json" },
    body: new URLSearchParams(fields),
  });
}

async function tracking(storeId: string, number: string, clientIp = randomAddress(), cookie?: string) {
  const response = await fetch(`${base()}/s/${storeId}/pedido/${number}`, {
    headers: { "X-Forwarded-For": clientIp, ...(cookie ? { cookie } : {}) },
  });
  return { response, html: await response.text() };
}

/** A shopper's open tracking page's stream: what it received so far, and whether the server ended it. */
async function followOrder(storeId: string, number: string, clientIp = randomAddress()) {
  const abort = new AbortController();
  const response = await fetch(`${base()}/s/${storeId}/pedido/${number}/stream`, {
    headers: { "X-Forwarded-For": clientIp },
    signal: abort.signal,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/event-stream");
  const stream = { received: "", ended: false, stop: () => abort.abort() };
  void (async () => {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return void (stream.ended = true);
      stream.received += value;
    }
  })().catch(() => {});
  await expect.poll(() => stream.received).toContain(": connected");
  return stream;
}

describe("order steps and the tracking page", () => {
  it("a step the owner marks shows on that order's tracking page, and on no other", async () => {
    const { store, concha, cookie } = await shop();
    const number = await placed(store.id, concha.id);
    const other = await placed(store.id, concha.id);

    expect((await ownerPost(cookie, { intent: "step", orderId: number, step: "accepted" })).status).toBe(200);
    expect((await ownerPost(cookie, { intent: "step", orderId: number, step: "ready" })).status).toBe(200);
    // Forward only: Aceptado cannot come after Listo.
    expect((await ownerPost(cookie, { intent: "step", orderId: number, step: "accepted" })).status).toBe(409);

    const mine = await tracking(store.id, number);
    expect(mine.response.status).toBe(200);
    expect(mine.response.headers.get("cache-control")).toBe("private, no-store");
    expect(mine.html).toContain('<meta name="robots" content="noindex"/>');
    expect(mine.html).toMatch(/data-testid="tracking-state"[^>]*>Listo para recoger</);
    expect(mine.html).toContain("Aceptado");
    expect(mine.html).not.toContain("Ana Secreta");
    expect(mine.html).not.toContain("4499998877");

    const theirs = await tracking(store.id, other);
    expect(theirs.html).toMatch(/data-testid="tracking-state"[^>]*>Pendiente</);
    expect(theirs.html).not.toContain("Listo para recoger");
  });

  it("an open tracking page's stream is told when its order changes, and never for another", async () => {
    const { store, concha, cookie } = await shop();
    const number = await placed(store.id, concha.id);
    const other = await placed(store.id, concha.id);
    const follow = (orderNumber: string) => followOrder(store.id, orderNumber);
    const changes = (stream: { received: string }) => stream.received.split("event: changed").length - 1;
    const mine = await follow(number);
    const theirs = await follow(other);

    expect((await ownerPost(cookie, { intent: "step", orderId: number, step: "accepted" })).status).toBe(200);
    await expect.poll(() => changes(mine)).toBe(1);
    expect((await ownerPost(cookie, { intent: "step", orderId: other, step: "accepted" })).status).toBe(200);
    await expect.poll(() => changes(theirs)).toBe(1);
    // Both announcements went out in order: had the first reached the other page, it would show 2 by now.
    expect(changes(mine)).toBe(1);
    expect(changes(theirs)).toBe(1);
    mine.stop();
    theirs.stop();

    const unknown = await fetch(`${base()}/s/${store.id}/pedido/ZZZZ-ZZZZ-ZZZZZ/stream`, {
      headers: { "X-Forwarded-For": randomAddress() },
    });
    expect(unknown.status).toBe(404);
  });

  it(`one address follows at most ${TRACKING_LIMITS.perSession} orders live: its oldest stream is replaced`, async () => {
    const { store, concha } = await shop();
    const number = await placed(store.id, concha.id);
    const family = randomAddress();
    const streams: Awaited<ReturnType<typeof followOrder>>[] = [];
    for (let n = 0; n < TRACKING_LIMITS.perSession + 1; n++)
      streams.push(await followOrder(store.id, number, family));
    // Another address is not counted against this one.
    const neighbour = await followOrder(store.id, number);
    const [oldest, ...rest] = streams;
    await expect.poll(() => oldest!.ended).toBe(true);
    expect(oldest!.received).toContain("event: replaced");
    for (const stream of [...rest, neighbour]) {
      expect(stream.ended).toBe(false);
      expect(stream.received).not.toContain("event: replaced");
    }
    for (const stream of [...streams, neighbour]) stream.stop();
  });

  it(`one store's shoppers follow at most ${TRACKING_LIMITS.perStore} orders live together: the oldest stream is replaced`, async () => {
    const { store, concha } = await shop();
    const other = await shop();
    const number = await placed(store.id, concha.id);
    const otherNumber = await placed(other.store.id, other.concha.id);
    const streams: Awaited<ReturnType<typeof followOrder>>[] = [];
    // Each from its own address, so that no address passes its own limit.
    for (let n = 0; n < TRACKING_LIMITS.perStore + 1; n++) {
      streams.push(await followOrder(store.id, number, `198.19.${n >> 8}.${n & 255}`));
    }
    // Another store's shoppers are not counted against this one.
    const elsewhere = await followOrder(other.store.id, otherNumber);
    await expect.poll(() => streams[0]!.ended).toBe(true);
    expect(streams[0]!.received).toContain("event: replaced");
    expect(streams.filter((stream) => stream.ended || stream.received.includes("replaced"))).toHaveLength(1);
    expect(elsewhere.ended).toBe(false);
    for (const stream of [...streams, elsewhere]) stream.stop();
  });

  it("another owner cannot change a step: not found, and no row changes", async () => {
    const { store, concha } = await shop();
    const intruder = await shop();
    const number = await placed(store.id, concha.id);
    const response = await ownerPost(intruder.cookie, { intent: "step", orderId: number, step: "accepted" });
    expect(response.status).toBe(404);
    const paid = await ownerPost(intruder.cookie, { intent: "paid", orderId: number });
    expect(paid.status).toBe(404);
    const [row] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.storeId, store.id), eq(orders.id, number)));
    expect(row).toMatchObject({ step: null, paidAt: null, status: "pending" });
    const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, number));
    expect(events.map((event) => event.kind)).toEqual(["placed"]);
  });

  it("a cancellation's reason reaches the shopper", async () => {
    const { store, concha, cookie } = await shop();
    const number = await placed(store.id, concha.id);
    const cancel = await ownerPost(cookie, { intent: "cancel", orderId: number, reason: "Se acabó el pan" });
    expect(cancel.status).toBe(200);
    const { html } = await tracking(store.id, number);
    expect(html).toMatch(/data-testid="tracking-state"[^>]*>Cancelada</);
    expect(html).toContain("Motivo: Se acabó el pan");
  });

  it("an unknown number is 404, and guessing runs into the look-up limit while one's own order does not", async () => {
    const { store, concha } = await shop();
    const number = await placed(store.id, concha.id);
    const clientIp = randomAddress();
    for (let i = 0; i < 40; i++)
      expect((await tracking(store.id, number, clientIp)).response.status).toBe(200);
    for (let i = 0; i < 30; i++) {
      expect((await tracking(store.id, `NOPE-${randomId(8)}`, clientIp)).response.status).toBe(404);
    }
    const limited = await tracking(store.id, `NOPE-${randomId(8)}`, clientIp);
    expect(limited.response.status).toBe(429);
    expect(Number(limited.response.headers.get("retry-after"))).toBeGreaterThan(0);
    const stream = await fetch(`${base()}/s/${store.id}/pedido/${number}/stream`, {
      headers: { "X-Forwarded-For": clientIp },
    });
    expect(stream.status).toBe(429);
    expect(Number(stream.headers.get("retry-after"))).toBeGreaterThan(0);
  });
  it("'Ya transferí' past the look-up limit is a 429 that says when to retry, as a page and as data", async () => {
    const { store, concha } = await shop({
      paymentMethods: ["transfer"],
      bankName: "BBVA",
      bankAccountHolder: "Lupe Martínez",
      clabe: "002115016003269411",
    });
    const number = await placed(store.id, concha.id, { paymentMethod: "transfer" });
    const clientIp = randomAddress();
    for (let i = 0; i < 30; i++) {
      expect((await tracking(store.id, `NOPE-${randomId(8)}`, clientIp)).response.status).toBe(404);
    }
    for (const path of [`/s/${store.id}/pedido/${number}`, `/s/${store.id}/pedido/${number}.data`]) {
      const report = await fetch(`${base()}${path}`, {
        method: "POST",
        headers: { "X-Forwarded-For": clientIp, Origin: base() },
        body: new URLSearchParams({ reference: "FOLIO123" }),
        redirect: "manual",
      });
      expect(report.status, path).toBe(429);
      expect(Number(report.headers.get("retry-after")), path).toBeGreaterThan(0);
    }
    const [row] = await db.select().from(orders).where(eq(orders.id, number));
    expect(row!.transferReportedAt).toBeNull();
  });
});

describe("the address of an order", () => {
  async function lookup(storeId: string, number: string, cookie?: string) {
    const response = await fetch(`${base()}/s/${storeId}/api`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "X-Forwarded-For": randomAddress(),
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify({ intent: "lookup-order", number }),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as { order: { deliveryType: string; address: string } };
  }

  it("a pickup order keeps no address typed before choosing pickup; Mi Pedido and tracking show none", async () => {
    const { store, concha } = await shop();
    // What the storefront sends when a shopper typed an address and then chose pickup.
    const number = await placed(store.id, concha.id, {
      deliveryType: "pickup",
      address: "Madero 12, Centro",
    });
    const [row] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.storeId, store.id), eq(orders.id, number)));
    expect(row).toMatchObject({ deliveryType: "pickup", address: "" });
    expect((await lookup(store.id, number)).order).toMatchObject({ deliveryType: "pickup", address: "" });
    const { html } = await tracking(store.id, number);
    expect(html).toContain("Recoger en tienda");
    expect(html).not.toContain("Madero 12");
    expect(html).not.toContain("Dirección");
  });

  it("a pickup order's tracking page says where to pick it up: the store's address and instructions", async () => {
    const { store, concha } = await shop({
      pickupAddress: "Calle Juan de Montoro 214, Zona Centro",
      pickupInstructions: "Pasa al mostrador de la entrada y di tu número de pedido.",
    });
    const pickup = await placed(store.id, concha.id, { deliveryType: "pickup" });
    const { html } = await tracking(store.id, pickup);
    expect(html).toContain("Dónde recoger tu pedido");
    expect(html).toMatch(/data-testid="pickup-address"[^>]*>Calle Juan de Montoro 214, Zona Centro</);
    expect(html).toMatch(
      /data-testid="pickup-instructions"[^>]*>Pasa al mostrador de la entrada y di tu número de pedido\.</,
    );
    // A delivery is not picked up.
    const delivery = await placed(store.id, concha.id, { deliveryType: "delivery", address: "Madero 12" });
    const delivered = (await tracking(store.id, delivery)).html;
    expect(delivered).not.toContain("Dónde recoger");
    expect(delivered).not.toContain("Juan de Montoro");
    // Only what the owner wrote: instructions alone, and nothing at all for a store that said nothing.
    const instructionsOnly = await shop({ pickupInstructions: "Toca el timbre." });
    const alone = (
      await tracking(
        instructionsOnly.store.id,
        await placed(instructionsOnly.store.id, instructionsOnly.concha.id),
      )
    ).html;
    expect(alone).toContain("Toca el timbre.");
    expect(alone).not.toContain('data-testid="pickup-address"');
    const quiet = await shop();
    expect(
      (await tracking(quiet.store.id, await placed(quiet.store.id, quiet.concha.id))).html,
    ).not.toContain("Dónde recoger");
  });

  it("an address stored with a pickup order is never shown; a delivery's is, to the device that placed it", async () => {
    const { store, concha } = await shop();
    // A row written before the rule, or by anything other than the storefront.
    const legacy = await createOrder(db, store.id, {
      deliveryType: "pickup",
      address: "Juárez 5, Centro",
      lines: [{ productId: concha.id, name: concha.name, price: concha.price, unit: concha.unit }],
    });
    expect((await lookup(store.id, legacy!.id)).order.address).toBe("");
    expect((await tracking(store.id, legacy!.id)).html).not.toContain("Juárez 5");

    const { body, cookie } = await placeOrder(store.id, concha.id, {
      deliveryType: "delivery",
      address: "Madero 12, Centro",
    });
    const delivery = (body.order as { number: string }).number;
    expect((await lookup(store.id, delivery, cookie)).order).toMatchObject({
      deliveryType: "delivery",
      address: "Madero 12, Centro",
    });
    const { html } = await tracking(store.id, delivery, randomAddress(), cookie);
    expect(html).toContain("Dirección");
    expect(html).toContain("Madero 12, Centro");
    // Anyone else with the number (security.test.ts holds the rest of this rule).
    expect((await lookup(store.id, delivery)).order.address).toBe("");
    expect((await tracking(store.id, delivery)).html).not.toContain("Madero 12");
  });
});

describe("how the shopper pays", () => {
  const bank = {
    paymentMethods: ["cash", "transfer"] as ("cash" | "transfer")[],
    bankName: "BBVA",
    bankAccountHolder: "Lupe Martínez",
    clabe: "002115016003269411",
  };

  it("a cash amount below the total is refused, and the change is kept when it covers it", async () => {
    const { store, concha } = await shop(bank);
    const low = await placeOrder(store.id, concha.id, { paymentMethod: "cash", cashAmount: "100" });
    expect(low.status).toBe(400);
    expect(low.body).toMatchObject({ fieldErrors: { cashAmount: PAYMENT_MESSAGES.cashBelowTotal } });
    expect(await db.select().from(orders).where(eq(orders.storeId, store.id))).toHaveLength(0);

    const number = await placed(store.id, concha.id, { paymentMethod: "cash", cashAmount: "200" });
    const { html } = await tracking(store.id, number);
    expect(html).toContain("Efectivo (pago con $200.00, cambio $60.00)");
  });

  it("cash for a delivery must cover the zone's fee too: an amount between the subtotal and the total is refused", async () => {
    const { store, concha } = await shop({
      ...bank,
      deliveryPricing: {
        zones: [{ id: "centro", name: "Centro", postalCodes: [], fee: 35, minimum: 0 }],
        flatFee: 0,
        freeOver: null,
      },
    });
    // Ten conchas are $140.00; with the zone's $35.00 the order is $175.00.
    const delivery = { deliveryType: "delivery", address: "Madero 12, Centro", deliveryZone: "centro" };
    const short = await placeOrder(store.id, concha.id, {
      ...delivery,
      paymentMethod: "cash",
      cashAmount: "150",
    });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ fieldErrors: { cashAmount: PAYMENT_MESSAGES.cashBelowTotal } });
    expect(await db.select().from(orders).where(eq(orders.storeId, store.id))).toHaveLength(0);

    // The exact total is enough, and the order keeps the fee in its total.
    const number = await placed(store.id, concha.id, {
      ...delivery,
      paymentMethod: "cash",
      cashAmount: "175",
    });
    const [row] = await db.select().from(orders).where(eq(orders.id, number));
    expect(row).toMatchObject({ total: 175, deliveryFee: 35, cashAmount: 175 });
  });

  it("a store that offers methods asks for one of them; one that offers none asks nothing", async () => {
    const { store, concha } = await shop({ paymentMethods: ["cash"] });
    const missing = await placeOrder(store.id, concha.id);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ fieldErrors: { paymentMethod: PAYMENT_MESSAGES.method } });
    const notOffered = await placeOrder(store.id, concha.id, { paymentMethod: "card" });
    expect(notOffered.status).toBe(400);

    const plain = await shop();
    const number = await placed(plain.store.id, plain.concha.id, { paymentMethod: "card" });
    const [row] = await db.select().from(orders).where(eq(orders.id, number));
    expect(row!.paymentMethod).toBeNull();
  });

  it("a transfer shows the CLABE; 'Ya transferí' reaches the owner once; the owner marks it paid", async () => {
    const { store, concha, cookie } = await shop(bank);
    const number = await placed(store.id, concha.id, { paymentMethod: "transfer" });
    const before = await tracking(store.id, number);
    expect(before.html).toContain("002 115 01600326941 1");
    const report = await fetch(`${base()}/s/${store.id}/pedido/${number}`, {
      method: "POST",
      headers: { "X-Forwarded-For": randomAddress(), Origin: base() },
      body: new URLSearchParams({ reference: "FOLIO123" }),
      redirect: "manual",
    });
    expect(report.status).toBeLessThan(400);
    const [row] = await db.select().from(orders).where(eq(orders.id, number));
    expect(row).toMatchObject({ transferReference: "FOLIO123" });
    expect(row!.transferReportedAt).not.toBeNull();

    expect((await ownerPost(cookie, { intent: "paid", orderId: number })).status).toBe(200);
    const after = await tracking(store.id, number);
    expect(after.html).toContain("Pagado");
    expect(after.html).not.toContain("Datos para transferir");
  });

  it("the owner's payment settings refuse a CLABE with a wrong check digit and change nothing", async () => {
    const { store, cookie } = await shop();
    const response = await fetch(`${base()}/i/admin/order-settings`, {
      method: "POST",
      headers: { cookie, Accept: "application/json" },
      body: new URLSearchParams([
        ["intent", "payment"],
        ["paymentMethods", "transfer"],
        ["bankName", "BBVA"],
        ["bankAccountHolder", "Lupe"],
        ["clabe", "002115016003269410"],
      ]),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ fieldErrors: { clabe: PAYMENT_MESSAGES.clabe } });
    const [settings] = await db.select().from(storeSettings).where(eq(storeSettings.storeId, store.id));
    expect(settings!.paymentMethods).toEqual([]);
  });
});
