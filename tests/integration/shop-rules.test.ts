/**
 * Shop rules through the real HTTP server: a paused or closed store refuses orders, a scheduled
 * order must take an offered slot and a slot's capacity holds under 20 concurrent orders, delivery
 * zones charge their fee and enforce their minimum, and quantities keep to the product's step.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCity, createOwner, createProduct, createStore } from "~/db/factories.server";
import { orders, storeSettings } from "~/db/schema";
import { listSlots, SCHEDULE_MESSAGES } from "~/domain/orders/scheduling";
import {
  addDays,
  dateKey,
  localParts,
  openStatus,
  zonedTime,
  type OpeningHours,
} from "~/domain/stores/opening-hours";
import { randomId } from "~/lib/ids";
import { createTestDatabase } from "../support/database";
import { signIn, useServerProcess } from "../support/http-server";

const { db, url: databaseUrl } = await createTestDatabase();
const running = useServerProcess(databaseUrl, { TRUST_PROXY: "1" });
const MX = "America/Mexico_City";
const randomAddress = () =>
  `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 254) + 1}`;

const allDay: OpeningHours = {
  weekly: Array.from({ length: 7 }, () => [{ open: "00:00", close: "23:59" }]),
  exceptions: [],
};

async function shop(settings: Partial<typeof storeSettings.$inferInsert> = {}) {
  const store = await createStore(db, { settings: { allowPickup: true, allowDelivery: true, ...settings } });
  const pan = await createProduct(db, store.id, { name: "Pan", price: 10 });
  const queso = await createProduct(db, store.id, {
    name: "Queso",
    price: 260,
    unit: "kg",
    quantityStep: 0.25,
  });
  return { store, pan, queso };
}

async function order(storeId: string, lines: { productId: string; quantity: unknown }[], extra: object = {}) {
  const response = await fetch(`${running.server.url}/s/${storeId}/api`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": randomAddress() },
    body: JSON.stringify({
      intent: "place-order",
      form: {
        customerName: "Ana",
        customerPhone: "",
        deliveryType: "pickup",
        address: "",
        comments: "",
        idempotencyKey: `clave-${randomId(16)}`,
        lines: lines.map((line) => ({ ...line, variation: "" })),
        ...extra,
      },
    }),
  });
  return { status: response.status, body: (await response.json()) as Answer };
}

/** The storefront endpoint's answer: the placed order, or the refusal with its fields. */
type Answer = {
  message?: string;
  fieldErrors?: Record<string, string>;
  order: {
    total: number;
    deliveryFee: number;
    scheduledFor: string | null;
    lines: { quantity: number; unit: string }[];
  } & Record<string, unknown>;
};

const ordersOf = (storeId: string) => db.select().from(orders).where(eq(orders.storeId, storeId));

