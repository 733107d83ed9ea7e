/**
 * "Avísame cuando haya" by Web Push (docs/decisions/030) on a real PostgreSQL, through the built
 * server and a local HTTPS push service that decrypts what it receives (tests/support/push-endpoint.ts,
 * the one the owners' push tests use): a browser's subscription kept over the storefront endpoint,
 * exactly one push when stock comes back, then the request forgotten; a subscription its push service
 * no longer knows dropped; endpoints off the push rules refused; 50 identical requests at once; the
 * per-address limit shared with e-mail.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createOwner, createProduct, createStore } from "~/db/factories.server";
import { products, restockRequests } from "~/db/schema";
import { RESTOCK_CANCEL_WORDS, RESTOCK_WORDS } from "~/domain/products/restock";
import { waitingByProduct } from "~/domain/products/restock.server";
import { restockPush } from "~/domain/push/push-text";
import { PUSH_JOB } from "~/domain/push/push.server";
import { randomId } from "~/lib/ids";
import { createTestDatabase } from "../support/database";
import { signIn, useServerProcess } from "../support/http-server";
import { startPushEndpoint } from "../support/push-endpoint";

const { db, url: databaseUrl } = await createTestDatabase();
const pushService = await startPushEndpoint();
afterAll(() => pushService.close());
// The local push service is listed as an operator's own (docs/decisions/024) and its certificate
// trusted; behind one trusted proxy, each test's shopper has an address of its own.
const running = useServerProcess(databaseUrl, {
  TRUST_PROXY: "1",
  PUSH_SERVICE_HOSTS: pushService.host,
  NODE_EXTRA_CA_CERTS: pushService.caFile,
});

const randomAddress = () =>
  `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 254) + 1}`;

async function bakery() {
  const store = await createStore(db, {
    licenceType: "basic",
    licenceExpires: new Date("2040-01-01T00:00:00Z"),
    displayName: "Panadería La Espiga",
    settings: { allowPickup: true },
  });
  const concha = await createProduct(db, store.id, { name: "Concha de vainilla", stock: 0 });
  return { store, concha };
}

function api(storeId: string, body: unknown, clientIp = randomAddress()) {
  return fetch(`${running.server.url}/s/${storeId}/api`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": clientIp },
    body: JSON.stringify(body),
  });
}

/** What the store page's dialog sends for this browser's subscription. */
function askByPush(
  storeId: string,
  productId: string,
  subscription: { endpoint: string; p256dh: string; auth: string },
  clientIp?: string,
) {
  return api(
    storeId,
    { intent: "restock-notice", form: { productId, channel: "push", ...subscription } },
    clientIp,
  );
}

const requestsFor = (productId: string) =>
  db.select().from(restockRequests).where(eq(restockRequests.productId, productId));

/** Push jobs queued for an endpoint, with whether they are done and how often they ran. */
async function pushJobsTo(endpoint: string) {
  const { rows } = await db.execute<{ done: boolean; attempts: number }>(
    sql`select done_at is not null as done, attempts from jobs
        where kind = ${PUSH_JOB} and payload->'subscription'->>'endpoint' = ${endpoint}`,
  );
  return rows;
}

const deliveredTo = (id: string) => pushService.delivered.filter((delivery) => delivery.subscription === id);

const cookies = new Map<string, string>();

/** The owner types a new count in the product's dialog: stock comes back by the usual path. */
async function ownerEdit(storeId: string, productId: string, stock: string) {
  let cookie = cookies.get(storeId);
  if (!cookie) {
    const owner = await createOwner(db, { storeId });
    cookie = await signIn(running.server.url, owner.email, owner.password);
    cookies.set(storeId, cookie);
  }
  const response = await fetch(`${running.server.url}/i/admin/products`, {
    method: "POST",
    headers: { cookie },
    body: new URLSearchParams({
      intent: "update",
      productId,
      name: "Concha de vainilla",
      description: "Pan dulce",
      price: "14",
      unit: "pieza",
      stock,
      stockWas: "0",
    }),
    redirect: "manual",
  });
  expect(response.status).toBe(200);
}

