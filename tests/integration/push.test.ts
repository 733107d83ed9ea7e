/**
 * Web Push end to end on this machine: real VAPID keys, real aes128gcm encryption by
 * `web-push`, a local HTTPS push service that decrypts what it receives, and the job queue on the
 * test's database — in this process, and in a built server killed with SIGKILL mid-send — and the
 * Notificaciones tab's test notification and device removal through the server.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, eq, isNull } from "drizzle-orm";
import webpush from "web-push";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember, createOwner, createProduct, createStore } from "~/db/factories.server";
import { jobs, pushSubscriptions, storeMembers, storeSettings } from "~/db/schema";
import { enqueue, startJobWorker, type JobWorker } from "~/domain/jobs/jobs.server";
import { parseOrderForm, type OrderFormInput } from "~/domain/orders/order-form";
import { placeOrder } from "~/domain/orders/place-order/index.server";
import { PUSH_MESSAGES } from "~/domain/push/push-messages";
import { PENDING_ORDERS_URL } from "~/domain/push/push-text";
import { PUSH_JOB, pushJob, saveSubscription } from "~/domain/push/push.server";
import { readEnv } from "~/lib/env.server";
import { createLogger } from "~/lib/logger.server";
import { createTestDatabase } from "../support/database";
import { startPushEndpoint } from "../support/push-endpoint";
import { signIn } from "../support/http-server";
import { startServerProcess, type ServerProcess } from "../support/server-process";

const { db, url: databaseUrl } = await createTestDatabase();
const endpoint = await startPushEndpoint();
const keys = { ...webpush.generateVAPIDKeys(), subject: "mailto:pruebas@tianguis.mx" };
/** This machine's push service is not a browser's: the operator's list names it, as a self-hosted one. */
const env = readEnv({ PUSH_SERVICE_HOSTS: endpoint.host });
const logger = createLogger("silent");
const workers: JobWorker[] = [];
afterAll(() => endpoint.close());

/** A worker like the server's, polling slowly so each test drives it with runOnce(). */
function worker(options: { backoffMs?: number } = {}) {
  const started = startJobWorker({
    db,
    logger,
    pollMs: 60_000,
    backoffMs: options.backoffMs ?? 1,
    handlers: { [PUSH_JOB]: pushJob({ db, keys, logger, env, agent: endpoint.agent }).handler },
  });
  workers.push(started);
  return started;
}

async function ownerWithDevice() {
  const store = await createStore(db, { settings: { allowPickup: true, allowDelivery: true } });
  const owner = await createOwner(db, { storeId: store.id });
  const device = endpoint.subscribe();
  await saveSubscription(
    db,
    owner.id,
    store.id,
    { ...device, device: "Chrome en Android" },
    env.pushServiceHosts,
  );
  const tamal = await createProduct(db, store.id, { name: "Tamal", price: 24.5 });
  return { store, owner, device, tamal };
}

async function order(
  storeId: string,
  productId: string,
  customerName = "Ana López",
  extra: Partial<OrderFormInput> = {},
) {
  const parsed = parseOrderForm({
    customerName,
    customerPhone: "",
    deliveryType: "pickup",
    address: "",
    comments: "",
    idempotencyKey: `clave-${randomBytes(8).toString("hex")}`,
    lines: [{ productId, variation: "", quantity: 10 }],
    ...extra,
  });
  if (!parsed.success) throw new Error(JSON.stringify(parsed.errors));
  return (await placeOrder(db, storeId, parsed.data, { clientIp: `ip-${randomBytes(4).toString("hex")}` }))
    .order;
}

const deliveredTo = (subscription: string) =>
  endpoint.delivered.filter((d) => d.subscription === subscription);

