/**
 * "Avísame cuando haya" (docs/decisions/030) on a real PostgreSQL, through the built server and a
 * real SMTP server: a shopper's request over the storefront endpoint, one e-mail when stock comes
 * back (the owner's edit, a cancel, the daily refill) and none after, the cancel link, the
 * per-address limit under 50 simultaneous requests, and the refusals.
 */
import { and, eq, sql } from "drizzle-orm";
import { inTransaction } from "~/db/after-commit.server";
import { afterAll, describe, expect, it } from "vitest";
import { createOwner, createProduct, createStore, type CreateStoreInput } from "~/db/factories.server";
import { products, restockRequests } from "~/db/schema";
import { parseOrderForm } from "~/domain/orders/order-form";
import { cancelOrder } from "~/domain/orders/owner-orders.server";
import { placeOrder } from "~/domain/orders/place-order/index.server";
import { RESTOCK_CANCEL_WORDS, RESTOCK_WORDS } from "~/domain/products/restock";
import { notifyRestocked } from "~/domain/products/restock.server";
import { refillDailyStock } from "~/domain/products/stock-refill.server";
import { zonedTime, type OpeningHours } from "~/domain/stores/opening-hours";
import { randomId } from "~/lib/ids";
import { createTestDatabase } from "../support/database";
import { signIn, useServerProcess } from "../support/http-server";
import { startSmtpServer } from "../support/smtp";
import { pickupForm } from "../support/shopper";

const { db, url: databaseUrl } = await createTestDatabase();
const smtp = await startSmtpServer();
afterAll(() => smtp.close());
// Behind one trusted proxy, each test's shopper has an address of its own.
const running = useServerProcess(databaseUrl, { SMTP_URL: smtp.url, TRUST_PROXY: "1" });
const MX = "America/Mexico_City";

const randomAddress = () =>
  `198.19.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 254) + 1}`;
const email = () => `cliente-${randomId(8).toLowerCase()}@example.com`;

/** A Negocio store (stock is in its plan) with a sold-out Concha. */
async function bakery(settings: NonNullable<CreateStoreInput["settings"]> = {}) {
  const store = await createStore(db, {
    licenceType: "basic",
    // Past the refill test's clock (2032), which would find a licence of a year expired.
    licenceExpires: new Date("2040-01-01T00:00:00Z"),
    displayName: "Panadería La Espiga",
    settings: { allowPickup: true, ...settings },
  });
  const concha = await createProduct(db, store.id, { name: "Concha de vainilla", stock: 0 });
  return { store, concha };
}

function ask(
  storeId: string,
  form: unknown,
  clientIp = randomAddress(),
  headers: Record<string, string> = {},
) {
  return fetch(`${running.server.url}/s/${storeId}/api`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": clientIp, ...headers },
    body: JSON.stringify({ intent: "restock-notice", form }),
  });
}

async function requestsFor(productId: string) {
  return db.select().from(restockRequests).where(eq(restockRequests.productId, productId));
}

