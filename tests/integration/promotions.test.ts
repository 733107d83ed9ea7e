/**
 * Promotions (docs/decisions/036) on a real PostgreSQL: every reason a code is refused, a code's
 * last uses under 50 simultaneous orders through the built server, one use per phone, a cancel
 * giving the use back once, a discount sent by the browser ignored, and offers switching on and
 * off with the order's injected clock.
 */
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createProduct, createStore, type CreateStoreInput } from "~/db/factories.server";
import { inTransaction } from "~/db/after-commit.server";
import { seedDemoMarketplace } from "~/db/demo/seed.server";
import { eraseOrdersPersonalData } from "~/domain/stores/close-store.server";
import { cities, discountCodes, discountCodeUses, offers, orders, products } from "~/db/schema";
import { listCategoryCarousels } from "~/domain/directory/city.server";
import { parseOrderForm } from "~/domain/orders/order-form";
import { cancelOrder } from "~/domain/orders/owner-orders.server";
import { placeOrder } from "~/domain/orders/place-order/index.server";
import { loadDashboard } from "~/domain/stores/dashboard.server";
import { COUPON_CHECKS_TOO_MANY } from "~/domain/orders/check-coupon.server";
import { createCode, createOffer } from "~/domain/promotions/promotions.server";
import { RATE_LIMITS } from "~/domain/rate-limit/rate-limit.server";
import { PROMOTION_MESSAGES, type DiscountCode } from "~/domain/promotions/promotions";
import { randomId } from "~/lib/ids";
import { createTestDatabase } from "../support/database";
import { useServerProcess } from "../support/http-server";
import { pickupForm } from "../support/shopper";

const { db, url: databaseUrl } = await createTestDatabase();

function negocioStore(input: CreateStoreInput = {}) {
  return createStore(db, {
    licenceType: "basic",
    licenceExpires: new Date("2040-01-01T00:00:00Z"),
    settings: { allowPickup: true },
    ...input,
  });
}

async function bakery(input: CreateStoreInput = {}) {
  const store = await negocioStore(input);
  const concha = await createProduct(db, store.id, { name: "Concha", price: 20, category: "Pan dulce" });
  const cafe = await createProduct(db, store.id, { name: "Café", price: 30, category: "Bebidas" });
  return { store, concha, cafe };
}

async function addCode(storeId: string, extra: Partial<typeof discountCodes.$inferInsert> = {}) {
  const [code] = await db
    .insert(discountCodes)
    .values({ storeId, id: randomId(), code: "BIENVENIDA10", kind: "percent", value: 10, ...extra })
    .returning();
  return code!;
}

type Line = { productId: string; quantity?: number };
function form(lines: Line[], extra: Record<string, unknown> = {}) {
  const parsed = parseOrderForm({ ...pickupForm(lines), ...extra });
  if (!parsed.success) throw new Error(JSON.stringify(parsed.errors));
  return parsed.data;
}
const shopper = () => ({ clientIp: `promo-${randomId(12)}` });

async function usesOf(storeId: string, id: string) {
  const [row] = await db
    .select({ uses: discountCodes.uses })
    .from(discountCodes)
    .where(and(eq(discountCodes.storeId, storeId), eq(discountCodes.id, id)));
  return row!.uses;
}

// First: the demo is seeded only into a database without stores.
describe("the demo bakery", () => {
  it("takes BIENVENIDA10 from $100 and sells conchas at −20 % on Tuesday mornings", async () => {
    await seedDemoMarketplace(db);
    const [concha] = await db
      .select()
      .from(products)
      .where(and(eq(products.storeId, "panaderia-la-espiga"), eq(products.name, "Concha")));
    const order = (clock: () => Date) =>
      placeOrder(
        db,
        "panaderia-la-espiga",
        form([{ productId: concha!.id, quantity: 10 }], {
          couponCode: "BIENVENIDA10",
          lines: [{ productId: concha!.id, variation: "Vainilla", quantity: 10 }],
        }),
        { ...shopper(), clock },
      );
    // Tuesday 9:00 in Aguascalientes: 140 − 28 (offer) = 112 ≥ 100; − 11.20 (code).
    const tuesday = await order(() => new Date("2026-12-01T15:00:00Z"));
    expect(tuesday.order.discounts.map((discount) => [discount.name, discount.amount])).toEqual([
      ["Martes de conchas", 28],
      ["BIENVENIDA10", 11.2],
    ]);
    expect(tuesday.order.total).toBe(100.8);
    // Wednesday: the code alone.
    const wednesday = await order(() => new Date("2026-12-02T15:00:00Z"));
    expect(wednesday.order.discounts.map((discount) => [discount.name, discount.amount])).toEqual([
      ["BIENVENIDA10", 14],
    ]);
  });
});

