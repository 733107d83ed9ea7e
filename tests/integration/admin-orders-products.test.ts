/**
 * The owner's order transitions, history and product lifecycle against a real PostgreSQL.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { inTransaction } from "~/db/after-commit.server";
import { createOrder, createProduct, createStore } from "~/db/factories.server";
import { analyticsEvents, orders, products } from "~/db/schema";
import { createLocalStorage } from "~/domain/images/local-storage.server";
import { imageFileKeys } from "~/domain/images/store-image.server";
import { newImageKey } from "~/domain/images/image-keys";
import { startListener } from "~/db/listen.server";
import {
  listOrderChangesSince,
  ORDER_CHANNEL,
  startOrderEventHub,
  type OrderChange,
} from "~/domain/orders/order-events.server";
import {
  cancelOrder,
  completeOrder,
  listOrderHistory,
  listPendingOrders,
} from "~/domain/orders/owner-orders.server";
import { parseHistoryFilter } from "~/domain/orders/owner-orders";
import { addProduct, deleteProduct, updateProduct } from "~/domain/products/admin-products.server";
import { ProductFormSchema } from "~/domain/products/product-form";
import { SettingsFormSchema } from "~/domain/stores/settings-form";
import { saveStoreSettings } from "~/domain/stores/settings.server";
import { createLogger } from "~/lib/logger.server";
import { createTestDatabase } from "../support/database";

const { db, url } = await createTestDatabase();
const logger = createLogger("silent");
const uploads = await mkdtemp(path.join(os.tmpdir(), "tianguis-admin-images-"));
const storage = createLocalStorage(uploads);
afterAll(() => rm(uploads, { recursive: true, force: true }));

const line = (product: { id: string; name: string; price: number }) => ({
  productId: product.id,
  name: product.name,
  price: product.price,
  unit: "pieza" as const,
  quantity: 2,
});

describe("order transitions", () => {
  it("completing sets status and completedAt, records complete_order and publishes order.updated", async () => {
    const store = await createStore(db);
    const product = await createProduct(db, store.id, { price: 12.5 });
    const order = await createOrder(db, store.id, { lines: [line(product)] });
    const listener = await startListener({ databaseUrl: url, channels: [ORDER_CHANNEL], logger });
    const hub = startOrderEventHub({ listener, db, logger });
    const received: OrderChange[] = [];
    // As a live stream does: what the hub hands over, or, when it says to look, what the table holds.
    const arrived = new Promise<void>((resolve) =>
      hub.subscribe(store.id, {
        onChange: (event) => {
          received.push(event);
          resolve();
        },
        onResync: () => {
          void listOrderChangesSince(db, store.id, 0).then((changes) => {
            received.push(...changes);
            if (changes.length > 0) resolve();
          });
        },
      }),
    );
    const now = new Date("2030-01-02T03:04:05Z");
    await completeOrder(db, store.id, order.id, now);
    await arrived;
    await hub.close();
    await listener.close();

    const [row] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.storeId, store.id), eq(orders.id, order.id)));
    expect(row).toMatchObject({ status: "completed", completedAt: now });
    const events = await db.select().from(analyticsEvents).where(eq(analyticsEvents.storeId, store.id));
    expect(events.map((event) => [event.name, event.data])).toEqual([
      ["complete_order", { storeId: store.id, orderId: order.id, completedAt: now.toISOString() }],
    ]);
    expect(received).toEqual([
      { type: "order.updated", storeId: store.id, orderId: order.id, id: expect.any(Number) },
    ]);
  });

  it("cancelling sets completedAt too, records nothing, and a closed order cannot change again", async () => {
    const store = await createStore(db);
    const product = await createProduct(db, store.id);
    const order = await createOrder(db, store.id, { lines: [line(product)] });
    await cancelOrder(db, store.id, order.id);
    const [row] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.storeId, store.id), eq(orders.id, order.id)));
    expect(row!.status).toBe("cancelled");
    expect(row!.completedAt).toBeInstanceOf(Date);
    await expect(completeOrder(db, store.id, order.id)).rejects.toMatchObject({ code: "UNAVAILABLE" });
    expect(await db.select().from(analyticsEvents).where(eq(analyticsEvents.storeId, store.id))).toEqual([]);
  });

  it("another store's order id is not found and stays pending", async () => {
    const a = await createStore(db);
    const b = await createStore(db);
    const product = await createProduct(db, a.id);
    const order = await createOrder(db, a.id, { lines: [line(product)] });
    await expect(completeOrder(db, b.id, order.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await listPendingOrders(db, a.id)).orders.map((o) => o.id)).toEqual([order.id]);
  });
});

describe("order lists", () => {
  it("pending shows lines and totals; history is newest first and pages beyond 50", async () => {
    const store = await createStore(db);
    const product = await createProduct(db, store.id, { price: 10 });
    const pending = await createOrder(db, store.id, { lines: [line(product)] });
    const base = Date.parse("2030-01-01T00:00:00Z");
    for (let i = 0; i < 53; i++) {
      await createOrder(db, store.id, {
        status: i % 10 === 0 ? "cancelled" : "completed",
        createdAt: new Date(base + i * 60_000),
        completedAt: new Date(base + i * 60_000 + 30_000),
        lines: [line(product)],
      });
    }
    const [listed] = (await listPendingOrders(db, store.id)).orders;
    expect(listed).toMatchObject({
      id: pending.id,
      total: 20,
      lines: [{ name: product.name, quantity: 2, price: 10 }],
    });

    const first = await listOrderHistory(db, store.id, 1);
    expect(first.orders).toHaveLength(50);
    expect(first.hasMore).toBe(true);
    const times = first.orders.map((order) => order.completedAt!.getTime());
    expect(times).toEqual([...times].sort((x, y) => y - x));
    const second = await listOrderHistory(db, store.id, 2);
    expect(second.orders).toHaveLength(3);
    expect(second.hasMore).toBe(false);
    expect(second.orders.at(-1)!.status).toBe("cancelled");
    expect(new Set([...first.orders, ...second.orders].map((order) => order.id)).size).toBe(53);
  });
});

describe("the order of the pending list and the history's filter", () => {
  it("pending: by when each order is due (its slot, else when it was placed), earliest first", async () => {
    const store = await createStore(db);
    const other = await createStore(db);
    const product = await createProduct(db, store.id, { price: 10 });
    const now = Date.now();
    const minutes = (n: number) => new Date(now + n * 60_000);
    const pending = (createdAt: Date, scheduledFor: Date | null = null) =>
      createOrder(db, store.id, { createdAt, scheduledFor, lines: [line(product)] });
    const older = await pending(minutes(-30));
    const inThreeDays = await pending(minutes(-5), minutes(3 * 24 * 60));
    const tomorrow = await pending(minutes(-60), minutes(24 * 60));
    const newer = await pending(minutes(-10));
    const tomorrowLater = await pending(minutes(-1), minutes(24 * 60 + 30));
    // Placed yesterday for a slot an hour ago, not yet handed over: due before the one placed 30 minutes ago.
    const slotPassed = await pending(minutes(-24 * 60), minutes(-60));
    // Due in 20 minutes: after the orders placed now, before tomorrow's.
    const soon = await pending(minutes(-90), minutes(20));
    // Placed two hours ago without a slot: before everything else, though scheduled ones were placed earlier.
    const oldest = await pending(minutes(-120));
    await createOrder(db, store.id, {
      status: "completed",
      completedAt: minutes(-2),
      lines: [line(product)],
    });
    await createOrder(db, other.id, { createdAt: minutes(-3), lines: [line(product)] });

    expect((await listPendingOrders(db, store.id)).orders.map((order) => order.id)).toEqual([
      oldest.id,
      slotPassed.id,
      older.id,
      newer.id,
      soon.id,
      tomorrow.id,
      tomorrowLater.id,
      inThreeDays.id,
    ]);
  });

  it("history: one status or both, and a range of days as Mexico City counts them", async () => {
    const store = await createStore(db);
    const other = await createStore(db);
    const product = await createProduct(db, store.id, { price: 10 });
    const ended = (status: "completed" | "cancelled", completedAt: string) =>
      createOrder(db, store.id, {
        status,
        createdAt: new Date(Date.parse(completedAt) - 3_600_000),
        completedAt: new Date(completedAt),
        cancelReason: status === "cancelled" ? "Sin masa" : "",
        lines: [line(product)],
      });
    const nov10 = await ended("completed", "2026-11-10T18:00:00Z");
    // Both end on 13 November in UTC; in Mexico City (UTC−6) one ends on the 12th at 23:30.
    const lateOn12 = await ended("cancelled", "2026-11-13T05:30:00Z");
    const earlyOn13 = await ended("completed", "2026-11-13T06:30:00Z");
    const nov15 = await ended("completed", "2026-11-15T18:00:00Z");
    await createOrder(db, store.id, { createdAt: new Date("2026-11-12T18:00:00Z"), lines: [line(product)] });
    await createOrder(db, other.id, {
      status: "completed",
      completedAt: new Date("2026-11-12T18:00:00Z"),
      lines: [line(product)],
    });

    const history = async (query: string) =>
      (await listOrderHistory(db, store.id, 1, parseHistoryFilter(new URLSearchParams(query)))).orders.map(
        (order) => order.id,
      );
    expect(await history("")).toEqual([nov15.id, earlyOn13.id, lateOn12.id, nov10.id]);
    expect(await history("estado=completed")).toEqual([nov15.id, earlyOn13.id, nov10.id]);
    expect(await history("estado=cancelled")).toEqual([lateOn12.id]);
    expect(await history("desde=2026-11-12&hasta=2026-11-12")).toEqual([lateOn12.id]);
    expect(await history("desde=2026-11-13")).toEqual([nov15.id, earlyOn13.id]);
    expect(await history("hasta=2026-11-12")).toEqual([lateOn12.id, nov10.id]);
    expect(await history("estado=completed&desde=2026-11-11&hasta=2026-11-14")).toEqual([earlyOn13.id]);
    expect(await history("estado=cancelled&desde=2026-11-13")).toEqual([]);
    const [cancelled] = (
      await listOrderHistory(db, store.id, 1, parseHistoryFilter(new URLSearchParams("estado=cancelled")))
    ).orders;
    expect(cancelled).toMatchObject({ status: "cancelled", cancelReason: "Sin masa", total: 20 });
  });
});

describe("products", () => {
  const form = (overrides: Record<string, unknown> = {}) =>
    ProductFormSchema.parse({
      name: "Concha",
      description: "Pan",
      price: "14",
      unit: "pieza",
      variations: [" Vainilla", "Vainilla "],
      category: "",
      ...overrides,
    });

  it("adding records add_product; options are normalised; category only on basic", async () => {
    const starter = await createStore(db, { settings: { customCategories: ["Pan"] } });
    const added = await addProduct(db, starter.id, form({ category: "Pan" }));
    expect(added).toMatchObject({ available: true, variations: ["Vainilla"], category: "" });
    const events = await db.select().from(analyticsEvents).where(eq(analyticsEvents.storeId, starter.id));
    expect(events.map((event) => event.name)).toEqual(["add_product"]);

    const basic = await createStore(db, {
      trialExpiration: new Date(Date.now() + 86_400_000),
      settings: { customCategories: ["Pan"] },
    });
    expect((await addProduct(db, basic.id, form({ category: "Pan" }))).category).toBe("Pan");
    await expect(addProduct(db, basic.id, form({ category: "Inventada" }))).rejects.toMatchObject({
      code: "VALIDATION",
    });
  });

  it("replacing and deleting an image deletes its files", async () => {
    const store = await createStore(db);
    const oldKey = newImageKey("product-images", store.id);
    const newKey = newImageKey("product-images", store.id);
    for (const key of [...imageFileKeys(oldKey), ...imageFileKeys(newKey)])
      await storage.put(key, Buffer.from("x"), "image/webp");
    const product = await createProduct(db, store.id, { imageKey: oldKey });

    await updateProduct(db, store.id, product.id, form({ imageKey: newKey }), { storage, logger });
    for (const key of imageFileKeys(oldKey)) expect(await storage.get(key)).toBeNull();
    for (const key of imageFileKeys(newKey)) expect(await storage.get(key)).not.toBeNull();

    await deleteProduct(db, store.id, product.id, { storage, logger });
    for (const key of imageFileKeys(newKey)) expect(await storage.get(key)).toBeNull();
    expect(await db.select().from(products).where(eq(products.storeId, store.id))).toEqual([]);
  });

  it("an edit or a deletion inside a transaction that rolls back leaves the image's files; one that commits deletes them", async () => {
    const store = await createStore(db);
    const [oldKey, newKey] = [
      newImageKey("product-images", store.id),
      newImageKey("product-images", store.id),
    ];
    for (const key of [...imageFileKeys(oldKey), ...imageFileKeys(newKey)])
      await storage.put(key, Buffer.from("x"), "image/webp");
    const product = await createProduct(db, store.id, { imageKey: oldKey });
    const refused = new Error("the caller's next step failed");
    const deps = { storage, logger };

    await expect(
      inTransaction(db, async (tx) => {
        await updateProduct(tx, store.id, product.id, form({ imageKey: newKey }), deps);
        throw refused;
      }),
    ).rejects.toBe(refused);
    await expect(
      inTransaction(db, async (tx) => {
        await deleteProduct(tx, store.id, product.id, deps);
        throw refused;
      }),
    ).rejects.toBe(refused);
    for (const key of imageFileKeys(oldKey)) expect(await storage.get(key)).not.toBeNull();
    // A savepoint that failed inside a transaction that commits takes its deletion with it.
    await inTransaction(db, async (tx) => {
      await inTransaction(tx, async (savepoint) => {
        await deleteProduct(savepoint, store.id, product.id, deps);
        throw refused;
      }).catch(() => {});
    });
    for (const key of imageFileKeys(oldKey)) expect(await storage.get(key)).not.toBeNull();

    await inTransaction(db, (tx) =>
      updateProduct(tx, store.id, product.id, form({ imageKey: newKey }), deps),
    );
    for (const key of imageFileKeys(oldKey)) expect(await storage.get(key)).toBeNull();
    await inTransaction(db, (tx) => deleteProduct(tx, store.id, product.id, deps));
    for (const key of imageFileKeys(newKey)) expect(await storage.get(key)).toBeNull();
  });

  it("another store's product id is not found and nothing changes", async () => {
    const a = await createStore(db);
    const b = await createStore(db);
    const product = await createProduct(db, a.id, { name: "Original" });
    await expect(updateProduct(db, b.id, product.id, form(), { storage, logger })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(deleteProduct(db, b.id, product.id, { storage, logger })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    const [row] = await db.select().from(products).where(eq(products.id, product.id));
    expect(row!.name).toBe("Original");
  });
});

describe("settings", () => {
  it("a replaced logo's files are deleted after the save; a missing logo field keeps the logo", async () => {
    const store = await createStore(db);
    const oldKey = newImageKey("store-logos", store.id);
    const newKey = newImageKey("store-logos", store.id);
    for (const key of [...imageFileKeys(oldKey), ...imageFileKeys(newKey)])
      await storage.put(key, Buffer.from("x"), "image/webp");
    const form = (logoKey?: string) =>
      SettingsFormSchema.parse({
        displayName: "Logo",
        description: "",
        contactEmail: "",
        facebookUrl: "",
        instagramUrl: "",
        twitterUrl: "",
        phone: "",
        cityId: "aguascalientes",
        primaryColor: "#2563eb",
        secondaryColor: "#22d3ee",
        backgroundColor: "#ffffff",
        panelBackgroundColor: "#ffffff",
        productBackgroundColor: "#ffffff",
        allowPickup: "on",
        logoKey,
      });
    await saveStoreSettings(db, store.id, form(oldKey), { storage, logger });
    await saveStoreSettings(db, store.id, form(undefined), { storage, logger });
    for (const key of imageFileKeys(oldKey)) expect(await storage.get(key)).not.toBeNull();
    await saveStoreSettings(db, store.id, form(newKey), { storage, logger });
    for (const key of imageFileKeys(oldKey)) expect(await storage.get(key)).toBeNull();
    for (const key of imageFileKeys(newKey)) expect(await storage.get(key)).not.toBeNull();
    await saveStoreSettings(db, store.id, form(""), { storage, logger });
    for (const key of imageFileKeys(newKey)) expect(await storage.get(key)).toBeNull();
  });
});