/** Every restock e-mail ever queued to an address (the outbox is the truth: sent or not yet). */
async function queuedTo(address: string) {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from jobs where kind = 'mail.send' and payload->>'to' = ${address}`,
  );
  return rows[0]!.n;
}

async function mailQueueDrained() {
  await expect
    .poll(async () => {
      const { rows } = await db.execute<{ n: number }>(
        sql`select count(*)::int as n from jobs where kind = 'mail.send' and done_at is null`,
      );
      return rows[0]!.n;
    })
    .toBe(0);
}

async function setStock(storeId: string, productId: string, stock: number) {
  await db
    .update(products)
    .set({ stock })
    .where(and(eq(products.storeId, storeId), eq(products.id, productId)));
}

describe("asking for Avísame over the storefront endpoint", () => {
  it("keeps one request per address and product, hands out its cancel link once, and the owner's edit sends one e-mail each, then none", async () => {
    const { store, concha } = await bakery();
    const [ana, beto] = [email(), email()];
    const first = await ask(store.id, { productId: concha.id, email: ` ${ana.toUpperCase()} ` });
    expect(first.status).toBe(200);
    const answer = (await first.json()) as { ok: true; cancelUrl: string };
    expect(answer.cancelUrl).toMatch(new RegExp(`^${running.server.url}/i/avisame/baja/[\\w-]{32}$`));
    expect((await ask(store.id, { productId: concha.id, email: beto })).status).toBe(200);
    // Asking again answers alike, but gives a stranger who typed Ana's address no cancel link.
    const again = await ask(store.id, { productId: concha.id, email: ana });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ ok: true, cancelUrl: null });
    expect((await requestsFor(concha.id)).map((row) => row.address).sort()).toEqual([ana, beto].sort());

    // The owner types a new count in the product's dialog.
    const owner = await createOwner(db, { storeId: store.id });
    const cookie = await signIn(running.server.url, owner.email, owner.password);
    const edit = (stock: string, stockWas: string) =>
      fetch(`${running.server.url}/i/admin/products`, {
        method: "POST",
        headers: { cookie },
        body: new URLSearchParams({
          intent: "update",
          productId: concha.id,
          name: "Concha de vainilla",
          description: "Pan dulce",
          price: "14",
          unit: "pieza",
          stock,
          stockWas,
        }),
        redirect: "manual",
      });
    expect((await edit("20", "0")).status).toBe(200);

    const mail = await smtp.waitFor(ana, /Ya hay/);
    expect(mail.subject).toBe("¡Ya hay Concha de vainilla en Panadería La Espiga!");
    expect(mail.fromName).toBe("Panadería La Espiga");
    expect(mail.text).toContain(`${running.server.url}/${store.id}/p/${concha.id}`);
    await smtp.waitFor(beto, /Ya hay/);
    expect(await requestsFor(concha.id)).toEqual([]);

    // Sold out and back again: the requests were forgotten, so nothing more is written.
    await setStock(store.id, concha.id, 0);
    expect((await edit("30", "0")).status).toBe(200);
    await mailQueueDrained();
    expect([await queuedTo(ana), await queuedTo(beto)]).toEqual([1, 1]);
    expect([smtp.to(ana).length, smtp.to(beto).length]).toEqual([1, 1]);
  });

  it("a cancelled order's units and the daily refill bring the e-mail with them", async () => {
    const { store, concha } = await bakery();
    await setStock(store.id, concha.id, 2);
    const form = parseOrderForm(pickupForm([{ productId: concha.id, quantity: 2 }]));
    if (!form.success) throw new Error("bad order form");
    const { order } = await placeOrder(db, store.id, form.data, { clientIp: randomAddress() });
    const carla = email();
    expect((await ask(store.id, { productId: concha.id, email: carla })).status).toBe(200);
    await cancelOrder(db, store.id, order.number);
    await smtp.waitFor(carla, /Ya hay Concha/);

    // Daily stock: sold out at night, refilled at the store's opening.
    const hours: OpeningHours = {
      weekly: Array.from({ length: 7 }, () => [{ open: "08:00", close: "14:00" }]),
      exceptions: [],
    };
    const other = await bakery({ openingHours: hours, timeZone: MX });
    await db
      .update(products)
      .set({ stock: 0, dailyStock: 40, stockRefilledAt: zonedTime("2032-05-10", 8 * 60, MX) })
      .where(eq(products.id, other.concha.id));
    const dora = email();
    expect((await ask(other.store.id, { productId: other.concha.id, email: dora })).status).toBe(200);
    await refillDailyStock(db, zonedTime("2032-05-11", 8 * 60, MX));
    await smtp.waitFor(dora, /Ya hay Concha/);
    expect(await requestsFor(other.concha.id)).toEqual([]);
  });

  it("transactions answering the same restock at once queue one e-mail per request", async () => {
    const { store, concha } = await bakery();
    const addresses = [email(), email(), email()];
    for (const address of addresses)
      expect((await ask(store.id, { productId: concha.id, email: address })).status).toBe(200);
    await setStock(store.id, concha.id, 10);
    // The first holds its transaction open after answering; four more read the same requests
    // meanwhile (its delete is not committed) and wait on its row locks; then it commits.
    let answered!: () => void;
    const firstAnswered = new Promise<void>((resolve) => (answered = resolve));
    let commit!: () => void;
    const mayCommit = new Promise<void>((resolve) => (commit = resolve));
    const first = inTransaction(db, async (tx) => {
      const count = await notifyRestocked(tx, [store.id]);
      answered();
      await mayCommit;
      return count;
    });
    await firstAnswered;
    const others = Array.from({ length: 4 }, () =>
      inTransaction(db, (tx) => notifyRestocked(tx, [store.id])),
    );
    await expect
      .poll(async () => {
        const { rows } = await db.execute<{ n: number }>(
          sql`select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`,
        );
        return rows[0]!.n;
      })
      .toBe(4);
    commit();
    const queued = await Promise.all([first, ...others]);
    expect(queued).toEqual([3, 0, 0, 0, 0]);
    expect(await Promise.all(addresses.map(queuedTo))).toEqual([1, 1, 1]);
    expect(await requestsFor(concha.id)).toEqual([]);
  });

  it("the cancel link asks first, then forgets the request, and stock coming back writes to no one", async () => {
    const { store, concha } = await bakery();
    const eva = email();
    const { cancelUrl } = (await (await ask(store.id, { productId: concha.id, email: eva })).json()) as {
      cancelUrl: string;
    };
    const page = await fetch(cancelUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toMatch(/private|no-store/);
    const html = await page.text();
    expect(html).toContain(RESTOCK_CANCEL_WORDS.question("Concha de vainilla", "Panadería La Espiga"));
    // Opening the link changed nothing.
    expect(await requestsFor(concha.id)).toHaveLength(1);

    const cancel = () =>
      fetch(cancelUrl, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "",
      });
    const done = await cancel();
    expect(done.status).toBe(200);
    expect(await done.text()).toContain(RESTOCK_CANCEL_WORDS.done);
    expect(await requestsFor(concha.id)).toEqual([]);
    expect(await (await cancel()).text()).toContain(RESTOCK_CANCEL_WORDS.gone);

    await cancelOrderFreeRestock(store.id, concha.id);
    await mailQueueDrained();
    expect(await queuedTo(eva)).toBe(0);
  });

  it("50 simultaneous requests from one address keep 10 and answer the rest 429 with Retry-After", async () => {
    const { store, concha } = await bakery();
    const address = randomAddress();
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => ask(store.id, { productId: concha.id, email: email() }, address)),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40);
    const refused = responses.find((response) => response.status === 429)!;
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ ok: false, message: RESTOCK_WORDS.tooMany });
    expect(await requestsFor(concha.id)).toHaveLength(10);
  });

  it("refuses a product that is not sold out, another store's product, a bad e-mail and a foreign origin", async () => {
    const { store, concha } = await bakery();
    const { concha: theirs } = await bakery();
    const available = await createProduct(db, store.id, { name: "Bolillo", stock: 5 });
    const untracked = await createProduct(db, store.id, { name: "Café" });

    for (const productId of [available.id, untracked.id]) {
      const response = await ask(store.id, { productId, email: email() });
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({ ok: false, message: RESTOCK_WORDS.notSoldOut });
    }
    const elsewhere = await ask(store.id, { productId: theirs.id, email: email() });
    expect(elsewhere.status).toBe(404);
    expect(await elsewhere.json()).toEqual({ ok: false, message: RESTOCK_WORDS.notFound });

    const bad = await ask(store.id, { productId: concha.id, email: "ana@" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      ok: false,
      message: RESTOCK_WORDS.failure,
      fieldErrors: { email: RESTOCK_WORDS.email },
    });

    const forged = await ask(store.id, { productId: concha.id, email: email() }, randomAddress(), {
      Origin: "https://otro-sitio.example",
    });
    expect(forged.status).toBe(403);

    const stored = await db.select().from(restockRequests).where(eq(restockRequests.storeId, store.id));
    expect(stored).toEqual([]);
  });
});

/** Brings the product back with the owner's cancel of an order that took its last unit. */
async function cancelOrderFreeRestock(storeId: string, productId: string) {
  await setStock(storeId, productId, 1);
  const form = parseOrderForm(pickupForm([{ productId }]));
  if (!form.success) throw new Error("bad order form");
  const { order } = await placeOrder(db, storeId, form.data, { clientIp: randomAddress() });
  await cancelOrder(db, storeId, order.number);
}