describe("a discount code on an order", () => {
  it("takes its discount off the total, keeps a copy on the order, and counts a use", async () => {
    const { store, concha } = await bakery();
    const code = await addCode(store.id, { minSubtotal: 100 });
    const placed = await placeOrder(
      db,
      store.id,
      form([{ productId: concha.id, quantity: 6 }], { couponCode: " bienvenida10 " }),
      shopper(),
    );
    expect(placed.order).toMatchObject({
      total: 108,
      discount: 12,
      discounts: [{ kind: "code", id: code.id, name: "BIENVENIDA10", amount: 12 }],
    });
    const [row] = await db.select().from(orders).where(eq(orders.id, placed.order.number));
    expect(row).toMatchObject({ total: 108, discount: 12 });
    expect(await usesOf(store.id, code.id)).toBe(1);
    // Renaming the code later never changes the order's copy.
    await db.update(discountCodes).set({ code: "OTRO" }).where(eq(discountCodes.id, code.id));
    const [after] = await db.select().from(orders).where(eq(orders.id, placed.order.number));
    expect(after!.discounts[0]!.name).toBe("BIENVENIDA10");
  });

  it("spends no use and records no discount when it takes $0 from the order: its lines are already free", async () => {
    const { store, concha, cafe } = await bakery();
    await db.insert(offers).values({
      storeId: store.id,
      id: randomId(),
      name: "Café gratis",
      kind: "percent",
      percent: 100,
      productIds: [cafe.id],
    });
    const code = await addCode(store.id, { code: "CAFE10", productIds: [cafe.id], maxUses: 5 });
    const placed = await placeOrder(
      db,
      store.id,
      form(
        [
          { productId: concha.id, quantity: 2 },
          { productId: cafe.id, quantity: 1 },
        ],
        { couponCode: "CAFE10" },
      ),
      shopper(),
    );
    // 40 + 30, the café free: 40; the code had nothing left to take.
    expect(placed.order).toMatchObject({
      total: 40,
      discount: 30,
      discounts: [{ kind: "offer", name: "Café gratis", amount: 30 }],
    });
    const [row] = await db.select().from(orders).where(eq(orders.id, placed.order.number));
    expect(row!.discounts.map((discount) => discount.kind)).toEqual(["offer"]);
    expect(await usesOf(store.id, code.id)).toBe(0);
    expect(await db.select().from(discountCodeUses).where(eq(discountCodeUses.codeId, code.id))).toEqual([]);
  });

  it("ignores any discount or total the browser sends", async () => {
    const { store, concha } = await bakery();
    const placed = await placeOrder(
      db,
      store.id,
      form([{ productId: concha.id, quantity: 2 }], {
        discount: 39,
        discounts: [{ kind: "code", id: "x", name: "REGALO", amount: 39 }],
        total: 1,
      }),
      shopper(),
    );
    expect(placed.order).toMatchObject({ total: 40, discount: 0, discounts: [] });
  });

  it("refuses each reason beside the code's field, and stores nothing", async () => {
    const { store, concha, cafe } = await bakery();
    const now = new Date();
    const codes: [Partial<typeof discountCodes.$inferInsert>, string, Line[]?][] = [
      [{ code: "PRONTO", startsAt: new Date(now.getTime() + 3_600_000) }, PROMOTION_MESSAGES.notStarted],
      [{ code: "VENCIDO", endsAt: new Date(now.getTime() - 1000) }, PROMOTION_MESSAGES.expired],
      [{ code: "PAUSADO", paused: true }, PROMOTION_MESSAGES.paused],
      [{ code: "MINIMO", minSubtotal: 100 }, "Te faltan $80.00 para usar este código."],
      [{ code: "AGOTADO", maxUses: 3, uses: 3 }, PROMOTION_MESSAGES.usedUp],
      [{ code: "CAFE", productIds: [cafe.id] }, PROMOTION_MESSAGES.notForTheseProducts],
      [{ code: "BEBIDAS", categories: ["Bebidas"] }, PROMOTION_MESSAGES.notForTheseProducts],
      [{ code: "UNAVEZ", oncePerPhone: true }, PROMOTION_MESSAGES.phoneNeeded],
    ];
    for (const [extra] of codes) await addCode(store.id, extra);
    for (const [extra, message] of [...codes, [{ code: "NOEXISTE" }, PROMOTION_MESSAGES.unknown] as const]) {
      await expect(
        placeOrder(db, store.id, form([{ productId: concha.id }], { couponCode: extra.code }), shopper()),
      ).rejects.toMatchObject({ message, field: "couponCode", status: 400 });
    }
    const [{ n }] = (
      await db.execute(sql`select count(*)::int as n from orders where store_id = ${store.id}`)
    ).rows as { n: number }[];
    expect(n).toBe(0);
  });

  it("is unknown on a store whose plan has no promotions", async () => {
    const { store, concha } = await bakery({ licenceType: "starter", licenceExpires: null });
    await addCode(store.id);
    await expect(
      placeOrder(db, store.id, form([{ productId: concha.id }], { couponCode: "BIENVENIDA10" }), shopper()),
    ).rejects.toMatchObject({ message: PROMOTION_MESSAGES.unknown, field: "couponCode" });
  });

  it("once per phone: a second order from the phone is refused, 10 at once give one", async () => {
    const { store, concha } = await bakery();
    const code = await addCode(store.id, { oncePerPhone: true });
    const withPhone = (phone: string) =>
      form([{ productId: concha.id }], { couponCode: "BIENVENIDA10", customerPhone: phone });
    await placeOrder(db, store.id, withPhone("4491112233"), shopper());
    await expect(placeOrder(db, store.id, withPhone("4491112233"), shopper())).rejects.toMatchObject({
      message: PROMOTION_MESSAGES.usedByPhone,
      field: "couponCode",
    });
    const race = await Promise.allSettled(
      Array.from({ length: 10 }, () => placeOrder(db, store.id, withPhone("4494445566"), shopper())),
    );
    const accepted = race.filter((result) => result.status === "fulfilled").length;
    console.info(
      `[figures] 10 simultaneous orders from one phone on a once-per-phone code: ${accepted} accepted`,
    );
    expect(accepted).toBe(1);
    for (const result of race.filter((result) => result.status === "rejected"))
      expect((result as PromiseRejectedResult).reason).toMatchObject({
        message: PROMOTION_MESSAGES.usedByPhone,
      });
    expect(await usesOf(store.id, code.id)).toBe(2);
  });

  it("a cancel gives the use back once, and the phone may use it again", async () => {
    const { store, concha } = await bakery();
    const code = await addCode(store.id, { maxUses: 1, oncePerPhone: true });
    const order = () =>
      form([{ productId: concha.id }], { couponCode: "BIENVENIDA10", customerPhone: "4497778899" });
    const placed = await placeOrder(db, store.id, order(), shopper());
    expect(await usesOf(store.id, code.id)).toBe(1);
    await cancelOrder(db, store.id, placed.order.number);
    expect(await usesOf(store.id, code.id)).toBe(0);
    await expect(cancelOrder(db, store.id, placed.order.number)).rejects.toThrow();
    expect(await usesOf(store.id, code.id)).toBe(0);
    const again = await placeOrder(db, store.id, order(), shopper());
    expect(again.order.discount).toBe(2);
    expect(await usesOf(store.id, code.id)).toBe(1);
    const uses = await db.select().from(discountCodeUses).where(eq(discountCodeUses.codeId, code.id));
    expect(uses.map((use) => use.orderId)).toEqual([again.order.number]);
  });

  it("erasing an order's personal data forgets the phone its code's use kept", async () => {
    const { store, concha } = await bakery();
    const code = await addCode(store.id, { oncePerPhone: true });
    const placed = await placeOrder(
      db,
      store.id,
      form([{ productId: concha.id }], { couponCode: "BIENVENIDA10", customerPhone: "4490001122" }),
      shopper(),
    );
    await inTransaction(db, (tx) =>
      eraseOrdersPersonalData(tx, { storeId: store.id, orderId: placed.order.number }),
    );
    const uses = await db.select().from(discountCodeUses).where(eq(discountCodeUses.codeId, code.id));
    expect(uses.map((use) => use.phone)).toEqual([null]);
  });

  it("a replayed order takes its use once", async () => {
    const { store, concha } = await bakery();
    const code = await addCode(store.id);
    const key = `clave-${randomId(16)}`;
    const same = () => form([{ productId: concha.id }], { couponCode: "BIENVENIDA10", idempotencyKey: key });
    const results = await Promise.all(
      Array.from({ length: 5 }, () => placeOrder(db, store.id, same(), shopper())),
    );
    expect(new Set(results.map((result) => result.order.number)).size).toBe(1);
    expect(await usesOf(store.id, code.id)).toBe(1);
  });
});

