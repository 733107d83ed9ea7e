import { describe, expect, it } from "vitest";
import type { OrderSummary } from "./order-summary";
import { postalCodeIn, publicDeliveryPlace, withoutStreetAddress } from "./order-privacy";

const order = (extra: Partial<OrderSummary>): OrderSummary => ({
  number: "K7QM-3XRT-9HNPW",
  status: "pending",
  createdAt: "2026-11-26T10:00:00.000Z",
  deliveryType: "delivery",
  address: "Calle Nogal 123, Col. Centro, 20000 Aguascalientes",
  comments: "",
  total: 100,
  lines: [],
  step: null,
  cancelReason: "",
  paymentMethod: null,
  cashAmount: null,
  paid: false,
  refunded: false,
  transferReported: false,
  scheduledFor: null,
  discount: 0,
  discounts: [],
  deliveryZone: "",
  deliveryFee: 0,
  tip: 0,
  tipPercent: null,
  ...extra,
});

describe("an order's address for a device that did not place it", () => {
  it("finds the postal code: the last five-digit number, never part of a longer one", () => {
    expect(postalCodeIn("Calle Nogal 123, Col. Centro, 20000 Aguascalientes")).toBe("20000");
    expect(postalCodeIn("C.P. 20270, Av. Héroe 12345 int. 2")).toBe("12345");
    expect(postalCodeIn("Tel 4491234567, Madero 12")).toBe("");
    expect(postalCodeIn("")).toBe("");
  });

  it("leaves the street address out and keeps the zone or the postal code", () => {
    const hidden = withoutStreetAddress(order({}));
    expect(hidden).toMatchObject({ address: "", addressHidden: true, postalCode: "20000" });
    expect(publicDeliveryPlace(hidden)).toBe("C.P. 20000");
    expect(publicDeliveryPlace(withoutStreetAddress(order({ deliveryZone: "Centro" })))).toBe("Zona Centro");
    expect(publicDeliveryPlace(withoutStreetAddress(order({ address: "Madero 12" })))).toBe("");
  });

  it("a pickup order has no address to leave out", () => {
    const pickup = withoutStreetAddress(order({ deliveryType: "pickup", address: "" }));
    expect(pickup.address).toBe("");
    expect(pickup.addressHidden).toBeUndefined();
  });
});
