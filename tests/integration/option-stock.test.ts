/**
 * Stock per size option (docs/decisions/034) on a real PostgreSQL: the last units of one size under
 * 50 simultaneous orders through the built server, the other size untouched, a cancel giving the
 * size's units back once, tampered or sold-out picks refused with no row changed, and another
 * store's product not found.
 */
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createOwner, createProduct, createStore } from "~/db/factories.server";
import { orderLines, products, restockRequests } from "~/db/schema";
import { cancelOrder } from "~/domain/orders/owner-orders.server";
import { STOCK_MESSAGES } from "~/domain/products/product-form";
import { createTestDatabase } from "../support/database";
import { signIn, useServerProcess } from "../support/http-server";
import { pickupForm, sendAtOnce } from "../support/shopper";
import { BAKERY_SIZES } from "../support/choice-groups";

const { db, url: databaseUrl } = await createTestDatabase();
const running = useServerProcess(databaseUrl, { TRUST_PROXY: "1" });
const address = () => `198.17.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 254) + 1}`;

const GROUPS = [BAKERY_SIZES];

async function bakery(
  optionStock: Record<string, number> | null,
  extra: { stock?: number } = {},
  licenceType: "basic" | "starter" = "basic",
) {
  const store = await createStore(db, {
    licenceType,
    licenceExpires: new Date("2040-01-01T00:00:00Z"),
    settings: { allowPickup: true },
  });
  const concha = await createProduct(db, store.id, {
    name: "Concha de vainilla",
    price: 12,
    choiceGroups: GROUPS,
    optionStock,
    ...extra,
  });
  return { store, concha };
}

function order(storeId: string, lines: { productId: string; choices: string[]; quantity?: number }[]) {
  return fetch(`${running.server.url}/s/${storeId}/api`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": address() },
    body: JSON.stringify({ intent: "place-order", form: pickupForm(lines) }),
  });
}

async function rowOf(storeId: string, productId: string) {
  const [row] = await db
    .select({ stock: products.stock, optionStock: products.optionStock, updatedAt: products.updatedAt })
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.id, productId)));
  return row!;
}

async function orderCount(storeId: string) {
  const [row] = (await db.execute(sql`select count(*)::int as n from orders where store_id = ${storeId}`))
    .rows as { n: number }[];
  return row!.n;
}

describe("the last units of one size", () => {
  it("50 simultaneous orders for the last 5 of Grande: exactly 5 accepted, the rest told how many are left, Chica untouched", async () => {
    const { store, concha } = await bakery({ chica: 12, grande: 5 });
    const { ms, accepted, refused } = await sendAtOnce(50, () =>
      order(store.id, [{ productId: concha.id, choices: ["grande"] }]),
    );
    const row = await rowOf(store.id, concha.id);
    const stored = await orderCount(store.id);
    console.info(
      `[figures] 50 simultaneous orders for the last 5 units of one size: ${accepted.length} accepted, ${refused.length} refused, left ${JSON.stringify(row.optionStock)}, orders stored ${stored}, in ${ms} ms`,
    );
    expect(accepted).toHaveLength(5);
    expect(refused).toHaveLength(45);
    for (const answer of refused)
      expect(answer.body).toMatchObject({
        ok: false,
        message: "Concha de vainilla (Grande) se agotó.",
        fieldErrors: { lines: "Concha de vainilla (Grande) se agotó." },
        outOfStock: { productId: concha.id, optionId: "grande", left: 0 },
      });
    expect(row.optionStock).toEqual({ chica: 12, grande: 0 });
    expect(stored).toBe(5);
    const lines = await db.select().from(orderLines).where(eq(orderLines.storeId, store.id));
    expect(lines.map((line) => line.stockOptionId)).toEqual(Array(5).fill("grande"));

    // The other size still sells, and takes only its own units.
    const chica = await order(store.id, [{ productId: concha.id, choices: ["chica"], quantity: 2 }]);
    expect(chica.status).toBe(200);
    expect((await rowOf(store.id, concha.id)).optionStock).toEqual({ chica: 10, grande: 0 });
  });

  it("refuses more than is left of a size, saying how many are left, and changes no row", async () => {
    const { store, concha } = await bakery({ chica: 12, grande: 2 });
    const before = await rowOf(store.id, concha.id);
    const response = await order(store.id, [{ productId: concha.id, choices: ["grande"], quantity: 3 }]);
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ message: "Solo quedan 2 de Concha de vainilla (Grande)." });
    expect(await rowOf(store.id, concha.id)).toEqual(before);
    expect(await orderCount(store.id)).toBe(0);
  });

  it("takes both a product's own stock and its size's, and refuses when either is short", async () => {
    const { store, concha } = await bakery({ grande: 5 }, { stock: 3 });
    expect((await order(store.id, [{ productId: concha.id, choices: ["grande"], quantity: 2 }])).status).toBe(
      200,
    );
    expect(await rowOf(store.id, concha.id)).toMatchObject({ stock: 1, optionStock: { grande: 3 } });
    const short = await order(store.id, [{ productId: concha.id, choices: ["grande"], quantity: 2 }]);
    expect(await short.json()).toMatchObject({ message: "Solo queda 1 de Concha de vainilla." });
    expect(await rowOf(store.id, concha.id)).toMatchObject({ stock: 1, optionStock: { grande: 3 } });
  });
});