describe("automatic offers, with the order's clock", () => {
  async function withOffer(extra: Partial<typeof offers.$inferInsert>) {
    const shop = await bakery();
    await db
      .insert(offers)
      .values({ storeId: shop.store.id, id: randomId(), name: "Oferta", kind: "bundle", ...extra });
    return shop;
  }
  // Martes 1 de diciembre de 2026, 9:00 y 13:00 en Aguascalientes (America/Mexico_City).
  const tuesdayMorning = () => new Date("2026-12-01T15:00:00Z");
  const tuesdayAfternoon = () => new Date("2026-12-01T19:00:00Z");
  const wednesdayMorning = () => new Date("2026-12-02T15:00:00Z");

  it("a weekday offer applies in its hours and not outside them", async () => {
    const { store, concha } = await withOffer({
      name: "Martes de conchas",
      kind: "percent",
      percent: 20,
      categories: ["Pan dulce"],
      weekdays: [2],
      startMinute: 7 * 60,
      endMinute: 12 * 60,
    });
    const order = (clock: () => Date) =>
      placeOrder(db, store.id, form([{ productId: concha.id, quantity: 3 }]), { ...shopper(), clock });
    expect((await order(tuesdayMorning)).order).toMatchObject({
      total: 48,
      discounts: [{ kind: "offer", name: "Martes de conchas", amount: 12 }],
    });
    expect((await order(tuesdayAfternoon)).order).toMatchObject({ total: 60, discounts: [] });
    expect((await order(wednesdayMorning)).order).toMatchObject({ total: 60, discounts: [] });
  });

  it("2×1 on a product, then a code on what is left", async () => {
    const { store, concha, cafe } = await withOffer({
      name: "2×1 en conchas",
      buy: 2,
      pay: 1,
      productIds: [],
    });
    await db
      .update(offers)
      .set({ productIds: [concha.id] })
      .where(eq(offers.storeId, store.id));
    await addCode(store.id);
    const placed = await placeOrder(
      db,
      store.id,
      form(
        [
          { productId: concha.id, quantity: 3 },
          { productId: cafe.id, quantity: 1 },
        ],
        { couponCode: "BIENVENIDA10" },
      ),
      shopper(),
    );
    // 60 + 30 = 90; one concha free (20): 70; 10 % of 70 = 7.
    expect(placed.order).toMatchObject({
      total: 63,
      discount: 27,
      discounts: [
        { kind: "offer", name: "2×1 en conchas", amount: 20 },
        { kind: "code", name: "BIENVENIDA10", amount: 7 },
      ],
    });
  });
});

