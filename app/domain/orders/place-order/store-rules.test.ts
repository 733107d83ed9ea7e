import { describe, expect, it } from "vitest";
import { zonedTime, type OpeningHours } from "~/domain/stores/opening-hours";
import { NO_DELIVERY_PRICING, ZONE_MESSAGES, type DeliveryPricing } from "../delivery-zones";
import { MAX_ORDER_TOTAL, ORDER_MESSAGES } from "../order-form";
import { PAYMENT_MESSAGES } from "../payment";
import { DEFAULT_SCHEDULE, SCHEDULE_MESSAGES } from "../scheduling";
import type { PricedLine } from "./price";
import { orderCharges, orderSlot, refuseCashBelowTotal } from "./store-rules";

const MX = "America/Mexico_City";
const at = (minutes: number) => zonedTime("2026-11-23", minutes, MX);
const morning: OpeningHours = {
  weekly: Array.from({ length: 7 }, () => [{ open: "08:00", close: "10:00" }]),
  exceptions: [],
};
const noHours: OpeningHours = { weekly: Array.from({ length: 7 }, () => []), exceptions: [] };
const settings = {
  ...DEFAULT_SCHEDULE,
  openingHours: morning,
  timeZone: MX,
  pausedAt: null as Date | null,
  pauseUntil: null as Date | null,
};
const scheduling = { ...settings, outsideHours: "schedule" as const, leadMinutes: 0 };

describe("when the order is due", () => {
  it("now, in a store without hours or an open one", () => {
    expect(orderSlot({ ...settings, openingHours: noHours }, null, at(12 * 60))).toBeNull();
    expect(orderSlot(settings, null, at(9 * 60))).toBeNull();
  });

  it("a paused or closed store refuses as a whole (409), not on a field", () => {
    const paused = { ...settings, pausedAt: at(8 * 60), pauseUntil: null };
    expect(() => orderSlot(paused, null, at(9 * 60))).toThrow(
      expect.objectContaining({
        code: "UNAVAILABLE",
        message: SCHEDULE_MESSAGES.paused,
        field: undefined,
      }),
    );
    expect(() => orderSlot(settings, null, at(12 * 60))).toThrow(
      expect.objectContaining({
        code: "UNAVAILABLE",
        message: "La tienda está cerrada. Abre mañana a las 8:00.",
        field: undefined,
      }),
    );
  });

  it("a closed store that schedules asks for a slot, on the slot's field", () => {
    expect(() => orderSlot(scheduling, null, at(12 * 60))).toThrow(
      expect.objectContaining({
        code: "VALIDATION",
        message: SCHEDULE_MESSAGES.slotRequired,
        field: "scheduledFor",
      }),
    );
  });

  it("at an offered slot, and a slot not offered is refused on its field", () => {
    const slot = zonedTime("2026-11-24", 8 * 60 + 30, MX);
    expect(orderSlot(scheduling, slot, at(12 * 60))).toEqual(slot);
    const offGrid = new Date(slot.getTime() + 10 * 60_000);
    expect(() => orderSlot(scheduling, offGrid, at(12 * 60))).toThrow(
      expect.objectContaining({
        code: "VALIDATION",
        message: SCHEDULE_MESSAGES.slotInvalid,
        field: "scheduledFor",
      }),
    );
    // A store that does not schedule refuses any slot, even when open.
    expect(() => orderSlot(settings, slot, at(9 * 60))).toThrow(
      expect.objectContaining({ field: "scheduledFor" }),
    );
  });
});