describe("web push", () => {
  afterAll(() => Promise.all(workers.map((running) => running.stop())));
  it("a new order rings each member's own device too, and no longer a removed member's", async () => {
    endpoint.answerWith(() => 201);
    const { store, device, tamal } = await ownerWithDevice();
    const cajero = await createMember(db, { storeId: store.id, role: "cajero" });
    const removed = await createMember(db, { storeId: store.id, role: "encargado" });
    const cajeroDevice = endpoint.subscribe();
    const removedDevice = endpoint.subscribe();
    await saveSubscription(
      db,
      cajero.id,
      store.id,
      { ...cajeroDevice, device: "Caja" },
      env.pushServiceHosts,
    );
    await saveSubscription(
      db,
      removed.id,
      store.id,
      { ...removedDevice, device: "Otro" },
      env.pushServiceHosts,
    );
    await db.delete(storeMembers).where(eq(storeMembers.userId, removed.id));
    await order(store.id, tamal.id);
    await worker().runOnce();
    expect(deliveredTo(device.id)).toHaveLength(1);
    expect(deliveredTo(cajeroDevice.id)).toHaveLength(1);
    expect(deliveredTo(removedDevice.id)).toHaveLength(0);
  });
  it("a new order reaches the owner's device as a real encrypted push, decrypted here", async () => {
    endpoint.answerWith(() => 201);
    const { store, device, tamal } = await ownerWithDevice();
    const placed = await order(store.id, tamal.id);
    await worker().runOnce();
    const [push] = deliveredTo(device.id);
    expect(push?.message).toEqual({
      title: "Nuevo pedido",
      body: "Nuevo pedido · Ana · $245.00 · Para recoger",
      tag: `pedido-${placed.number}`,
      url: PENDING_ORDERS_URL,
    });
    expect(push?.headers).toMatchObject({ "content-encoding": "aes128gcm", urgency: "high" });
    // A shopper's tip is said apart from the total.
    await db
      .update(storeSettings)
      .set({ tipsEnabled: true, tipPercentages: [10] })
      .where(eq(storeSettings.storeId, store.id));
    const tipped = await order(store.id, tamal.id, "Luis Pérez", { tip: "10" });
    await worker().runOnce();
    expect(deliveredTo(device.id).map((delivered) => delivered.message)).toContainEqual({
      title: "Nuevo pedido",
      body: "Nuevo pedido · Luis · $245.00 + propina $24.50 · Para recoger",
      tag: `pedido-${tipped.number}`,
      url: PENDING_ORDERS_URL,
    });
    expect((push?.headers as Record<string, string>).authorization).toMatch(/^vapid t=.+, k=/);
    const [row] = await db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, device.endpoint));
    expect(row!.lastDeliveryAt).not.toBeNull();
  });

  it("a device the push service answers 410 for is forgotten, and not tried again", async () => {
    const { store, device, tamal } = await ownerWithDevice();
    endpoint.answerWith((id) => (id === device.id ? 410 : 201));
    await order(store.id, tamal.id);
    const ran = worker();
    await ran.runOnce();
    expect(
      await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint)),
    ).toEqual([]);
    const open = await db.select().from(jobs).where(isNull(jobs.doneAt));
    expect(open.filter((job) => job.kind === PUSH_JOB)).toEqual([]);
    expect(deliveredTo(device.id)).toEqual([]);
  });

  it("a 500 is retried with back-off and the push is delivered once", async () => {
    const { store, device, tamal } = await ownerWithDevice();
    // When each attempt reached the push service: the worker is run again and again, and the retry
    // must still wait for the back-off.
    const attemptsAt: number[] = [];
    endpoint.answerWith((id, attempt) => {
      if (id === device.id) attemptsAt.push(Date.now());
      return id === device.id && attempt === 1 ? 500 : 201;
    });
    await order(store.id, tamal.id);
    const ran = worker({ backoffMs: 300 });
    await expect
      .poll(
        async () => {
          await ran.runOnce();
          return deliveredTo(device.id).length;
        },
        { interval: 20 },
      )
      .toBe(1);
    expect(attemptsAt).toHaveLength(2);
    expect(attemptsAt[1]! - attemptsAt[0]!).toBeGreaterThanOrEqual(300);
    const [job] = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, PUSH_JOB), eq(jobs.attempts, 2)));
    expect(job?.doneAt).not.toBeNull();
    expect(job?.lastError).toBeNull();
  });

  it("two workers on one database never send the same push twice", async () => {
    endpoint.answerWith(() => 201);
    const { store, device } = await ownerWithDevice();
    await db.transaction(async (tx) => {
      for (let i = 0; i < 60; i++) {
        const message = { title: "t", body: "b", tag: `carga-${i}`, url: "/" };
        const [row] = await tx
          .select({ id: pushSubscriptions.id })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.storeId, store.id));
        await enqueue(tx, PUSH_JOB, { subscriptionId: row!.id, message });
      }
    });
    const [a, b] = [worker(), worker()];
    await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
    await Promise.all([a.runOnce(), b.runOnce()]);
    const tags = deliveredTo(device.id).map((push) => push.message.tag);
    expect(tags).toHaveLength(60);
    expect(new Set(tags).size).toBe(60);
  });
});

describe("a crash between the order's commit and the send", () => {
  const dataDir = mkdtemp(path.join(os.tmpdir(), "tianguis-push-"));
  afterAll(async () => rm(await dataDir, { recursive: true, force: true }));

  it("kill -9 while the push is on its way: after restart it is delivered, once", async () => {
    const { store, device, tamal } = await ownerWithDevice();
    // The first request never gets an answer: the server dies with the push in flight.
    endpoint.answerWith((id, attempt) => (id === device.id && attempt === 1 ? "hang" : 201));
    const env = {
      DATABASE_URL: databaseUrl,
      DATA_DIR: await dataDir,
      DEMO_DATA: "false",
      LOG_LEVEL: "warn",
      // The built server trusts this test's push service, as it would a real one's certificate.
      NODE_EXTRA_CA_CERTS: endpoint.caFile,
      PUSH_SERVICE_HOSTS: endpoint.host,
      JOBS_LEASE_SECONDS: "2",
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
    };
    const first = await startServerProcess({ env });
    const before = endpoint.arrivals();
    const placed = await order(store.id, tamal.id);
    while (endpoint.arrivals() === before) await new Promise((resolve) => setTimeout(resolve, 50));
    process.kill(-first.child.pid!, "SIGKILL");
    await new Promise((resolve) => first.child.once("exit", resolve));
    expect(deliveredTo(device.id)).toHaveLength(0);
    // Counted before the restart: the new server may deliver while it is still starting.
    const deliveredBefore = endpoint.delivered.length;

    const second = await startServerProcess({ env });
    try {
      await endpoint.waitFor(deliveredBefore + 1);
      // Another lease later, nothing more arrives for this order.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const pushes = deliveredTo(device.id);
      expect(pushes).toHaveLength(1);
      expect(pushes[0]!.message.tag).toBe(`pedido-${placed.number}`);
    } finally {
      await second.stop();
    }
  }, 60_000);
});