describe("through the built server", () => {
  const running = useServerProcess(databaseUrl, { TRUST_PROXY: "1" });
  const address = () => `198.19.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 254) + 1}`;
  const post = (storeId: string, body: unknown) =>
    fetch(`${running.server.url}/s/${storeId}/api`, {
      method: "POST",
      signal: AbortSignal.timeout(60_000),
      headers: { "Content-Type": "application/json", "X-Forwarded-For": address() },
      body: JSON.stringify(body),
    });

  it("50 simultaneous orders on a code with 10 uses left: exactly 10 get it", async () => {
    const { store, concha } = await bakery();
    const code = await addCode(store.id, { maxUses: 25, uses: 15 });
    const started = performance.now();
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        post(store.id, {
          intent: "place-order",
          form: { ...pickupForm([{ productId: concha.id }]), couponCode: "BIENVENIDA10" },
        }),
      ),
    );
    const ms = Math.round(performance.now() - started);
    const bodies = await Promise.all(
      responses.map(async (response) => ({
        status: response.status,
        body: (await response.json()) as object,
      })),
    );
    const accepted = bodies.filter((answer) => answer.status === 200);
    const refused = bodies.filter((answer) => answer.status === 400);
    const uses = await usesOf(store.id, code.id);
    const [{ n }] = (
      await db.execute(
        sql`select count(*)::int as n from orders where store_id = ${store.id} and discount > 0`,
      )
    ).rows as { n: number }[];
    console.info(
      `[figures] 50 simultaneous orders on a code with 10 uses left: ${accepted.length} accepted, ${refused.length} refused, uses ${uses}/25, discounted orders stored ${n}, in ${ms} ms`,
    );
    expect(accepted).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const answer of refused)
      expect(answer.body).toMatchObject({
        ok: false,
        fieldErrors: { couponCode: PROMOTION_MESSAGES.usedUp },
      });
    expect(uses).toBe(25);
    expect(n).toBe(10);
  });

  it("50 simultaneous checks from one address: the first 30 are answered, the rest refused with 429", async () => {
    const { store, concha } = await bakery();
    await addCode(store.id);
    const from = address();
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        fetch(`${running.server.url}/s/${store.id}/api`, {
          method: "POST",
          signal: AbortSignal.timeout(60_000),
          headers: { "Content-Type": "application/json", "X-Forwarded-For": from },
          body: JSON.stringify({
            intent: "check-coupon",
            code: i % 2 === 0 ? "BIENVENIDA10" : `ADIVINA${i}`,
            phone: "",
            form: { lines: [{ productId: concha.id, variation: "", quantity: 1 }] },
          }),
        }),
      ),
    );
    const answered = responses.filter((response) => response.status !== 429);
    const refused = responses.filter((response) => response.status === 429);
    expect(answered).toHaveLength(RATE_LIMITS.couponCheckPerAddress.limit);
    expect(refused).toHaveLength(50 - RATE_LIMITS.couponCheckPerAddress.limit);
    for (const response of refused) {
      expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await response.json()).toMatchObject({ ok: false, message: COUPON_CHECKS_TOO_MANY });
    }
    // Another address still checks.
    const other = await post(store.id, {
      intent: "check-coupon",
      code: "BIENVENIDA10",
      phone: "",
      form: { lines: [{ productId: concha.id, variation: "", quantity: 1 }] },
    });
    expect(other.status).not.toBe(429);
  });

  it("the cart's check says a code that would take $0 does not apply, instead of a −$0.00", async () => {
    const { store, cafe } = await bakery();
    await db.insert(offers).values({
      storeId: store.id,
      id: randomId(),
      name: "Café gratis",
      kind: "percent",
      percent: 100,
      productIds: [cafe.id],
    });
    await addCode(store.id, { code: "CAFE10", productIds: [cafe.id] });
    const check = await post(store.id, {
      intent: "check-coupon",
      code: "cafe10",
      phone: "",
      form: { lines: [{ productId: cafe.id, variation: "", quantity: 1 }] },
    });
    expect(check.status).toBe(400);
    expect(await check.json()).toMatchObject({
      ok: false,
      fieldErrors: {
        couponCode: "Este código no aplica a este pedido: sus productos ya tienen el mayor descuento.",
      },
    });
  });

  it("the cart's check answers the code's rule, or why not", async () => {
    const { store, concha } = await bakery();
    await addCode(store.id, { minSubtotal: 100 });
    const check = (code: string, quantity: number) =>
      post(store.id, {
        intent: "check-coupon",
        code,
        phone: "",
        form: { lines: [{ productId: concha.id, variation: "", quantity }] },
      });
    const ok = await check("bienvenida10", 6);
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { code: DiscountCode; discount: number };
    expect(body).toMatchObject({
      ok: true,
      discount: 12,
      code: { code: "BIENVENIDA10", kind: "percent", value: 10 },
    });
    expect(body.code).not.toHaveProperty("uses");
    const short = await check("BIENVENIDA10", 2);
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({
      fieldErrors: { couponCode: "Te faltan $60.00 para usar este código." },
    });
    const unknown = await check("NADA", 2);
    expect(await unknown.json()).toMatchObject({ fieldErrors: { couponCode: PROMOTION_MESSAGES.unknown } });
  });
});