describe("when a store takes orders", () => {
  it("a paused store refuses orders until the pause ends", async () => {
    const { store, pan } = await shop({ pausedAt: new Date(), pauseUntil: new Date(Date.now() + 3_600_000) });
    const refused = await order(store.id, [{ productId: pan.id, quantity: 1 }]);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(SCHEDULE_MESSAGES.paused);
    expect(await ordersOf(store.id)).toHaveLength(0);
    // An automatic end that has passed: orders come in again.
    await db
      .update(storeSettings)
      .set({ pauseUntil: new Date(Date.now() - 1000) })
      .where(eq(storeSettings.storeId, store.id));
    expect((await order(store.id, [{ productId: pan.id, quantity: 1 }])).status).toBe(200);
  });

  it("a closed store refuses with its next opening; an open one takes the order now", async () => {
    const today = dateKey(localParts(new Date(), MX));
    const closedToday: OpeningHours = {
      weekly: Array.from({ length: 7 }, () => [{ open: "08:00", close: "14:00" }]),
      exceptions: [today, addDays(today, 1)].map((date) => ({ date, ranges: [] })),
    };
    const { store, pan } = await shop({ openingHours: closedToday });
    const refused = await order(store.id, [{ productId: pan.id, quantity: 1 }]);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^La tienda está cerrada\. Abre el \S+ a las 8:00\.$/);

    const open = await shop({ openingHours: allDay });
    const placed = await order(open.store.id, [{ productId: open.pan.id, quantity: 1 }]);
    expect(placed.status).toBe(200);
    expect(placed.body.order.scheduledFor).toBeNull();
  });

  it("a scheduled order must take a slot the store offers", async () => {
    const rules = { outsideHours: "schedule" as const, slotMinutes: 60, leadMinutes: 0, slotCapacity: null };
    const { store, pan } = await shop({ openingHours: allDay, ...rules });
    const offered = listSlots(allDay, rules, new Date(), MX)[2]!;
    const placed = await order(store.id, [{ productId: pan.id, quantity: 1 }], {
      scheduledFor: offered.start.toISOString(),
    });
    expect(placed.status).toBe(200);
    expect(placed.body.order.scheduledFor).toBe(offered.start.toISOString());
    for (const wrong of [
      new Date(offered.start.getTime() + 10 * 60_000), // off the grid
      new Date(Date.now() + 9 * 86_400_000), // more than 7 days out
      new Date(Date.now() - 3_600_000), // in the past
    ]) {
      const refused = await order(store.id, [{ productId: pan.id, quantity: 1 }], {
        scheduledFor: wrong.toISOString(),
      });
      expect(refused.status).toBe(400);
      expect(refused.body.fieldErrors).toEqual({ scheduledFor: SCHEDULE_MESSAGES.slotInvalid });
    }
  });

  it("a scheduled order for a time outside the opening hours is refused, on the grid and within the week", async () => {
    const mornings: OpeningHours = {
      weekly: Array.from({ length: 7 }, () => [{ open: "08:00", close: "10:00" }]),
      exceptions: [],
    };
    const rules = { outsideHours: "schedule" as const, slotMinutes: 30, leadMinutes: 0, slotCapacity: null };
    const { store, pan } = await shop({ openingHours: mornings, ...rules });
    const tomorrow = addDays(dateKey(localParts(new Date(), MX)), 1);
    const outside = [
      zonedTime(tomorrow, 12 * 60, MX), // noon, when the shop is closed
      zonedTime(tomorrow, 10 * 60, MX), // the minute it closes
      zonedTime(tomorrow, 7 * 60 + 30, MX), // half an hour before it opens
    ];
    for (const slot of outside) {
      const refused = await order(store.id, [{ productId: pan.id, quantity: 1 }], {
        scheduledFor: slot.toISOString(),
      });
      expect(refused.status, slot.toISOString()).toBe(400);
      expect(refused.body.fieldErrors).toEqual({ scheduledFor: SCHEDULE_MESSAGES.slotInvalid });
    }
    expect(await ordersOf(store.id)).toHaveLength(0);
    // The same day inside the hours is taken, and stored for that time.
    const inside = zonedTime(tomorrow, 9 * 60 + 30, MX);
    const placed = await order(store.id, [{ productId: pan.id, quantity: 1 }], {
      scheduledFor: inside.toISOString(),
    });
    expect(placed.status).toBe(200);
    const [row] = await ordersOf(store.id);
    expect(row!.scheduledFor).toEqual(inside);
  });

  it("20 concurrent orders for a slot with capacity 3: exactly 3 are placed", async () => {
    const rules = { outsideHours: "schedule" as const, slotMinutes: 60, leadMinutes: 0, slotCapacity: 3 };
    const { store, pan } = await shop({ openingHours: allDay, ...rules });
    const slot = listSlots(allDay, rules, new Date(), MX)[3]!.start.toISOString();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        order(store.id, [{ productId: pan.id, quantity: 1 }], { scheduledFor: slot }),
      ),
    );
    expect(results.filter((result) => result.status === 200)).toHaveLength(3);
    const full = results.filter((result) => result.status === 400);
    expect(full).toHaveLength(17);
    expect(full[0]!.body.fieldErrors).toEqual({ scheduledFor: SCHEDULE_MESSAGES.slotFull });
    const rows = await db
      .select()
      .from(orders)
      .where(and(eq(orders.storeId, store.id), eq(orders.scheduledFor, new Date(slot))));
    expect(rows).toHaveLength(3);
  });
});

