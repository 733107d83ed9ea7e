/**
 * Card payments through the store's own Mercado Pago account (docs/decisions/052), end to end over
 * HTTP: the built server in its own process, pointed at the local stand-in
 * (tests/support/mercadopago.ts) by MERCADOPAGO_API_URL. Linking the account, paying, paying twice,
 * notifications forged, replayed, lost or fifty at once, a rejected payment, expiry, and the refund.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createOwner, createProduct, createStore } from "~/db/factories.server";
import { orderEvents, orders, paymentAccounts, products, providerPayments, storeSettings } from "~/db/schema";
import { PAID_ONLINE_ONLY } from "~/domain/orders/owner-orders.server";
import { PAYMENT_ACCOUNT_MESSAGES } from "~/domain/payments/payment-account";
import { REFUND_MESSAGES } from "~/domain/payments/refund.server";
import { randomId } from "~/lib/ids";
import { createTestDatabase } from "../support/database";
import { signIn, useServerProcess } from "../support/http-server";
import { startMercadoPagoStandIn } from "../support/mercadopago";

const standIn = await startMercadoPagoStandIn();
afterAll(() => standIn.close());
const { db, url: databaseUrl } = await createTestDatabase();
const EXPIRY_SECONDS = 9;
const OPERATOR_WEBHOOK_SECRET = "secreto-de-webhooks-del-operador";
const running = useServerProcess(databaseUrl, {
  TRUST_PROXY: "1",
  MERCADOPAGO_API_URL: standIn.url,
  CARD_PAYMENT_EXPIRY_MINUTES: String(EXPIRY_SECONDS / 60),
  PAYMENTS_SWEEP_SECONDS: "1",
  MERCADOPAGO_AUTH_URL: standIn.url,
  MERCADOPAGO_CLIENT_ID: "123456",
  MERCADOPAGO_CLIENT_SECRET: "secreto-de-la-aplicacion",
  MERCADOPAGO_WEBHOOK_SECRET: OPERATOR_WEBHOOK_SECRET,
});
const base = () => running.server.url;
const randomAddress = () =>
  `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 254) + 1}`;
const inAYear = () => new Date(Date.now() + 365 * 24 * 3600 * 1000);

async function ownerOf(licenceType: "starter" | "basic" = "basic") {
  const store = await createStore(db, {
    displayName: "Tacos Don Memo",
    licenceType,
    licenceExpires: licenceType === "starter" ? null : inAYear(),
    settings: { allowPickup: true, paymentMethods: ["cash"] },
  });
  const product = await createProduct(db, store.id, { name: "Taco al pastor", price: 25, stock: 20 });
  const owner = await createOwner(db, { storeId: store.id });
  return { store, product, cookie: await signIn(base(), owner.email, owner.password) };
}

function link(cookie: string, fields: Record<string, string>) {
  return fetch(`${base()}/i/admin/mercadopago`, {
    method: "POST",
    headers: { cookie, Accept: "application/json" },
    body: new URLSearchParams(fields),
  });
}

/** A store on Negocio with its Mercado Pago account linked through the owner's settings. */
async function linkedShop() {
  const shop = await ownerOf();
  const account = standIn.addAccount(`TACOS_${randomId(6).toUpperCase()}`);
  const response = await link(shop.cookie, {
    intent: "link",
    accessToken: account.accessToken,
    publicKey: `TEST-${randomId(12)}`,
    webhookSecret: account.webhookSecret,
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return { ...shop, account };
}

async function placeOrder(
  storeId: string,
  productId: string,
  {
    quantity = 2,
    key = `clave-${randomId(16)}`,
    tip,
  }: { quantity?: number; key?: string; tip?: string } = {},
) {
  const response = await fetch(`${base()}/s/${storeId}/api`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": randomAddress() },
    body: JSON.stringify({
      intent: "place-order",
      form: {
        customerName: "Ana",
        customerPhone: "4499998877",
        deliveryType: "pickup",
        address: "",
        comments: "",
        paymentMethod: "mercadopago",
        idempotencyKey: key,
        lines: [{ productId, variation: "", quantity }],
        ...(tip === undefined ? {} : { tip }),
      },
    }),
  });
  const body = (await response.json()) as {
    ok: boolean;
    order: { number: string; total: number };
    checkoutUrl?: string;
  };
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body;
}

const orderRow = async (storeId: string, id: string) =>
  (
    await db
      .select()
      .from(orders)
      .where(and(eq(orders.storeId, storeId), eq(orders.id, id)))
  )[0]!;
const paidEvents = async (storeId: string, id: string) =>
  db
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.storeId, storeId), eq(orderEvents.orderId, id), eq(orderEvents.kind, "paid")));
const paymentRows = (storeId: string, id: string) =>
  db
    .select()
    .from(providerPayments)
    .where(and(eq(providerPayments.storeId, storeId), eq(providerPayments.orderId, id)));