describe("the Resumen's promotions", () => {
  it("counts uses, what each code and offer took off and what their orders brought in, cancelled ones left out", async () => {
    const { store, concha } = await bakery();
    await addCode(store.id);
    await db.insert(offers).values({
      storeId: store.id,
      id: randomId(),
      name: "2×1 en conchas",
      kind: "bundle",
      buy: 2,
      pay: 1,
      productIds: [concha.id],
    });
    const order = (quantity: number, couponCode = "") =>
      placeOrder(db, store.id, form([{ productId: concha.id, quantity }], { couponCode }), shopper());
    await order(2, "BIENVENIDA10"); // 40 − 20 (2×1) = 20; − 2 (10 %) = 18
    await order(1, "BIENVENIDA10"); // 20 − 2 = 18
    const cancelled = await order(4); // 80 − 40 = 40, then cancelled
    await cancelOrder(db, store.id, cancelled.order.number);
    const figures = await loadDashboard(db, store.id, "hoy");
    expect(figures.promotions).toEqual([
      { kind: "code", name: "BIENVENIDA10", uses: 2, discount: 4, revenue: 36 },
      { kind: "offer", name: "2×1 en conchas", uses: 1, discount: 20, revenue: 18 },
    ]);
  });
});

describe("the owner's writes", () => {
  const codeInput = {
    code: "HOLA10",
    kind: "percent" as const,
    value: 10,
    minSubtotal: 0,
    startsAt: null,
    endsAt: null,
    maxUses: null,
    oncePerPhone: false,
    productIds: [],
    categories: [],
  };

  it("refuses codes and offers on Emprendedor, whatever is sent", async () => {
    const { store } = await bakery({ licenceType: "starter", licenceExpires: null });
    await expect(createCode(db, { id: store.id, tier: "starter" }, codeInput)).rejects.toMatchObject({
      status: 409,
      message: PROMOTION_MESSAGES.notInPlan,
    });
    await expect(
      createOffer(
        db,
        { id: store.id, tier: "starter" },
        {
          name: "2×1",
          kind: "percent",
          buy: 0,
          pay: 0,
          percent: 10,
          productIds: [],
          categories: [],
          weekdays: [],
          startMinute: null,
          endMinute: null,
        },
      ),
    ).rejects.toMatchObject({ status: 409 });
    expect(await db.select().from(discountCodes).where(eq(discountCodes.storeId, store.id))).toEqual([]);
  });

  it("refuses a code taken, another store's product, and an N×M on a kilo product", async () => {
    const { store } = await bakery();
    const other = await bakery();
    const queso = await createProduct(db, store.id, { name: "Queso", unit: "kg", price: 260 });
    const owner = { id: store.id, tier: "basic" as const };
    await createCode(db, owner, codeInput);
    await expect(createCode(db, owner, codeInput)).rejects.toMatchObject({ field: "code", status: 409 });
    await expect(
      createCode(db, owner, { ...codeInput, code: "OTRO", productIds: [other.concha.id] }),
    ).rejects.toMatchObject({ field: "productIds", status: 400 });
    await expect(
      createOffer(db, owner, {
        name: "2×1 en queso",
        kind: "bundle",
        buy: 2,
        pay: 1,
        percent: 0,
        productIds: [queso.id],
        categories: [],
        weekdays: [],
        startMinute: null,
        endMinute: null,
      }),
    ).rejects.toMatchObject({
      field: "productIds",
      message: "El N×M es solo para productos por pieza: no aplica a productos por kilo o litro.",
    });
  });
});