describe("delivery zones and quantities", () => {
  const pricing = {
    zones: [{ id: "centro", name: "Centro", postalCodes: ["20000"], fee: 35, minimum: 100 }],
    flatFee: 0,
    freeOver: 1000,
  };
  const delivery = (extra: object = {}) => ({
    deliveryType: "delivery",
    address: "Madero 12",
    customerPhone: "4491112233",
    ...extra,
  });

  it("charges the zone's fee in the total, whatever fee the browser sends", async () => {
    const { store, pan } = await shop({ deliveryPricing: pricing });
    const placed = await order(
      store.id,
      [{ productId: pan.id, quantity: 12 }],
      delivery({ deliveryZone: "centro", deliveryFee: 0, total: 120 }),
    );
    expect(placed.status).toBe(200);
    expect(placed.body.order).toMatchObject({ total: 155, deliveryFee: 35, deliveryZone: "Centro" });
    const [row] = await ordersOf(store.id);
    expect(row).toMatchObject({ total: 155, deliveryFee: 35, deliveryZone: "Centro" });
    // By postal code, and free over the amount.
    const big = await order(
      store.id,
      [{ productId: pan.id, quantity: 100 }],
      delivery({ postalCode: "20000" }),
    );
    expect(big.body.order).toMatchObject({ total: 1000, deliveryFee: 0 });
  });

  it("refuses a delivery under the zone's minimum, or without a zone", async () => {
    const { store, pan } = await shop({ deliveryPricing: pricing });
    const small = await order(
      store.id,
      [{ productId: pan.id, quantity: 9 }],
      delivery({ deliveryZone: "centro" }),
    );
    expect(small.status).toBe(400);
    expect(small.body.fieldErrors).toEqual({
      deliveryZone: "El pedido mínimo para entrega en Centro es de $100.00.",
    });
    const none = await order(store.id, [{ productId: pan.id, quantity: 20 }], delivery());
    expect(none.status).toBe(400);
    expect(await ordersOf(store.id)).toHaveLength(0);
  });

  it("takes 0.75 kg, and refuses a quantity off the step or a fraction of a piece", async () => {
    const { store, pan, queso } = await shop();
    const placed = await order(store.id, [{ productId: queso.id, quantity: 0.75 }]);
    expect(placed.status).toBe(200);
    expect(placed.body.order.total).toBe(195);
    expect(placed.body.order.lines[0]).toMatchObject({ quantity: 0.75, unit: "kg" });

    const offStep = await order(store.id, [{ productId: queso.id, quantity: 0.3 }]);
    expect(offStep.status).toBe(400);
    expect(offStep.body.message).toBe(
      "Queso: La cantidad debe ser de al menos 0.25 kg y en pasos de 0.25 kg.",
    );
    const halfPiece = await order(store.id, [{ productId: pan.id, quantity: 1.5 }]);
    expect(halfPiece.status).toBe(400);
    expect(await ordersOf(store.id)).toHaveLength(1);
  });

  it("a product by kg whose owner set no step orders in whole kilos, as the spec says", async () => {
    const { store } = await shop();
    const miel = await createProduct(db, store.id, { name: "Miel", price: 180, unit: "kg" });
    const half = await order(store.id, [{ productId: miel.id, quantity: 0.5 }]);
    expect(half.status).toBe(400);
    expect(half.body.message).toBe("Miel: La cantidad debe ser de al menos 1 kg y en pasos de 1 kg.");
    const two = await order(store.id, [{ productId: miel.id, quantity: 2 }]);
    expect(two.status).toBe(200);
    expect(two.body.order.lines[0]).toMatchObject({ quantity: 2, unit: "kg" });
    expect(await ordersOf(store.id)).toHaveLength(1);
  });

  it("words a bad quantity for the line's unit: kilos with decimals for a kilo line, a whole number for a piece", async () => {
    const { store, pan, queso } = await shop();
    for (const quantity of ["dos", "0.5", 0, -1, null]) {
      const kilos = await order(store.id, [{ productId: queso.id, quantity }]);
      expect(kilos.status, JSON.stringify(quantity)).toBe(400);
      expect(kilos.body.fieldErrors).toEqual({
        lines:
          "Queso: La cantidad debe ser un número de kilos mayor que cero (puede llevar decimales, por ejemplo 0.75 kg).",
      });
      const pieces = await order(store.id, [{ productId: pan.id, quantity }]);
      expect(pieces.status, JSON.stringify(quantity)).toBe(400);
      expect(pieces.body.fieldErrors).toEqual({
        lines: "La cantidad debe ser un número entero de al menos 1.",
      });
    }
    // A bad line is refused as sent, not summed with another line of the same product.
    const summed = await order(store.id, [
      { productId: pan.id, quantity: -1 },
      { productId: pan.id, quantity: 2 },
    ]);
    expect(summed.status).toBe(400);
    expect(await ordersOf(store.id)).toHaveLength(0);
  });

  it("a store that configures nothing takes orders at any time, with no fee", async () => {
    const { store, pan } = await shop();
    const placed = await order(store.id, [{ productId: pan.id, quantity: 2 }], delivery());
    expect(placed.status).toBe(200);
    expect(placed.body.order).toMatchObject({
      total: 20,
      deliveryFee: 0,
      deliveryZone: "",
      scheduledFor: null,
    });
  });
});