describe("refused picks", () => {
  it("a tampered option id, or another store's product, is refused and changes no row", async () => {
    const { store, concha } = await bakery({ chica: 1, grande: 1 });
    const other = await bakery({ chica: 4, grande: 4 });
    const before = await rowOf(store.id, concha.id);
    const tampered = await order(store.id, [{ productId: concha.id, choices: ["chica", "extragrande"] }]);
    expect(tampered.status).toBe(409);
    expect(await tampered.json()).toMatchObject({ unavailable: { productId: concha.id } });
    const foreign = await order(store.id, [{ productId: other.concha.id, choices: ["grande"] }]);
    expect(foreign.status).toBe(409);
    expect(await foreign.json()).toMatchObject({ unavailable: { productId: other.concha.id } });
    expect(await rowOf(store.id, concha.id)).toEqual(before);
    expect((await rowOf(other.store.id, other.concha.id)).optionStock).toEqual({ chica: 4, grande: 4 });
    expect(await orderCount(store.id)).toBe(0);
  });
});

describe("cancelling", () => {
  it("gives the size's units back once, and nothing to a size no longer counted", async () => {
    const { store, concha } = await bakery({ chica: 3, grande: 5 });
    const placed = await order(store.id, [
      { productId: concha.id, choices: ["grande"], quantity: 2 },
      { productId: concha.id, choices: ["chica"], quantity: 1 },
    ]);
    const { order: placedOrder } = (await placed.json()) as { order: { number: string } };
    expect((await rowOf(store.id, concha.id)).optionStock).toEqual({ chica: 2, grande: 3 });
    // The owner stops counting Chica meanwhile: its units are not given back to an unlimited size.
    await db
      .update(products)
      .set({ optionStock: { grande: 3 } })
      .where(and(eq(products.storeId, store.id), eq(products.id, concha.id)));
    await cancelOrder(db, store.id, placedOrder.number);
    expect((await rowOf(store.id, concha.id)).optionStock).toEqual({ grande: 5 });
    await expect(cancelOrder(db, store.id, placedOrder.number)).rejects.toMatchObject({ status: 409 });
    expect((await rowOf(store.id, concha.id)).optionStock).toEqual({ grande: 5 });
  });
});