describe("badges", () => {
  it("shows an offer running now on its products in the city's carousels, and none once paused", async () => {
    const cityId = `ciudad-${randomId(6).toLowerCase()}`;
    await db.insert(cities).values({ id: cityId, name: "Ciudad de prueba", state: "Prueba" });
    const store = await negocioStore({ cityId, categoryId: "sweets" });
    const concha = await createProduct(db, store.id, {
      name: "Concha",
      imageKey: `product-images/${store.id}/c.webp`,
    });
    const queso = await createProduct(db, store.id, {
      name: "Queso",
      unit: "kg",
      imageKey: `product-images/${store.id}/q.webp`,
    });
    await db.insert(offers).values({
      storeId: store.id,
      id: "o1",
      name: "2×1",
      kind: "bundle",
      buy: 2,
      pay: 1,
      productIds: [concha.id, queso.id],
    });
    const badges = async () =>
      Object.fromEntries(
        ((await listCategoryCarousels(db, cityId)).get("sweets") ?? []).map((product) => [
          product.name,
          product.offer,
        ]),
      );
    // The kilo product gets no N×M badge.
    expect(await badges()).toEqual({ Concha: "2×1", Queso: null });
    await db.update(offers).set({ paused: true }).where(eq(offers.storeId, store.id));
    expect(await badges()).toEqual({ Concha: null, Queso: null });
  });
});