describe("the city strip and the pause, as shoppers and owners get them", () => {
  it("the city strip says which stores are open, closed or paused, and nothing for a store without hours", async () => {
    const city = await createCity(db);
    const now = new Date();
    const { hour } = localParts(now, MX);
    const at = (h: number) => `${String((h + 24) % 24).padStart(2, "0")}:00`;
    // Open from an hour ago to three hours from now (past midnight if need be).
    const openNow: OpeningHours = {
      weekly: Array.from({ length: 7 }, () => [{ open: at(hour - 1), close: at(hour + 3) }]),
      exceptions: [],
    };
    const today = dateKey(localParts(now, MX));
    const closedToday: OpeningHours = {
      weekly: Array.from({ length: 7 }, () => [{ open: "08:00", close: "14:00" }]),
      exceptions: [today, addDays(today, 1)].map((date) => ({ date, ranges: [] })),
    };
    const inCity = (displayName: string, settings: Partial<typeof storeSettings.$inferInsert>) =>
      createStore(db, { cityId: city.id, displayName, settings });
    await inCity("Abierta", { openingHours: openNow });
    await inCity("Cerrada", { openingHours: closedToday });
    await inCity("Pausada", { openingHours: openNow, pausedAt: now, pauseMessage: "Volvemos pronto" });
    await inCity("Sin horario", {});

    const response = await fetch(`${running.server.url}/c/${city.id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const strip = html.slice(html.indexOf('id="tiendas"'));
    const tile = (name: string) => {
      const start = strip.indexOf(`>${name}</span>`);
      expect(start, name).toBeGreaterThan(-1);
      return strip.slice(start, strip.indexOf("</a>", start));
    };
    expect(openStatus(openNow, now, MX)!.text).toMatch(/^Abierto ahora · cierra a las \d{1,2}:00$/);
    expect(tile("Abierta")).toContain(openStatus(openNow, now, MX)!.text);
    expect(tile("Cerrada")).toMatch(/Cerrado · abre el \S+ a las 8:00/);
    expect(tile("Pausada")).toContain("Pedidos en pausa");
    expect(tile("Pausada")).not.toContain("Abierto ahora");
    expect(tile("Sin horario")).not.toMatch(/Abierto|Cerrado|pausa/);
  });

  it("the header's one tap pauses with no message and no end; the details keep or set the end; Reanudar clears it", async () => {
    const { store, pan } = await shop();
    const owner = await createOwner(db, { storeId: store.id });
    const cookie = await signIn(running.server.url, owner.email, owner.password);
    const pause = (fields: Record<string, string>) =>
      fetch(`${running.server.url}/i/admin/pause`, {
        method: "POST",
        headers: { cookie, Accept: "application/json" },
        body: new URLSearchParams(fields),
      });
    const settings = async () =>
      (await db.select().from(storeSettings).where(eq(storeSettings.storeId, store.id)))[0]!;

    expect((await pause({ intent: "pause" })).status).toBe(200);
    expect(await settings()).toMatchObject({ pauseUntil: null, pauseMessage: "" });
    expect((await settings()).pausedAt).not.toBeNull();
    expect((await order(store.id, [{ productId: pan.id, quantity: 1 }])).body.message).toBe(
      SCHEDULE_MESSAGES.paused,
    );

    expect((await pause({ intent: "pause", message: "Volvemos en 30 minutos", minutes: "60" })).status).toBe(
      200,
    );
    const { pauseUntil } = await settings();
    expect(pauseUntil!.getTime() - Date.now()).toBeGreaterThan(55 * 60_000);
    expect((await pause({ intent: "pause", message: "Volvemos a las 3", minutes: "keep" })).status).toBe(200);
    expect(await settings()).toMatchObject({ pauseUntil, pauseMessage: "Volvemos a las 3" });

    expect((await pause({ intent: "resume" })).status).toBe(200);
    expect(await settings()).toMatchObject({ pausedAt: null, pauseUntil: null, pauseMessage: "" });
    expect((await order(store.id, [{ productId: pan.id, quantity: 1 }])).status).toBe(200);
  });
});
