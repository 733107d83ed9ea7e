/**
 * Choice groups (docs/decisions/031) through the built server: the order API prices each line's
 * picks from the database and refuses picks that do not fit; an order line keeps its copy when the
 * owner edits or removes the option; and an owner's product form reaches only their own products.
 */
import { and, eq, sql } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { createOwner, createProduct, createStore } from "~/db/factories.server";
import { jobs, orderLines, orders, products, storeOwners } from "~/db/schema";
import { MAIL_JOB } from "~/domain/mail/mail.server";
import { ORDER_MESSAGES } from "~/domain/orders/order-messages";
import { readOrderSummary } from "~/domain/orders/order-summary.server";
import { CHOICE_MESSAGES, type ChoiceGroup } from "~/domain/products/choices";
import { PRODUCT_MESSAGES } from "~/domain/products/product-form";
import { createTestDatabase } from "../support/database";
import { signIn, useServerProcess } from "../support/http-server";
import { pickupForm } from "../support/shopper";
import { TACO_GROUPS } from "../support/choice-groups";

const { db, url: databaseUrl } = await createTestDatabase();
const running = useServerProcess(databaseUrl, { TRUST_PROXY: "1" });
const address = () => `198.19.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 254) + 1}`;

const GROUPS = TACO_GROUPS;

async function taqueria() {
  const store = await createStore(db, { settings: { allowPickup: true } });
  const tacos = await createProduct(db, store.id, {
    name: "Orden de tacos",
    price: 45,
    choiceGroups: GROUPS,
  });
  const agua = await createProduct(db, store.id, { name: "Agua de jamaica", price: 25 });
  return { store, tacos, agua };
}

type Line = { productId: string; choices?: string[]; quantity?: number; [tampered: string]: unknown };

/** An order as the store page sends it, with whatever a tampered browser adds to a line or the form. */
function order(storeId: string, lines: Line[], extra: Record<string, unknown> = {}) {
  const form = pickupForm(lines);
  return fetch(`${running.server.url}/s/${storeId}/api`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": address() },
    body: JSON.stringify({
      intent: "place-order",
      form: { ...form, ...extra, lines: form.lines.map((line, i) => ({ ...lines[i], ...line })) },
    }),
  });
}

async function linesOf(storeId: string) {
  return db.select().from(orderLines).where(eq(orderLines.storeId, storeId));
}

