/**
 * The live order stream survives faults (docs/decisions/007): two built server instances on one
 * PostgreSQL, instance A reaching it through a TCP proxy the test can cut. The LISTEN connection's
 * backend is terminated and connections are refused for 5 s; a stream opened on A before the
 * outage then receives every order placed during and after it (replayed from order_changes),
 * each once, and an order placed through either instance reaches a stream on the other.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createOwner, createProduct, createStore } from "~/db/factories.server";
import { createTestDatabase } from "../support/database";
import { openOrderStream, placeStorefrontOrder, signIn, startTcpProxy } from "../support/order-stream";
import { startServerProcess, type ServerProcess } from "../support/server-process";
import { createClient } from "~/db/client.server";

const { db, url } = await createTestDatabase();
const target = new URL(url);
const proxy = await startTcpProxy(target.hostname, Number(target.port));
const proxied = new URL(url);
proxied.hostname = "127.0.0.1";
proxied.port = String(proxy.port);
const dataDir = await mkdtemp(path.join(os.tmpdir(), "tianguis-live-"));
const running: ServerProcess[] = [];
const env = { DATA_DIR: dataDir, DEMO_DATA: "false", LOG_LEVEL: "info" };

afterAll(async () => {
  for (const server of running) await server.stop();
  await proxy.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe("live orders across a database outage and two instances", () => {
  it("replays every order placed while A's LISTEN was down, once each", { timeout: 120_000 }, async () => {
    const store = await createStore(db);
    const product = await createProduct(db, store.id, { price: 45 });
    const owner = await createOwner(db, { storeId: store.id });
    const [a, b] = await Promise.all([
      startServerProcess({ env: { ...env, DATABASE_URL: proxied.toString() } }),
      startServerProcess({ env: { ...env, DATABASE_URL: url } }),
    ]);
    running.push(a, b);
    const streamOnA = openOrderStream(a.url, await signIn(a.url, owner.email, owner.password));
    const streamOnB = openOrderStream(b.url, await signIn(b.url, owner.email, owner.password));
    await streamOnA.until(() => streamOnA.connections === 1, 10_000, "stream on A");
    await streamOnB.until(() => streamOnB.connections === 1, 10_000, "stream on B");

    // Two instances: an order placed through either reaches a panel on the other.
    const throughB = await placeStorefrontOrder(b.url, store.id, product.id, "Por B");
    const throughA = await placeStorefrontOrder(a.url, store.id, product.id, "Por A");
    await streamOnA.until(() => streamOnA.createdOrders().includes(throughB), 5_000, "B's order on A");
    await streamOnB.until(() => streamOnB.createdOrders().includes(throughA), 5_000, "A's order on B");

    // The outage: both LISTEN backends are terminated, and A cannot reach the database for 5 s.
    const database = target.pathname.slice(1);
    const admin = createClient({ connectionString: url });
    await admin.connect();
    const { rows: terminated } = await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and application_name = 'tianguis-listener'",
      [database],
    );
    await admin.end();
    expect(terminated.length).toBe(2); // one listener per instance (the job worker has its own)
    await proxy.refuse();
    const during: string[] = [];
    for (let i = 0; i < 5; i++) {
      during.push(await placeStorefrontOrder(b.url, store.id, product.id, `Durante ${i}`));
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    // Not ready while its listener cannot reach the database (alive all the same).
    expect((await fetch(`${a.url}/readyz`)).status).toBe(503);
    expect((await fetch(`${a.url}/healthz`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await proxy.accept();
    const recovered = performance.now();

    const after: string[] = [];
    for (let i = 0; i < 2; i++)
      after.push(await placeStorefrontOrder(b.url, store.id, product.id, `Después ${i}`));
    const expected = [throughB, throughA, ...during, ...after];
    await streamOnA.until(
      () => expected.every((id) => streamOnA.createdOrders().includes(id)),
      15_000,
      "every order on A after the outage",
    );
    const caughtUp = performance.now() - recovered;
    expect(caughtUp).toBeLessThan(10_000);
    // Give a duplicate time to show up before counting.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(streamOnA.createdOrders()).toEqual(expected);
    expect(streamOnB.createdOrders()).toEqual(expected);
    const ids = streamOnA.events.map((event) => event.id);
    expect(new Set(ids).size).toBe(ids.length);
    // Ready again once its listener is back.
    await expect.poll(async () => (await fetch(`${a.url}/readyz`)).status).toBe(200);

    // The loss and the recovery are logged once each, however many attempts lay between.
    const output = a.output();
    expect(output.match(/database listener lost its connection/g)?.length).toBe(1);
    expect(output.match(/database listener reconnected/g)?.length).toBe(1);
    streamOnA.close();
    streamOnB.close();
  });

  it("a stream reopened with Last-Event-ID replays what it missed, and only that", async () => {
    const store = await createStore(db);
    const product = await createProduct(db, store.id);
    const owner = await createOwner(db, { storeId: store.id });
    const server = running[1]!;
    const cookie = await signIn(server.url, owner.email, owner.password);
    const first = openOrderStream(server.url, cookie);
    await first.until(() => first.connections === 1, 10_000, "first stream");
    const seen = await placeStorefrontOrder(server.url, store.id, product.id, "Vista");
    await first.until(() => first.createdOrders().includes(seen), 5_000, "live order");
    const lastId = first.events.at(-1)!.id!;
    first.close();
    const missed = await placeStorefrontOrder(server.url, store.id, product.id, "Perdida");

    const response = await fetch(`${server.url}/i/admin/orders/stream`, {
      headers: { cookie, "Last-Event-ID": String(lastId) },
    });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    while (!text.includes(missed)) text += (await reader.read()).value ?? "";
    await reader.cancel();
    expect(text).not.toContain(seen);
    expect(text).toMatch(new RegExp(`id: \\d+\\nevent: order.created\\ndata: {"orderId":"${missed}"}`));

    // An id this database never gave out (a browser from before a restore) starts from now.
    const future = await fetch(`${server.url}/i/admin/orders/stream`, {
      headers: { cookie, "Last-Event-ID": "999999999" },
    });
    const futureReader = future.body!.pipeThrough(new TextDecoderStream()).getReader();
    let futureText = "";
    while (!futureText.includes(": connected")) futureText += (await futureReader.read()).value ?? "";
    const later = await placeStorefrontOrder(server.url, store.id, product.id, "Después de restaurar");
    while (!futureText.includes(later)) futureText += (await futureReader.read()).value ?? "";
    await futureReader.cancel();
    expect(futureText).not.toContain(missed);

    // Another owner's stream is not this store's.
    const stranger = await createOwner(db, { storeId: (await createStore(db)).id });
    const other = await fetch(`${server.url}/i/admin/orders/stream`, {
      headers: { cookie: await signIn(server.url, stranger.email, stranger.password), "Last-Event-ID": "0" },
    });
    const otherReader = other.body!.pipeThrough(new TextDecoderStream()).getReader();
    const firstChunk = (await otherReader.read()).value ?? "";
    await new Promise((resolve) => setTimeout(resolve, 300));
    await otherReader.cancel();
    expect(firstChunk).not.toContain(missed);
  });
});