describe("the store page and Avísame", () => {
  const page = async (storeId: string) => (await fetch(`${running.server.url}/${storeId}`)).text();
  /** The radio of a size option, as the kept page renders it. */
  const radio = (html: string, optionId: string) =>
    html.match(new RegExp(`<input[^>]*value="${optionId}"[^>]*>`))![0];

  it("a sold-out size cannot be chosen and says Agotado; the product is Agotado once every size is", async () => {
    const { store, concha } = await bakery({ chica: 2, grande: 0 });
    await db.update(products).set({ lowStockThreshold: 3 }).where(eq(products.id, concha.id));
    const first = await page(store.id);
    expect(radio(first, "grande")).toContain("disabled");
    expect(radio(first, "chica")).not.toContain("disabled");
    expect(first).toContain("Agotado");
    expect(first).toContain("Quedan 2");
    expect(first).not.toContain("Avísame cuando haya");

    await order(store.id, [{ productId: concha.id, choices: ["chica"], quantity: 2 }]);
    const soldOut = await page(store.id);
    expect(radio(soldOut, "chica")).toContain("disabled");
    expect(soldOut).toContain("Avísame cuando haya");
  });

  it("a request for a product whose every size sold out is answered when a cancel brings one back", async () => {
    const { store, concha } = await bakery({ chica: 0, grande: 1 });
    const placed = await order(store.id, [{ productId: concha.id, choices: ["grande"] }]);
    const { order: placedOrder } = (await placed.json()) as { order: { number: string } };
    const ask = await fetch(`${running.server.url}/s/${store.id}/api`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": address() },
      body: JSON.stringify({
        intent: "restock-notice",
        form: { productId: concha.id, email: "carla@example.com" },
      }),
    });
    expect(ask.status).toBe(200);
    const waiting = () => db.select().from(restockRequests).where(eq(restockRequests.productId, concha.id));
    expect(await waiting()).toHaveLength(1);
    await cancelOrder(db, store.id, placedOrder.number);
    expect(await waiting()).toEqual([]);
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from jobs where kind = 'mail.send' and payload->>'to' = 'carla@example.com'`,
    );
    expect(rows[0]!.n).toBe(1);
  });
});

describe("the owner's product form", () => {
  async function owner(licence: "basic" | "starter", optionStock: Record<string, number> | null = null) {
    const shop = await bakery(optionStock, {}, licence);
    const account = await createOwner(db, { storeId: shop.store.id });
    return { ...shop, cookie: await signIn(running.server.url, account.email, account.password) };
  }
  /** The size group as the dialog sends it, each option with the stock typed and the stock shown. */
  const groups = (stock: Record<string, [string, string]>) =>
    JSON.stringify(
      GROUPS.map((group) => ({
        ...group,
        min: String(group.min),
        max: String(group.max),
        options: group.options.map((option) => ({
          ...option,
          price: option.price.toFixed(2),
          stock: stock[option.id]?.[0] ?? "",
          stockWas: stock[option.id]?.[1] ?? "",
        })),
      })),
    );
  const save = (cookie: string, productId: string, choiceGroups: string) =>
    fetch(`${running.server.url}/i/admin/products`, {
      method: "POST",
      headers: { cookie },
      redirect: "manual",
      body: new URLSearchParams({
        intent: "update",
        productId,
        name: "Concha de vainilla",
        description: "Pan dulce",
        price: "",
        unit: "pieza",
        choiceGroups,
      }),
    });

  it("on Negocio stores each size's stock, and keeps what orders took while the dialog was open", async () => {
    const { store, concha, cookie } = await owner("basic");
    expect((await save(cookie, concha.id, groups({ grande: ["5", ""] }))).status).toBe(200);
    expect((await rowOf(store.id, concha.id)).optionStock).toEqual({ grande: 5 });
    // An order takes 2 while the dialog still shows 5; saving with 5 untouched keeps 3.
    await order(store.id, [{ productId: concha.id, choices: ["grande"], quantity: 2 }]);
    expect((await save(cookie, concha.id, groups({ grande: ["5", "5"], chica: ["8", ""] }))).status).toBe(
      200,
    );
    expect((await rowOf(store.id, concha.id)).optionStock).toEqual({ grande: 3, chica: 8 });
    // Emptied, a size sells without limit again.
    expect((await save(cookie, concha.id, groups({ grande: ["", "3"], chica: ["8", "8"] }))).status).toBe(
      200,
    );
    expect((await rowOf(store.id, concha.id)).optionStock).toEqual({ chica: 8 });
    // The owner's list says which sizes sold out.
    expect((await save(cookie, concha.id, groups({ chica: ["0", "8"] }))).status).toBe(200);
    const list = await fetch(`${running.server.url}/i/admin?tab=productos`, { headers: { cookie } });
    expect(await list.text()).toContain("Chica: Agotado");
  });

  it("refuses a bad amount and changes nothing", async () => {
    const { store, concha, cookie } = await owner("basic", { grande: 4 });
    const before = await rowOf(store.id, concha.id);
    for (const bad of ["-1", "2.5", "1000000", "dos"]) {
      const response = await save(cookie, concha.id, groups({ grande: [bad, "4"] }));
      expect(response.status, bad).toBe(400);
      expect(await response.json()).toMatchObject({ ok: false, message: STOCK_MESSAGES.stock.whole });
    }
    expect(await rowOf(store.id, concha.id)).toEqual(before);
  });

  it("refuses a size's stock on Emprendedor, whatever the browser sends, and stores nothing", async () => {
    const { store, concha, cookie } = await owner("starter");
    const before = await rowOf(store.id, concha.id);
    const response = await save(cookie, concha.id, groups({ grande: ["5", ""] }));
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ ok: false, message: STOCK_MESSAGES.plan });
    expect(await rowOf(store.id, concha.id)).toEqual(before);
  });
});