const stockOf = async (productId: string) =>
  (await db.select({ stock: products.stock }).from(products).where(eq(products.id, productId)))[0]!.stock;

async function until<T>(read: () => Promise<T>, holds: (value: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (holds(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function preferenceOf(orderId: string) {
  const preference = standIn.preferenceFor(orderId);
  expect(preference, `a preference for ${orderId}`).toBeDefined();
  return preference!;
}

async function tracking(storeId: string, number: string) {
  const response = await fetch(`${base()}/s/${storeId}/pedido/${number}`, {
    headers: { "X-Forwarded-For": randomAddress() },
  });
  return { status: response.status, html: await response.text() };
}

describe("linking the store's Mercado Pago account", () => {
  it("checks the credentials with Mercado Pago before saving, and never shows them again", async () => {
    const shop = await ownerOf();
    const account = standIn.addAccount("TACOS_DON_MEMO");
    const refused = await link(shop.cookie, {
      intent: "link",
      accessToken: "TEST-0000-not-a-real-token",
      publicKey: "TEST-public",
      webhookSecret: "secreto",
    });
    expect(refused.status).toBe(400);
    const refusal = (await refused.json()) as { fieldErrors: Record<string, string> };
    expect(refusal.fieldErrors.accessToken).toBe(PAYMENT_ACCOUNT_MESSAGES.tokenRefused);
    expect(await db.select().from(paymentAccounts).where(eq(paymentAccounts.storeId, shop.store.id))).toEqual(
      [],
    );

    const saved = await link(shop.cookie, {
      intent: "link",
      accessToken: account.accessToken,
      publicKey: "TEST-public-key",
      webhookSecret: account.webhookSecret,
    });
    expect(saved.status).toBe(200);
    const [row] = await db.select().from(paymentAccounts).where(eq(paymentAccounts.storeId, shop.store.id));
    expect(row!.nickname).toBe("TACOS_DON_MEMO");
    // Sealed at rest: neither secret is in the row as it was typed.
    expect(JSON.stringify(row)).not.toContain(account.accessToken);
    expect(JSON.stringify(row)).not.toContain(account.webhookSecret);

    const panel = await fetch(`${base()}/i/admin?tab=configuracion`, { headers: { cookie: shop.cookie } });
    const html = await panel.text();
    expect(html).toMatch(/Cuenta vinculada: (<!-- -->)?TACOS_DON_MEMO/);
    expect(html).toContain("Desvincular");
    expect(html).not.toContain(account.accessToken);
    expect(html).not.toContain(account.webhookSecret);

    const storefront = await (await fetch(`${base()}/${shop.store.id}`)).text();
    expect(storefront).toContain("mercadopago");
  });

  it("is refused on Emprendedor, saying which plan includes it, without asking Mercado Pago", async () => {
    const shop = await ownerOf("starter");
    const account = standIn.addAccount();
    const before = standIn.calls.length;
    const response = await link(shop.cookie, {
      intent: "link",
      accessToken: account.accessToken,
      publicKey: "TEST-public-key",
      webhookSecret: account.webhookSecret,
    });
    expect(response.status).toBe(409);
    expect(((await response.json()) as { message: string }).message).toBe(
      PAYMENT_ACCOUNT_MESSAGES.planRequired,
    );
    expect(standIn.calls.slice(before)).toEqual([]);
    expect(await db.select().from(paymentAccounts).where(eq(paymentAccounts.storeId, shop.store.id))).toEqual(
      [],
    );
  });
});

describe("linking by OAuth (Vincular cuenta)", () => {
  const get = (cookie: string, address: string) =>
    fetch(address, { headers: { cookie }, redirect: "manual" });

  it("goes to Mercado Pago and back with a code, exchanged and checked before it is saved", async () => {
    const shop = await ownerOf();
    const account = standIn.addAccount("TACOS_OAUTH");
    standIn.control.authorizeAs = account;
    const start = await get(shop.cookie, `${base()}/i/admin/mercadopago/vincular`);
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get("location")!);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${standIn.url}/authorization`);
    expect(authorize.searchParams.get("client_id")).toBe("123456");
    const back = await fetch(authorize, { redirect: "manual" });
    const callback = back.headers.get("location")!;
    expect(callback).toContain(`${base()}/i/admin/mercadopago/vincular?code=`);

    // The code and state, brought back under another store's session, are refused.
    const other = await ownerOf();
    const refused = await get(other.cookie, callback);
    expect(refused.status).toBe(200);
    expect(await refused.text()).toContain(PAYMENT_ACCOUNT_MESSAGES.oauthFailed);
    expect(
      await db.select().from(paymentAccounts).where(eq(paymentAccounts.storeId, other.store.id)),
    ).toEqual([]);

    const done = await get(shop.cookie, callback);
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/i/admin?tab=configuracion");
    const [row] = await db.select().from(paymentAccounts).where(eq(paymentAccounts.storeId, shop.store.id));
    expect(row).toMatchObject({ linkedVia: "oauth", nickname: "TACOS_OAUTH" });
    expect(JSON.stringify(row)).not.toContain(account.accessToken);

    // Its notifications are signed with the operator's application's secret.
    const { order } = await placeOrder(shop.store.id, shop.product.id);
    standIn.control.webhooks = 0;
    try {
      const { payment } = await standIn.pay(preferenceOf(order.number).id, "approved");
      const url = preferenceOf(order.number).body.notification_url;
      const own = await standIn.notify(url, account, payment.id);
      expect(own.status).toBe(401);
      const operator = await standIn.notify(
        url,
        { ...account, webhookSecret: OPERATOR_WEBHOOK_SECRET },
        payment.id,
      );
      expect(operator.status).toBe(200);
    } finally {
      standIn.control.webhooks = 1;
      standIn.control.authorizeAs = null;
    }
    expect((await orderRow(shop.store.id, order.number)).paidAt).not.toBeNull();
  });

  it("renews a token about to expire with its refresh token, once under 50 checkouts at the same time", async () => {
    const shop = await ownerOf();
    const account = standIn.addAccount("TACOS_RENUEVA");
    standIn.control.authorizeAs = account;
    try {
      const start = await get(shop.cookie, `${base()}/i/admin/mercadopago/vincular`);
      const back = await fetch(new URL(start.headers.get("location")!), { redirect: "manual" });
      expect((await get(shop.cookie, back.headers.get("location")!)).status).toBe(302);
    } finally {
      standIn.control.authorizeAs = null;
    }
    const linkedToken = account.accessToken;
    await db.update(products).set({ stock: 100 }).where(eq(products.id, shop.product.id));
    // Six days left of its 180.
    await db
      .update(paymentAccounts)
      .set({ expiresAt: new Date(Date.now() + 6 * 86_400_000) })
      .where(eq(paymentAccounts.storeId, shop.store.id));
    const refreshes = () => standIn.calls.filter((call) => call === "POST /oauth/token").length;
    const before = refreshes();
    const placed = await Promise.all(
      Array.from({ length: 50 }, () => placeOrder(shop.store.id, shop.product.id, { quantity: 1 })),
    );
    for (const { checkoutUrl } of placed) expect(checkoutUrl).toMatch(/\/checkout\/v1\/redirect\?pref_id=/);
    expect(refreshes() - before).toBe(1);
    expect(account.accessToken).not.toBe(linkedToken);
    const [row] = await db.select().from(paymentAccounts).where(eq(paymentAccounts.storeId, shop.store.id));
    expect(row!.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 170 * 86_400_000);
    expect(JSON.stringify(row)).not.toContain(account.accessToken);
  });
});

describe("paying by card", () => {
  it("places the order waiting for its payment, and marks it paid once Mercado Pago's API says approved", async () => {
    const shop = await linkedShop();
    const placed = await placeOrder(shop.store.id, shop.product.id, { quantity: 2 });
    const number = placed.order.number;
    expect(placed.checkoutUrl).toMatch(new RegExp(`^${standIn.url}/checkout/v1/redirect\\?pref_id=`));
    const waiting = await orderRow(shop.store.id, number);
    expect(waiting).toMatchObject({
      paymentMethod: "mercadopago",
      paidAt: null,
      status: "pending",
      total: 50,
    });
    expect(await stockOf(shop.product.id)).toBe(18);
    expect((await tracking(shop.store.id, number)).html).toContain("Esperando pago");

    const preference = preferenceOf(number);
    expect(preference.body.items.reduce((sum, item) => sum + item.unit_price * item.quantity, 0)).toBe(50);
    expect(preference.body.back_urls.success).toBe(`${base()}/s/${shop.store.id}/pedido/${number}`);
    expect(preference.body.notification_url).toBe(`${base()}/i/pagos/mercadopago/${shop.store.id}`);

    const paid = await standIn.pay(preference.id, "approved");
    expect(standIn.notices.at(-1)!.status).toBe(200);
    expect((await orderRow(shop.store.id, number)).paidAt).not.toBeNull();
    expect(await paidEvents(shop.store.id, number)).toHaveLength(1);
    const page = await tracking(shop.store.id, number);
    expect(page.html).toContain("Pagado");
    expect(paid.redirect).toContain(`/s/${shop.store.id}/pedido/${number}?`);

    // How it was paid, on the owner's side: the kitchen ticket and the Resumen.
    const ticket = await fetch(`${base()}/i/admin/pedidos/${number}/ticket`, {
      headers: { cookie: shop.cookie },
    });
    expect(await ticket.text()).toMatch(/Tarjeta o Mercado Pago(<!-- -->)? · (<!-- -->)?Pagado/);
    const resumen = await fetch(`${base()}/i/admin?tab=resumen`, { headers: { cookie: shop.cookie } });
    expect(await resumen.text()).toMatch(/Pedidos por forma de pago/);
  });

  it("pays once when the same form arrives twice and the shopper pays twice", async () => {
    const shop = await linkedShop();
    const key = `clave-${randomId(16)}`;
    const [first, second] = await Promise.all([
      placeOrder(shop.store.id, shop.product.id, { key }),
      placeOrder(shop.store.id, shop.product.id, { key }),
    ]);
    expect(second.order.number).toBe(first.order.number);
    const number = first.order.number;
    expect(await stockOf(shop.product.id)).toBe(18);
    const preference = preferenceOf(number);
    await standIn.pay(preference.id, "approved");
    await standIn.pay(preference.id, "approved");
    expect(await paidEvents(shop.store.id, number)).toHaveLength(1);
    expect(await paymentRows(shop.store.id, number)).toHaveLength(2);
  });

  it("leaves a rejected payment's order waiting, and says so on the tracking page", async () => {
    const shop = await linkedShop();
    const { order } = await placeOrder(shop.store.id, shop.product.id);
    await standIn.pay(preferenceOf(order.number).id, "rejected");
    expect((await orderRow(shop.store.id, order.number)).paidAt).toBeNull();
    expect((await paymentRows(shop.store.id, order.number)).map((row) => row.status)).toEqual(["rejected"]);
    const page = await tracking(shop.store.id, order.number);
    expect(page.html).toContain("Mercado Pago rechazó el pago");
    expect(page.html).not.toContain("Pagado");

    // "Pagar ahora": a new preference, and this time the card is approved.
    const before = standIn.preferences.size;
    const again = await fetch(`${base()}/s/${shop.store.id}/pedido/${order.number}`, {
      method: "POST",
      headers: { "X-Forwarded-For": randomAddress(), Origin: base() },
      body: new URLSearchParams({ intent: "pay" }),
    });
    expect(again.status).toBe(200);
    expect(standIn.preferences.size).toBe(before + 1);
    expect(await again.text()).toContain(`${standIn.url}/checkout/v1/redirect?pref_id=`);
    await standIn.pay(preferenceOf(order.number).id, "approved");
    expect((await orderRow(shop.store.id, order.number)).paidAt).not.toBeNull();
  });

  it("is not paid by an approved payment of another amount", async () => {
    const shop = await linkedShop();
    const { order } = await placeOrder(shop.store.id, shop.product.id);
    await standIn.pay(preferenceOf(order.number).id, "approved", 1);
    expect(standIn.notices.at(-1)!.status).toBe(200);
    expect((await orderRow(shop.store.id, order.number)).paidAt).toBeNull();
    expect(await paidEvents(shop.store.id, order.number)).toEqual([]);
  });

  it("asks for the total with the tip, and is paid only by that amount", async () => {
    const shop = await linkedShop();
    await db
      .update(storeSettings)
      .set({ tipsEnabled: true, tipPercentages: [10] })
      .where(eq(storeSettings.storeId, shop.store.id));
    const { order } = await placeOrder(shop.store.id, shop.product.id, { quantity: 2, tip: "10" });
    expect(await orderRow(shop.store.id, order.number)).toMatchObject({ total: 50, tip: 5 });
    const preference = preferenceOf(order.number);
    expect(preference.body.items.reduce((sum, item) => sum + item.unit_price * item.quantity, 0)).toBe(55);
    await standIn.pay(preference.id, "approved", 50);
    expect((await orderRow(shop.store.id, order.number)).paidAt).toBeNull();
    await standIn.pay(preference.id, "approved");
    expect((await orderRow(shop.store.id, order.number)).paidAt).not.toBeNull();
  });

  it("is never marked paid by hand in the owner's panel", async () => {
    const shop = await linkedShop();
    const { order } = await placeOrder(shop.store.id, shop.product.id);
    const response = await fetch(`${base()}/i/admin/orders`, {
      method: "POST",
      headers: { cookie: shop.cookie, Accept: "application/json" },
      body: new URLSearchParams({ intent: "paid", orderId: order.number }),
    });
    expect(response.status).toBe(409);
    expect(((await response.json()) as { message: string }).message).toBe(PAID_ONLINE_ONLY);
    expect((await orderRow(shop.store.id, order.number)).paidAt).toBeNull();
  });

  it("never takes the return address's query string for a payment", async () => {
    const shop = await linkedShop();
    const { order } = await placeOrder(shop.store.id, shop.product.id);
    const forged = await fetch(
      `${base()}/s/${shop.store.id}/pedido/${order.number}?collection_status=approved&status=approved&payment_id=1`,
      { headers: { "X-Forwarded-For": randomAddress() } },
    );
    expect(forged.status).toBe(200);
    expect((await orderRow(shop.store.id, order.number)).paidAt).toBeNull();
  });
});

describe("Mercado Pago's notifications", () => {
  /** An approved payment whose notification was not sent: the test sends it. */
  async function paidQuietly(shop: { store: { id: string }; product: { id: string } }) {
    const { order } = await placeOrder(shop.store.id, shop.product.id);
    standIn.control.webhooks = 0;
    try {
      const { payment } = await standIn.pay(preferenceOf(order.number).id, "approved");
      return {
        number: order.number,
        paymentId: payment.id,
        url: preferenceOf(order.number).body.notification_url,
      };
    } finally {
      standIn.control.webhooks = 1;
    }
  }

  it("refuses a forged or stale notification (401) and changes nothing", async () => {
    const shop = await linkedShop();
    const { number, paymentId, url } = await paidQuietly(shop);
    const forged = await standIn.notify(url, shop.account, paymentId, { secret: "not-the-store-secret" });
    expect(forged.status).toBe(401);
    const stale = await standIn.notify(url, shop.account, paymentId, {
      ts: Math.floor(Date.now() / 1000) - 600,
    });
    expect(stale.status).toBe(401);
    expect((await orderRow(shop.store.id, number)).paidAt).toBeNull();
    expect(await paymentRows(shop.store.id, number)).toEqual([]);
  });

  it("answers a replayed notification 200 and changes nothing twice", async () => {
    const shop = await linkedShop();
    const { number, paymentId, url } = await paidQuietly(shop);
    const first = await standIn.notify(url, shop.account, paymentId);
    expect(first.status).toBe(200);
    const paidAt = (await orderRow(shop.store.id, number)).paidAt;
    expect(paidAt).not.toBeNull();
    const again = await standIn.replay(first);
    expect(again.status).toBe(200);
    expect((await orderRow(shop.store.id, number)).paidAt).toEqual(paidAt);
    expect(await paidEvents(shop.store.id, number)).toHaveLength(1);
    expect(await paymentRows(shop.store.id, number)).toHaveLength(1);
  });

  it("changes the order once under 50 concurrent deliveries of one payment", async () => {
    const shop = await linkedShop();
    const { number, paymentId, url } = await paidQuietly(shop);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => standIn.notify(url, shop.account, paymentId)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
    expect(await paidEvents(shop.store.id, number)).toHaveLength(1);
    expect(await paymentRows(shop.store.id, number)).toHaveLength(1);
  });

  it("a lost notification changes nothing: the sweep asks Mercado Pago and the order is paid", async () => {
    const shop = await linkedShop();
    const noticesBefore = standIn.notices.length;
    const { number } = await paidQuietly(shop);
    expect(standIn.notices.length).toBe(noticesBefore);
    const row = await until(
      () => orderRow(shop.store.id, number),
      (order) => order.paidAt !== null,
    );
    expect(row.paidAt).not.toBeNull();
    expect(row.status).toBe("pending");
    expect(await paidEvents(shop.store.id, number)).toHaveLength(1);
  });

  it("another store's order is not found: its payment is not applied, its page not shown", async () => {
    const mine = await linkedShop();
    const theirs = await linkedShop();
    const { number, paymentId } = await paidQuietly(theirs);
    // Signed with my store's secret, naming their payment: my account has no such payment.
    const notice = await standIn.notify(
      `${base()}/i/pagos/mercadopago/${mine.store.id}`,
      mine.account,
      paymentId,
    );
    expect(notice.status).toBe(200);
    expect(await paymentRows(theirs.store.id, number)).toEqual([]);
    expect((await tracking(mine.store.id, number)).status).toBe(404);
    const cancel = await fetch(`${base()}/i/admin/orders`, {
      method: "POST",
      headers: { cookie: mine.cookie, Accept: "application/json" },
      body: new URLSearchParams({ intent: "cancel", orderId: number }),
    });
    expect(cancel.status).toBe(404);
    expect((await orderRow(theirs.store.id, number)).status).toBe("pending");
  });
});

describe("an unpaid card order", () => {
  it("is cancelled as expired after its time, giving its stock back", async () => {
    const shop = await linkedShop();
    const { order } = await placeOrder(shop.store.id, shop.product.id, { quantity: 3 });
    expect(await stockOf(shop.product.id)).toBe(17);
    const row = await until(
      () => orderRow(shop.store.id, order.number),
      (found) => found.status === "cancelled",
      EXPIRY_SECONDS * 1000 + 20_000,
    );
    expect(row.status).toBe("cancelled");
    expect(row.cancelReason).toContain("expirado");
    expect(Date.now() - row.createdAt.getTime()).toBeGreaterThanOrEqual(EXPIRY_SECONDS * 1000);
    expect(await stockOf(shop.product.id)).toBe(20);

    // Paid a moment too late: the order stays cancelled and the money goes back.
    const { payment } = await standIn.pay(preferenceOf(order.number).id, "approved");
    expect(standIn.notices.at(-1)!.status).toBe(200);
    expect((await orderRow(shop.store.id, order.number)).status).toBe("cancelled");
    await until(
      async () => standIn.payments.get(payment.id)!.status,
      (status) => status === "refunded",
    );
    expect(standIn.payments.get(payment.id)!.status).toBe("refunded");
    // Recorded once Mercado Pago has answered the refund, a moment after the stand-in marks it.
    const refunded = await until(
      () => orderRow(shop.store.id, order.number),
      (found) => found.refundedAt !== null,
    );
    expect(refunded.refundedAt).not.toBeNull();
  }, 60_000);
});

describe("cancelling a paid card order", () => {
  async function paidOrder() {
    const shop = await linkedShop();
    const { order } = await placeOrder(shop.store.id, shop.product.id);
    const { payment } = await standIn.pay(preferenceOf(order.number).id, "approved");
    expect((await orderRow(shop.store.id, order.number)).paidAt).not.toBeNull();
    return { shop, number: order.number, paymentId: payment.id };
  }
  const cancel = (cookie: string, orderId: string) =>
    fetch(`${base()}/i/admin/orders`, {
      method: "POST",
      headers: { cookie, Accept: "application/json" },
      body: new URLSearchParams({ intent: "cancel", orderId, reason: "Se acabó la carne" }),
    });

  it("refunds it with Mercado Pago and records it", async () => {
    const { shop, number, paymentId } = await paidOrder();
    const response = await cancel(shop.cookie, number);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(standIn.payments.get(paymentId)!.status).toBe("refunded");
    const row = await orderRow(shop.store.id, number);
    expect(row.status).toBe("cancelled");
    expect(row.refundedAt).not.toBeNull();
    expect((await paymentRows(shop.store.id, number))[0]).toMatchObject({ status: "refunded" });
    expect(await stockOf(shop.product.id)).toBe(20);
  });

  it("says so when Mercado Pago refuses the refund, and leaves the order as it was", async () => {
    const { shop, number, paymentId } = await paidOrder();
    standIn.control.failRefunds = true;
    try {
      const response = await cancel(shop.cookie, number);
      expect(response.status).not.toBe(200);
      expect(((await response.json()) as { message: string }).message).toBe(REFUND_MESSAGES.refused);
    } finally {
      standIn.control.failRefunds = false;
    }
    expect(standIn.payments.get(paymentId)!.status).toBe("approved");
    const row = await orderRow(shop.store.id, number);
    expect(row.status).toBe("pending");
    expect(row.refundedAt).toBeNull();
    expect(await stockOf(shop.product.id)).toBe(18);
  });
});