describe("Avísame by push over the storefront endpoint", () => {
  it("keeps the subscription, and stock coming back sends exactly one push, then the request is gone", async () => {
    pushService.answerWith(() => 201);
    const { store, concha } = await bakery();
    const key = await api(store.id, { intent: "push-key" });
    expect(await key.json()).toEqual({ ok: true, publicKey: expect.stringMatching(/^[\w-]{80,}$/) });

    const browser = pushService.subscribe();
    const asked = await askByPush(store.id, concha.id, browser);
    expect(asked.status).toBe(200);
    const { cancelUrl } = (await asked.json()) as { cancelUrl: string };
    expect(cancelUrl).toMatch(new RegExp(`^${running.server.url}/i/avisame/baja/[\\w-]{32}$`));
    expect(await requestsFor(concha.id)).toMatchObject([
      { channel: "push", address: browser.endpoint, p256dh: browser.p256dh, auth: browser.auth },
    ]);
    // The owner's count of waiting shoppers counts push beside e-mail.
    await api(store.id, {
      intent: "restock-notice",
      form: { productId: concha.id, email: `ana-${randomId(6).toLowerCase()}@example.com` },
    });
    expect(await waitingByProduct(db, store.id)).toEqual({ [concha.id]: 2 });

    await ownerEdit(store.id, concha.id, "20");
    await expect.poll(() => deliveredTo(browser.id).length).toBe(1);
    expect(deliveredTo(browser.id)[0]!.message).toEqual(
      restockPush({
        storeId: store.id,
        productId: concha.id,
        storeName: "Panadería La Espiga",
        productName: "Concha de vainilla",
        url: `${running.server.url}/${store.id}/p/${concha.id}`,
      }),
    );
    expect(deliveredTo(browser.id)[0]!.message).toMatchObject({
      title: "Ya hay Concha de vainilla",
      body: expect.stringContaining("Panadería La Espiga"),
    });
    expect(await requestsFor(concha.id)).toEqual([]);

    // Sold out and back again: the request was forgotten, so nothing more is sent.
    await db
      .update(products)
      .set({ stock: 0 })
      .where(and(eq(products.storeId, store.id), eq(products.id, concha.id)));
    await ownerEdit(store.id, concha.id, "30");
    await expect.poll(async () => (await pushJobsTo(browser.endpoint)).every((job) => job.done)).toBe(true);
    expect(await pushJobsTo(browser.endpoint)).toHaveLength(1);
    expect(deliveredTo(browser.id)).toHaveLength(1);
  });

  it("the cancel link forgets a push request: the browser is told, and stock coming back sends nothing", async () => {
    const { store, concha } = await bakery();
    const browser = pushService.subscribe();
    const { cancelUrl } = (await (await askByPush(store.id, concha.id, browser)).json()) as {
      cancelUrl: string;
    };
    const done = await fetch(cancelUrl, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(await done.text()).toContain(RESTOCK_CANCEL_WORDS.donePush);
    expect(await requestsFor(concha.id)).toEqual([]);
    await ownerEdit(store.id, concha.id, "8");
    expect(await pushJobsTo(browser.endpoint)).toEqual([]);
  });

  it("a subscription its push service answers 410 for is dropped, not retried", async () => {
    const { store, concha } = await bakery();
    const browser = pushService.subscribe();
    pushService.answerWith((id) => (id === browser.id ? 410 : 201));
    expect((await askByPush(store.id, concha.id, browser)).status).toBe(200);
    await ownerEdit(store.id, concha.id, "5");
    await expect.poll(() => pushJobsTo(browser.endpoint)).toEqual([{ done: true, attempts: 1 }]);
    expect(deliveredTo(browser.id)).toEqual([]);
    expect(await requestsFor(concha.id)).toEqual([]);
    pushService.answerWith(() => 201);
  });

  it("refuses, in Spanish and storing nothing, an endpoint off the push rules or a subscription it cannot read", async () => {
    const { store, concha } = await bakery();
    const keys = pushService.subscribe();
    const port = Number(pushService.host.split(":")[1]);
    for (const endpoint of [
      `https://127.0.0.1:${port}/push/${keys.id}`,
      `https://localhost:${port + 1}/push/${keys.id}`,
      `https://localhost/push/${keys.id}`,
      "https://evil.example/push/x",
      "http://fcm.googleapis.com/fcm/send/x",
      "https://fcm.googleapis.com.evil.example/fcm/send/x",
    ]) {
      const response = await askByPush(store.id, concha.id, { ...keys, endpoint });
      expect(response.status, endpoint).toBe(400);
      expect(await response.json()).toMatchObject({ ok: false, message: RESTOCK_WORDS.pushService });
    }
    const unreadable = await askByPush(store.id, concha.id, { ...keys, auth: "" });
    expect(unreadable.status).toBe(400);
    expect(await unreadable.json()).toMatchObject({ ok: false, message: RESTOCK_WORDS.pushInvalid });
    expect(await requestsFor(concha.id)).toEqual([]);
  });

  it("the table holds a push request's keys, and only a push request's", async () => {
    const { store, concha } = await bakery();
    const row = { storeId: store.id, productId: concha.id, origin: "https://tianguis.mx" };
    const insert = (values: Partial<typeof restockRequests.$inferInsert>) =>
      db.insert(restockRequests).values({ ...row, address: randomId(12), token: randomId(32), ...values });
    await expect(insert({ channel: "push", p256dh: null, auth: null })).rejects.toThrow();
    await expect(insert({ channel: "push", p256dh: "clave", auth: null })).rejects.toThrow();
    await expect(insert({ channel: "email", p256dh: "clave", auth: "secreto" })).rejects.toThrow();
    await expect(insert({ channel: "sms" as "push", p256dh: "clave", auth: "secreto" })).rejects.toThrow();
    await insert({ channel: "push", p256dh: "clave", auth: "secreto" });
    await insert({ channel: "email" });
    expect(await requestsFor(concha.id)).toHaveLength(2);
  });

  it("50 identical subscription requests at once keep one row and hand out one cancel link", async () => {
    const { store, concha } = await bakery();
    const browser = pushService.subscribe();
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => askByPush(store.id, concha.id, browser)),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(50).fill(200));
    const answers = (await Promise.all(responses.map((response) => response.json()))) as {
      cancelUrl: string | null;
    }[];
    expect(answers.filter((answer) => answer.cancelUrl !== null)).toHaveLength(1);
    expect(await requestsFor(concha.id)).toHaveLength(1);
  });

  it("50 requests at once from one address keep 10, and the limit is the e-mail channel's too", async () => {
    const { store, concha } = await bakery();
    const address = randomAddress();
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => askByPush(store.id, concha.id, pushService.subscribe(), address)),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40);
    const refused = responses.find((response) => response.status === 429)!;
    expect(await refused.json()).toMatchObject({ ok: false, message: RESTOCK_WORDS.tooMany });
    const byEmail = await api(
      store.id,
      { intent: "restock-notice", form: { productId: concha.id, email: "otra@example.com" } },
      address,
    );
    expect(byEmail.status).toBe(429);
    expect(await requestsFor(concha.id)).toHaveLength(10);
  });
});