describe("the Notificaciones tab's actions, through the server", () => {
  const running = { server: undefined as unknown as ServerProcess };
  const dataDir = mkdtemp(path.join(os.tmpdir(), "tianguis-push-tab-"));
  beforeAll(async () => {
    running.server = await startServerProcess({
      env: {
        DATABASE_URL: databaseUrl,
        DATA_DIR: await dataDir,
        DEMO_DATA: "false",
        LOG_LEVEL: "warn",
        NODE_EXTRA_CA_CERTS: endpoint.caFile,
        PUSH_SERVICE_HOSTS: endpoint.host,
        VAPID_PUBLIC_KEY: keys.publicKey,
        VAPID_PRIVATE_KEY: keys.privateKey,
      },
    });
  });
  afterAll(async () => {
    await running.server?.stop();
    await rm(await dataDir, { recursive: true, force: true });
  });

  /** An owner with two devices, signed in through the server. */
  async function ownerWithTwoDevices() {
    const { store, owner, device } = await ownerWithDevice();
    const second = endpoint.subscribe();
    await saveSubscription(
      db,
      owner.id,
      store.id,
      { ...second, device: "Safari en iPhone" },
      env.pushServiceHosts,
    );
    const cookie = await signIn(running.server.url, owner.email, owner.password);
    return { store, cookie, endpoints: [device, second] };
  }
  const devicesOf = (storeId: string) =>
    db
      .select({ id: pushSubscriptions.id, endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.storeId, storeId))
      .orderBy(pushSubscriptions.id);
  const queuedFor = async (deviceIds: number[]) =>
    (await db.select().from(jobs).where(eq(jobs.kind, PUSH_JOB))).filter((job) =>
      deviceIds.includes((job.payload as { subscriptionId: number }).subscriptionId),
    );
  const post = (cookie: string, fields: Record<string, string>) =>
    fetch(`${running.server.url}/i/admin/push`, {
      method: "POST",
      headers: { cookie, Accept: "application/json", Origin: running.server.url },
      body: new URLSearchParams(fields),
    });

  it("a test notification queues one push per device of the owner and reaches each once; no one else's", async () => {
    endpoint.answerWith(() => 201);
    const mine = await ownerWithTwoDevices();
    const theirs = await ownerWithDevice();
    const myDevices = (await devicesOf(mine.store.id)).map((device) => device.id);
    const theirDevices = (await devicesOf(theirs.store.id)).map((device) => device.id);

    const response = await post(mine.cookie, { intent: "test" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, message: PUSH_MESSAGES.testSent(2) });
    const queued = await queuedFor(myDevices);
    expect(queued.map((job) => (job.payload as { subscriptionId: number }).subscriptionId).sort()).toEqual(
      [...myDevices].sort(),
    );
    expect(await queuedFor(theirDevices)).toEqual([]);

    await expect.poll(() => mine.endpoints.map((device) => deliveredTo(device.id).length)).toEqual([1, 1]);
    for (const device of mine.endpoints) {
      expect(deliveredTo(device.id)[0]!.message).toMatchObject({
        title: "Notificación de prueba",
        body: "Así te avisaremos de cada pedido nuevo.",
        url: PENDING_ORDERS_URL,
      });
    }
    expect(deliveredTo(theirs.device.id)).toEqual([]);
  });

  it("removing a device deletes only that one; another owner's device is not found and nothing changes", async () => {
    const mine = await ownerWithTwoDevices();
    const theirs = await ownerWithDevice();
    const [first, second] = await devicesOf(mine.store.id);
    const theirsBefore = await devicesOf(theirs.store.id);

    const removed = await post(mine.cookie, { intent: "remove", id: String(first!.id) });
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ ok: true, message: PUSH_MESSAGES.removed });
    expect(await devicesOf(mine.store.id)).toEqual([second]);

    const foreign = await post(mine.cookie, { intent: "remove", id: String(theirsBefore[0]!.id) });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ ok: false, message: "No encontramos ese dispositivo." });
    expect(await devicesOf(theirs.store.id)).toEqual(theirsBefore);
    expect(await devicesOf(mine.store.id)).toEqual([second]);

    // The tab lists this owner's remaining device only.
    const listed = await fetch(`${running.server.url}/i/admin/push`, {
      headers: { cookie: mine.cookie, Accept: "application/json" },
    });
    const { devices } = (await listed.json()) as { devices: { id: number }[] };
    expect(devices.map((device) => device.id)).toEqual([second!.id]);
  });
});