describe("the order API prices choices from the database", () => {
  it("reprices a line whose browser sent its own prices and total, and keeps a copy of the picks", async () => {
    const { store, tacos, agua } = await taqueria();
    const response = await order(
      store.id,
      [
        {
          productId: tacos.id,
          choices: ["queso", "p5", "aguacate"],
          quantity: 2,
          price: 1,
          choicePrices: [0, 0],
        },
        { productId: agua.id },
      ],
      { total: 2 },
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { order: { number: string; total: number } };
    expect(body.order.total).toBe(2 * (70 + 10 + 15) + 25);
    const lines = await linesOf(store.id);
    expect(lines.map((line) => [line.name, line.price, line.quantity, line.choices])).toEqual([
      [
        "Orden de tacos",
        95,
        2,
        [
          { group: "Tamaño", kind: "size", options: [{ name: "5 piezas", price: 70 }] },
          {
            group: "Extras",
            kind: "extras",
            options: [
              { name: "Queso", price: 10 },
              { name: "Aguacate", price: 15 },
            ],
          },
        ],
      ],
      ["Agua de jamaica", 25, 1, []],
    ]);
  });

  it("refuses a missing size, too many add-ons, a pick twice, another product's pick and an unknown one", async () => {
    const { store, tacos, agua } = await taqueria();
    const refusals: [Line, number, string][] = [
      [{ productId: tacos.id }, 400, `Orden de tacos: ${CHOICE_MESSAGES.required("Tamaño")}`],
      [
        { productId: tacos.id, choices: ["queso"] },
        400,
        `Orden de tacos: ${CHOICE_MESSAGES.required("Tamaño")}`,
      ],
      [
        { productId: tacos.id, choices: ["p3", "p5"] },
        400,
        `Orden de tacos: ${CHOICE_MESSAGES.tooMany("Tamaño", 1)}`,
      ],
      [
        { productId: tacos.id, choices: ["p3", "queso", "aguacate", "cebolla"] },
        400,
        `Orden de tacos: ${CHOICE_MESSAGES.tooMany("Extras", 2)}`,
      ],
      [
        { productId: tacos.id, choices: ["p3", "queso", "queso"] },
        400,
        `Orden de tacos: ${CHOICE_MESSAGES.duplicate}`,
      ],
      [{ productId: tacos.id, choices: ["p3", "borrada"] }, 409, ORDER_MESSAGES.unavailable],
      [{ productId: agua.id, choices: ["p3"] }, 409, ORDER_MESSAGES.unavailable],
    ];
    for (const [line, status, message] of refusals) {
      const response = await order(store.id, [line]);
      expect(response.status, JSON.stringify(line)).toBe(status);
      expect(await response.json()).toMatchObject({ ok: false, message });
    }
    expect(await db.select().from(orders).where(eq(orders.storeId, store.id))).toHaveLength(0);
  });

  it("refuses another store's product with the same picks", async () => {
    const { store } = await taqueria();
    const other = await taqueria();
    const response = await order(store.id, [{ productId: other.tacos.id, choices: ["p3"] }]);
    expect(response.status).toBe(409);
    expect(await linesOf(store.id)).toHaveLength(0);
  });
});

describe("stock of a product with choices", () => {
  it("is the product's: every line's quantity counts, whatever its picks", async () => {
    const store = await createStore(db, {
      licenceType: "basic",
      licenceExpires: new Date(Date.now() + 365 * 86_400_000),
      settings: { allowPickup: true },
    });
    const tacos = await createProduct(db, store.id, {
      name: "Orden de tacos",
      choiceGroups: GROUPS,
      stock: 3,
    });
    const short = await order(store.id, [
      { productId: tacos.id, choices: ["p3"], quantity: 2 },
      { productId: tacos.id, choices: ["p5", "queso"], quantity: 2 },
    ]);
    expect(short.status).toBe(409);
    expect(await short.json()).toMatchObject({ ok: false, message: "Solo quedan 3 de Orden de tacos." });
    const fits = await order(store.id, [
      { productId: tacos.id, choices: ["p3"], quantity: 1 },
      { productId: tacos.id, choices: ["p5", "queso"], quantity: 2 },
    ]);
    expect(fits.status).toBe(200);
    const [product] = await db.select().from(products).where(eq(products.id, tacos.id));
    expect(product!.stock).toBe(0);
  });
});

describe("the owner's product form", () => {
  async function owner() {
    const shop = await taqueria();
    const account = await createOwner(db, { storeId: shop.store.id });
    return { ...shop, cookie: await signIn(running.server.url, account.email, account.password) };
  }
  const drafts = (groups: ChoiceGroup[]) =>
    JSON.stringify(
      groups.map((group) => ({
        ...group,
        min: String(group.min),
        max: String(group.max),
        options: group.options.map((option) => ({ ...option, price: option.price.toFixed(2) })),
      })),
    );
  const save = (cookie: string, productId: string, choiceGroups: string, price = "") =>
    fetch(`${running.server.url}/i/admin/products`, {
      method: "POST",
      headers: { cookie },
      redirect: "manual",
      body: new URLSearchParams({
        intent: "update",
        productId,
        name: "Orden de tacos",
        description: "Del trompo",
        price,
        unit: "pieza",
        choiceGroups,
      }),
    });

  it("the tracking page and the owner's pending tab show the line's choices", async () => {
    const { store, tacos, cookie } = await owner();
    const placed = await order(store.id, [{ productId: tacos.id, choices: ["aguacate", "p5", "queso"] }]);
    const { order: summary } = (await placed.json()) as { order: { number: string } };
    const words = "— Tamaño: 5 piezas · Extras: Queso, Aguacate";
    const tracking = await fetch(`${running.server.url}/s/${store.id}/pedido/${summary.number}`, {
      headers: { "X-Forwarded-For": address() },
    });
    expect(await tracking.text()).toContain(words);
    const pending = await fetch(`${running.server.url}/i/admin?tab=ordenes_pendientes`, {
      headers: { cookie },
    });
    expect(await pending.text()).toContain(words);
  });

  it("the owner's new-order e-mail lists the line's choices", async () => {
    const { store, tacos } = await owner();
    await db.update(storeOwners).set({ emailNewOrders: true }).where(eq(storeOwners.storeId, store.id));
    const placed = await order(store.id, [{ productId: tacos.id, choices: ["p3", "aguacate"] }]);
    const { order: summary } = (await placed.json()) as { order: { number: string } };
    // The order's job writes the e-mail as a job of its own, with its words.
    await expect
      .poll(async () => {
        const { rows } = await db.execute<{ text: string }>(
          sql`select payload->>'text' as text from ${jobs}
              where kind = ${MAIL_JOB} and payload->>'orderRef' = ${`${store.id}/${summary.number}`}`,
        );
        return rows[0]?.text ?? "";
      })
      .toContain("• 1 pieza · Orden de tacos — Tamaño: 3 piezas · Extras: Aguacate");
  });

  it("the export lists each product's groups and each order line's choices", async () => {
    const { store, tacos, cookie } = await owner();
    expect((await order(store.id, [{ productId: tacos.id, choices: ["p5", "queso"] }])).status).toBe(200);
    const response = await fetch(`${running.server.url}/i/cuenta/exportar`, { headers: { cookie } });
    expect(response.status).toBe(200);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const text = (name: string) => strFromU8(files[name]!);
    expect(text("productos.csv")).toContain(
      "Tamaño: 3 piezas $45.00, 5 piezas $70.00 | Extras (0 a 2): Queso +$10.00, Aguacate +$15.00, Cebolla asada +$5.00",
    );
    const [, line] = text("pedidos-productos.csv").trim().split("\r\n");
    expect(line).toContain(",Orden de tacos,,Tamaño: 5 piezas · Extras: Queso,1,pieza,80,80");
  });

  it("an order line keeps its copy after the owner renames, reprices and removes the options", async () => {
    const { store, tacos, cookie } = await owner();
    const placed = await order(store.id, [{ productId: tacos.id, choices: ["p5", "queso"] }]);
    const { order: summary } = (await placed.json()) as { order: { number: string } };

    const [size, extras] = GROUPS as [ChoiceGroup, ChoiceGroup];
    const edited: ChoiceGroup[] = [
      { ...size, options: [{ id: "p5", name: "Cinco piezas", price: 80 }] },
      { ...extras, options: extras.options.filter((option) => option.id !== "queso") },
    ];
    expect((await save(cookie, tacos.id, drafts(edited))).status).toBe(200);
    const [product] = await db.select().from(products).where(eq(products.id, tacos.id));
    expect(product).toMatchObject({ price: 80, choiceGroups: edited });

    const again = await readOrderSummary(db, store.id, summary.number);
    expect(again?.lines[0]).toMatchObject({
      price: 80,
      choices: [
        { group: "Tamaño", options: [{ name: "5 piezas", price: 70 }] },
        { group: "Extras", options: [{ name: "Queso", price: 10 }] },
      ],
    });
    // The removed option is no longer orderable.
    expect((await order(store.id, [{ productId: tacos.id, choices: ["p5", "queso"] }])).status).toBe(409);
  });

  it("refuses groups that do not pass and changes nothing", async () => {
    const { tacos, cookie } = await owner();
    const [size, extras] = GROUPS as [ChoiceGroup, ChoiceGroup];
    for (const [groups, message] of [
      [
        [size, { ...size, id: "otro", name: "Otro", options: [{ id: "x1", name: "X", price: 1 }] }],
        CHOICE_MESSAGES.oneSizeGroup,
      ],
      [[{ ...extras, max: 9 }], CHOICE_MESSAGES.range],
      [[{ ...extras, options: [{ id: "q", name: " ", price: 1 }] }], CHOICE_MESSAGES.optionName],
    ] as const) {
      const response = await save(cookie, tacos.id, drafts([...groups] as ChoiceGroup[]));
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ ok: false, message });
    }
    const negative = await save(cookie, tacos.id, drafts([size]).replace('"45.00"', '"-1"'));
    expect(await negative.json()).toMatchObject({ ok: false, message: CHOICE_MESSAGES.optionPrice });
    const [product] = await db.select().from(products).where(eq(products.id, tacos.id));
    expect(product!.choiceGroups).toEqual(GROUPS);
  });

  it("another store's product is not found, and stays as it was", async () => {
    const { cookie } = await owner();
    const other = await taqueria();
    const response = await save(cookie, other.tacos.id, drafts([GROUPS[1]!]), "50");
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ ok: false, message: PRODUCT_MESSAGES.notFound });
    const [product] = await db
      .select()
      .from(products)
      .where(and(eq(products.storeId, other.store.id), eq(products.id, other.tacos.id)));
    expect(product!.choiceGroups).toEqual(GROUPS);
  });
});