describe("what the order costs", () => {
  const lines: PricedLine[] = [
    { productId: "pan", variation: "", quantity: 3, name: "Pan", unit: "pieza", price: 10.1, chosen: [] },
    { productId: "queso", variation: "", quantity: 0.75, name: "Queso", unit: "kg", price: 260, chosen: [] },
  ];
  const pickup = { deliveryType: "pickup" as const };
  const zones: DeliveryPricing = {
    zones: [
      { id: "centro", name: "Centro", postalCodes: ["68000"], fee: 30, minimum: 100 },
      { id: "lejos", name: "Lejos", postalCodes: [], fee: 80, minimum: 500 },
    ],
    flatFee: 0,
    freeOver: 1000,
  };

  it("a pickup costs its lines, whatever the delivery pricing", () => {
    expect(orderCharges({ deliveryPricing: zones }, pickup, lines)).toEqual({
      deliveryFee: 0,
      deliveryZone: "",
      total: 225.3,
      discount: 0,
      discounts: [],
    });
  });

  it("a delivery adds the chosen zone's fee, or the flat fee", () => {
    const delivery = { deliveryType: "delivery" as const, deliveryZone: "centro" };
    expect(orderCharges({ deliveryPricing: zones }, delivery, lines)).toEqual({
      deliveryFee: 30,
      deliveryZone: "Centro",
      total: 255.3,
      discount: 0,
      discounts: [],
    });
    const byPostalCode = { deliveryType: "delivery" as const, postalCode: "68000" };
    expect(orderCharges({ deliveryPricing: zones }, byPostalCode, lines).deliveryZone).toBe("Centro");
    const flat = { ...NO_DELIVERY_PRICING, flatFee: 25 };
    expect(orderCharges({ deliveryPricing: flat }, { deliveryType: "delivery" }, lines)).toEqual({
      deliveryFee: 25,
      deliveryZone: "",
      total: 250.3,
      discount: 0,
      discounts: [],
    });
  });

  it("delivery is free over the store's amount", () => {
    const big = [{ ...lines[0]!, quantity: 100 }];
    expect(
      orderCharges({ deliveryPricing: zones }, { deliveryType: "delivery", deliveryZone: "centro" }, big),
    ).toEqual({
      deliveryFee: 0,
      deliveryZone: "Centro",
      total: 1010,
      discount: 0,
      discounts: [],
    });
  });

  it("takes the discounts off, and counts the delivery's free amount after them", () => {
    const big = [{ ...lines[0]!, quantity: 100 }];
    const discount = { kind: "code" as const, id: "c", name: "BIENVENIDA10", amount: 101 };
    expect(
      orderCharges({ deliveryPricing: zones }, { deliveryType: "delivery", deliveryZone: "centro" }, big, {
        discounts: [discount],
        total: 101,
      }),
    ).toEqual({ deliveryFee: 30, deliveryZone: "Centro", total: 939, discount: 101, discounts: [discount] });
  });

  it("refuses a delivery without a zone, to an unknown postal code or under the zone's minimum", () => {
    const charge = (choice: object) => () =>
      orderCharges({ deliveryPricing: zones }, { deliveryType: "delivery", ...choice }, lines);
    expect(charge({})).toThrow(
      expect.objectContaining({
        code: "VALIDATION",
        message: ZONE_MESSAGES.zoneRequired,
        field: "deliveryZone",
      }),
    );
    expect(charge({ postalCode: "99999" })).toThrow(
      expect.objectContaining({ message: ZONE_MESSAGES.postalUnknown }),
    );
    expect(charge({ deliveryZone: "lejos" })).toThrow(
      expect.objectContaining({ message: ZONE_MESSAGES.belowMinimum(500, "Lejos") }),
    );
  });

  it("refuses a total too large to store, fee included", () => {
    const huge = [{ ...lines[0]!, quantity: 1, price: MAX_ORDER_TOTAL }];
    expect(orderCharges({ deliveryPricing: NO_DELIVERY_PRICING }, pickup, huge).total).toBe(MAX_ORDER_TOTAL);
    const flat = { ...NO_DELIVERY_PRICING, flatFee: 1 };
    expect(() => orderCharges({ deliveryPricing: flat }, { deliveryType: "delivery" }, huge)).toThrow(
      expect.objectContaining({ code: "VALIDATION", message: ORDER_MESSAGES.tooLarge, field: "lines" }),
    );
  });
});

describe("cash the shopper pays with", () => {
  it("must cover the total; none said, nothing to check", () => {
    expect(() => refuseCashBelowTotal(null, 100)).not.toThrow();
    expect(() => refuseCashBelowTotal(100, 100)).not.toThrow();
    expect(() => refuseCashBelowTotal(99.99, 100)).toThrow(
      expect.objectContaining({
        code: "VALIDATION",
        message: PAYMENT_MESSAGES.cashBelowTotal,
        field: "cashAmount",
      }),
    );
  });
});
