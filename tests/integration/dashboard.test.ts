/**
 * The Resumen tab: its figures against a fixture of known orders and page views, across
 * Mexico City's midnight, with another store's orders beside them; and the panel opening on it.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createOrder, createOwner, createProduct, createStore } from "~/db/factories.server";
import { analyticsEvents } from "~/db/schema";
import { loadDashboard } from "~/domain/stores/dashboard.server";
import { createTestDatabase } from "../support/database";
import { signIn, useServerProcess } from "../support/http-server";

const { db, url: databaseUrl } = await createTestDatabase();
const running = useServerProcess(databaseUrl);

/** Tuesday 24 November 2026, 12:00 in Mexico City (UTC−6). */
const NOW = new Date("2026-11-24T18:00:00Z");

async function fixture() {
  const store = await createStore(db, { displayName: "Panadería La Espiga" });
  const concha = await createProduct(db, store.id, { name: "Concha", price: 14 });
  const cafe = await createProduct(db, store.id, { name: "Café de olla", price: 30 });
  const line = (product: typeof concha, quantity: number) => ({
    productId: product.id,
    name: product.name,
    unit: "pieza" as const,
    price: product.price,
    quantity,
  });
  const order = (
    createdAt: string,
    status: "pending" | "completed" | "cancelled",
    lines: ReturnType<typeof line>[],
    deliveryType: "pickup" | "delivery" = "pickup",
  ) => createOrder(db, store.id, { createdAt: new Date(createdAt), status, lines, deliveryType });
  // Today, 00:30 local: just after midnight.
  await order("2026-11-24T06:30:00Z", "completed", [line(concha, 3)]);
  // Monday 23:30 local: yesterday, though it is already the 24th in UTC.
  await order("2026-11-24T05:30:00Z", "completed", [line(concha, 2), line(cafe, 1)], "delivery");
  await order("2026-11-24T17:10:00Z", "pending", [line(cafe, 1)]);
  // Friday 14:00 and 13:15 local; a cancelled order is not a sale.
  await order("2026-11-20T20:00:00Z", "cancelled", [line(concha, 10)], "delivery");
  await order("2026-11-20T19:15:00Z", "completed", [line(cafe, 4)]);
  // Saturday 13:40 local.
  await order("2026-11-21T19:40:00Z", "completed", [line(concha, 1)]);
  // Within 30 days, not within 7.
  await order("2026-11-01T19:00:00Z", "completed", [line(concha, 1)]);
  // Before every period.
  await order("2026-10-01T19:00:00Z", "completed", [line(cafe, 50)]);

  const views = (createdAt: string, count: number, name = "view_store_page") =>
    db
      .insert(analyticsEvents)
      .values(
        Array.from({ length: count }, () => ({ name, storeId: store.id, createdAt: new Date(createdAt) })),
      );
  await views("2026-11-24T07:00:00Z", 4);
  await views("2026-11-24T05:59:00Z", 1);
  await views("2026-11-19T12:00:00Z", 5);
  await views("2026-11-24T07:00:00Z", 3, "search_products");
  // The server never records a view in the past, as this fixture does: the test server's daily
  // roll-up may already have passed these days, so they are made raw days again — under the
  // roll-up's own lock and in one transaction, so a roll-up under way (a day per transaction)
  // never sees its mark without its days, and starts again from the first raw day.
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('rollup:page_views', 0))`);
    await tx.execute(sql`delete from rollup_marks`);
    await tx.execute(sql`delete from page_view_days`);
  });

  // Another owner's busy store, on the same days.
  const other = await createStore(db, { displayName: "Otra tienda" });
  const tamal = await createProduct(db, other.id, { name: "Tamal", price: 10_000 });
  await createOrder(db, other.id, {
    createdAt: new Date("2026-11-24T07:00:00Z"),
    status: "completed",
    lines: [{ productId: tamal.id, name: "Tamal", unit: "pieza", price: 10_000, quantity: 9 }],
  });
  await db
    .insert(analyticsEvents)
    .values(
      Array.from({ length: 100 }, () => ({ name: "view_store_page", storeId: other.id, createdAt: NOW })),
    );
  return store;
}

describe("Resumen figures", () => {
  it("counts today from Mexico City's midnight, not UTC's", async () => {
    const store = await fixture();
    const today = await loadDashboard(db, store.id, "hoy", NOW);
    expect(today).toMatchObject({
      from: "2026-11-24",
      to: "2026-11-24",
      sales: 42,
      completedOrders: 1,
      placedOrders: 2,
      byStatus: { pending: 1, completed: 1, cancelled: 0 },
      averageTicket: 42,
      storeViews: 4,
      conversion: 50,
      delivery: { pickup: 2, delivery: 0 },
      dailySales: [{ date: "2026-11-24", sales: 42, orders: 1 }],
    });
    expect(today.ordersByHour[0]).toBe(1);
    expect(today.ordersByHour[11]).toBe(1);
    expect(today.ordersByHour[23]).toBe(0);
    expect(today.ordersByHour.reduce((sum, count) => sum + count, 0)).toBe(2);
  });

  it("gives the last 7 days' sales, averages, peaks, conversion and best sellers", async () => {
    const store = await fixture();
    const week = await loadDashboard(db, store.id, "7dias", NOW);
    expect(week).toMatchObject({
      from: "2026-11-18",
      to: "2026-11-24",
      sales: 234,
      completedOrders: 4,
      placedOrders: 6,
      byStatus: { pending: 1, completed: 4, cancelled: 1 },
      averageTicket: 58.5,
      storeViews: 10,
      conversion: 60,
      delivery: { pickup: 4, delivery: 2 },
    });
    expect(week.dailySales).toEqual([
      { date: "2026-11-18", sales: 0, orders: 0 },
      { date: "2026-11-19", sales: 0, orders: 0 },
      { date: "2026-11-20", sales: 120, orders: 1 },
      { date: "2026-11-21", sales: 14, orders: 1 },
      { date: "2026-11-22", sales: 0, orders: 0 },
      { date: "2026-11-23", sales: 58, orders: 1 },
      { date: "2026-11-24", sales: 42, orders: 1 },
    ]);
    // 13:15 and 13:40 local: the peak hour is 13:00–14:00.
    expect(week.ordersByHour[13]).toBe(2);
    expect(Math.max(...week.ordersByHour)).toBe(2);
    expect(week.ordersByHour[23]).toBe(1);
    // Monday first: Mon 23:30, Tue ×2, Fri ×2, Sat.
    expect(week.ordersByWeekday).toEqual([1, 2, 0, 0, 2, 1, 0]);
    expect(week.topByUnits.map((product) => [product.name, product.units, product.amount])).toEqual([
      ["Concha", 6, 84],
      ["Café de olla", 5, 150],
    ]);
    expect(week.topByAmount.map((product) => product.name)).toEqual(["Café de olla", "Concha"]);
  });

  it("counts the options picked most across the completed orders' lines, by their units", async () => {
    const store = await createStore(db);
    const tacos = await createProduct(db, store.id, { name: "Orden de tacos", price: 45 });
    const picked = (size: string, extras: string[], quantity: number, status: "completed" | "cancelled") =>
      createOrder(db, store.id, {
        createdAt: new Date("2026-11-24T17:00:00Z"),
        status,
        lines: [
          {
            productId: tacos.id,
            name: tacos.name,
            unit: "pieza",
            price: 70,
            quantity,
            choices: [
              { group: "Tamaño", kind: "size", options: [{ name: size, price: 70 }] },
              ...(extras.length > 0
                ? [
                    {
                      group: "Extras",
                      kind: "extras" as const,
                      options: extras.map((name) => ({ name, price: 10 })),
                    },
                  ]
                : []),
            ],
          },
        ],
      });
    await picked("5 piezas", ["Queso", "Aguacate"], 2, "completed");
    await picked("3 piezas", ["Queso"], 1, "completed");
    await picked("3 piezas", ["Aguacate"], 9, "cancelled");
    const today = await loadDashboard(db, store.id, "hoy", NOW);
    expect(today.topChoices).toEqual([
      { group: "Extras", name: "Queso", units: 3 },
      { group: "Extras", name: "Aguacate", units: 2 },
      { group: "Tamaño", name: "5 piezas", units: 2 },
      { group: "Tamaño", name: "3 piezas", units: 1 },
    ]);
    expect(today.topByUnits).toMatchObject([{ name: "Orden de tacos", units: 3 }]);
  });

  it("reaches back 30 days and no further, and never mixes in another store", async () => {
    const store = await fixture();
    const month = await loadDashboard(db, store.id, "30dias", NOW);
    expect(month.from).toBe("2026-10-26");
    expect(month.dailySales).toHaveLength(30);
    expect(month.sales).toBe(248);
    expect(month.placedOrders).toBe(7);
    expect(month.storeViews).toBe(10);
    expect(month.topByUnits[0]).toMatchObject({ name: "Concha", units: 7 });
    expect(month.topByUnits.map((product) => product.name)).not.toContain("Tamal");
  });

  it("shows nothing but zeros for a store without orders or views", async () => {
    const store = await createStore(db, {});
    const empty = await loadDashboard(db, store.id, "7dias", NOW);
    expect(empty).toMatchObject({
      sales: 0,
      placedOrders: 0,
      averageTicket: null,
      conversion: null,
      topByUnits: [],
      topByAmount: [],
      topChoices: [],
    });
    expect(empty.ordersByHour).toEqual(Array(24).fill(0));
  });
});

describe("The panel's Resumen tab over HTTP", () => {
  async function owner(withOrder: boolean) {
    const store = await createStore(db, { displayName: "Tacos El Güero" });
    const taco = await createProduct(db, store.id, { name: "Taco de pastor", price: 18 });
    if (withOrder) {
      await createOrder(db, store.id, {
        status: "completed",
        lines: [{ productId: taco.id, name: taco.name, unit: "pieza", price: 18, quantity: 5 }],
      });
    }
    const account = await createOwner(db, { storeId: store.id });
    return { store, cookie: await signIn(running.server.url, account.email, account.password) };
  }
  const panel = async (cookie: string, query = "") => {
    const response = await fetch(`${running.server.url}/i/admin${query}`, { headers: { cookie } });
    expect(response.status).toBe(200);
    return response.text();
  };

  it("opens on Productos, with or without orders; Resumen shows a store's figures when asked for", async () => {
    const busy = await owner(true);
    expect(await panel(busy.cookie)).toMatch(/aria-current="page"[^>]*>Productos</);
    const html = await panel(busy.cookie, "?tab=resumen");
    expect(html).toMatch(/aria-current="page"[^>]*>Resumen</);
    expect(html).toContain("Pedidos por hora del día");
    expect(html).toContain("Taco de pastor");
    expect(html).toContain("$90.00");

    const fresh = await owner(false);
    expect(await panel(fresh.cookie)).toMatch(/aria-current="page"[^>]*>Productos</);
    const resumen = await panel(fresh.cookie, "?tab=resumen&periodo=30dias");
    expect(resumen).toContain("Todavía no hay pedidos en este periodo.");
    expect(resumen).not.toContain("Taco de pastor");
  });
});
