import { describe, expect, it } from "vitest";
import {
  findZone,
  deliveryCharge,
  NO_DELIVERY_PRICING,
  normalizePostalCode,
  ZONE_MESSAGES,
  type DeliveryPricing,
} from "./delivery-zones";

const pricing: DeliveryPricing = {
  zones: [
    { id: "centro", name: "Centro", postalCodes: ["20000"], fee: 30, minimum: 100 },
    { id: "norte", name: "Pozo Bravo", postalCodes: ["20120", "20126"], fee: 55.5, minimum: 200 },
  ],
  flatFee: 0,
  freeOver: 500,
};

describe("delivery zones", () => {
  it("charges the zone's fee, found by id or postal code", () => {
    expect(deliveryCharge(pricing, 150, { zoneId: "centro" })).toMatchObject({ ok: true, fee: 30 });
    expect(deliveryCharge(pricing, 250, { postalCode: "20126" })).toMatchObject({ ok: true, fee: 55.5 });
  });

  it("refuses below the zone's minimum, to the centavo", () => {
    expect(deliveryCharge(pricing, 199.99, { zoneId: "norte" })).toEqual({
      ok: false,
      field: "deliveryZone",
      message: "El pedido mínimo para entrega en Pozo Bravo es de $200.00.",
    });
    expect(deliveryCharge(pricing, 200, { zoneId: "norte" }).ok).toBe(true);
  });

  it("asks for a zone, and refuses an unknown postal code", () => {
    expect(deliveryCharge(pricing, 300, {})).toMatchObject({ ok: false });
    expect(deliveryCharge(pricing, 300, { postalCode: "99999" })).toMatchObject({
      ok: false,
      message: "No entregamos en ese código postal. Elige una zona de la lista.",
    });
  });

  it("is free over the amount, and flat without zones", () => {
    expect(deliveryCharge(pricing, 500, { zoneId: "norte" })).toMatchObject({ ok: true, fee: 0 });
    expect(deliveryCharge({ ...NO_DELIVERY_PRICING, flatFee: 25 }, 10, {})).toMatchObject({
      ok: true,
      fee: 25,
    });
    expect(deliveryCharge(NO_DELIVERY_PRICING, 10, {})).toMatchObject({ ok: true, fee: 0 });
  });
});

describe("finding the shopper's zone", () => {
  it("reads the postal code as typed, spaces around it ignored, and a chosen zone before it", () => {
    const pricing = {
      zones: [
        { id: "centro", name: "Centro", postalCodes: ["20000"], fee: 30, minimum: 0 },
        { id: "norte", name: "Norte", postalCodes: ["20100"], fee: 50, minimum: 0 },
      ],
      flatFee: 0,
      freeOver: null,
    };
    expect(findZone(pricing, { postalCode: " 20100 " })?.id).toBe("norte");
    expect(findZone(pricing, { zoneId: "centro", postalCode: "20100" })?.id).toBe("centro");
    expect(findZone(pricing, { postalCode: "  " })).toBeNull();
    expect(findZone(pricing, {})).toBeNull();
    expect(deliveryCharge(pricing, 100, { zoneId: "sur", postalCode: "20100" })).toEqual({
      ok: false,
      field: "deliveryZone",
      message: "Elige tu colonia o zona de entrega.",
    });
    expect(deliveryCharge(pricing, 100, { postalCode: "99999" })).toEqual({
      ok: false,
      field: "deliveryZone",
      message: "No entregamos en ese código postal. Elige una zona de la lista.",
    });
  });

  it("the checkout's postal code keeps five digits and names the zone it finds", () => {
    expect(normalizePostalCode("20 000")).toBe("20000");
    expect(normalizePostalCode("C.P. 20126-9")).toBe("20126");
    expect(normalizePostalCode("abc")).toBe("");
    expect(findZone(pricing, { postalCode: normalizePostalCode("CP 20120") })?.name).toBe("Pozo Bravo");
    expect(ZONE_MESSAGES.postalMatch("Pozo Bravo")).toBe("Tu código postal es de la zona Pozo Bravo.");
  });
});
