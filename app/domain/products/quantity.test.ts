import { describe, expect, it } from "vitest";
import { lineTotal, orderTotal } from "~/domain/orders/cart";
import {
  formatQuantity,
  isValidQuantity,
  MAX_MEASURED_QUANTITY,
  quantityRule,
  stepDown,
  stepUp,
} from "./quantity";

describe("quantities by the step", () => {
  const kg = quantityRule({ unit: "kg" });
  const ml = quantityRule({ unit: "mL" });
  const pieza = quantityRule({ unit: "pieza", quantityStep: 0.5 });

  it("uses the unit's defaults, and pieza stays whole whatever is stored", () => {
    expect(kg).toEqual({ unit: "kg", step: 0.25, minimum: 0.25 });
    expect(ml).toEqual({ unit: "mL", step: 250, minimum: 250 });
    expect(pieza).toEqual({ unit: "pieza", step: 1, minimum: 1 });
  });

  it("accepts quantities on the step from the minimum, and refuses others", () => {
    expect(isValidQuantity(kg, 0.75)).toBe(true);
    expect(isValidQuantity(kg, 1.5)).toBe(true);
    expect(isValidQuantity(kg, 0.1)).toBe(false);
    expect(isValidQuantity(kg, 0)).toBe(false);
    expect(isValidQuantity(pieza, 1.5)).toBe(false);
    const custom = quantityRule({ unit: "kg", quantityStep: 0.1, minQuantity: 0.5 });
    expect(isValidQuantity(custom, 0.1 + 0.2 + 0.3)).toBe(true); // 0.6000000000000001
    expect(isValidQuantity(custom, 0.4)).toBe(false);
  });

  it("steps up and down without floating-point drift", () => {
    const custom = quantityRule({ unit: "kg", quantityStep: 0.1 });
    expect(stepUp(custom, 0.2)).toBe(0.3);
    expect(stepUp(kg, 0.75)).toBe(1);
    expect(stepDown(kg, 0.5)).toBe(0.25);
    expect(stepDown(kg, 0.25)).toBe(0);
  });

  it("prices decimals to the centavo", () => {
    expect(lineTotal({ price: 260, quantity: 0.75 })).toBe(195);
    expect(lineTotal({ price: 33.33, quantity: 0.25 })).toBe(8.33);
    expect(
      orderTotal([
        { price: 0.1, quantity: 3 },
        { price: 19.99, quantity: 1.5 },
      ]),
    ).toBe(30.29);
  });

  it("reads in es-MX", () => {
    expect(formatQuantity(0.75, "kg")).toBe("0.75 kg");
    expect(formatQuantity(1500, "mL")).toBe("1,500 mL");
    expect(formatQuantity(3, "pieza")).toBe("3 piezas");
    expect(formatQuantity(1, "pieza")).toBe("1 pieza");
  });

  it("an owner's step and minimum replace the unit's default; a zero or missing one does not", () => {
    expect(quantityRule({ unit: "L", quantityStep: 0.5, minQuantity: 1 })).toEqual({
      unit: "L",
      step: 0.5,
      minimum: 1,
    });
    expect(quantityRule({ unit: "L", quantityStep: 0.5 })).toEqual({ unit: "L", step: 0.5, minimum: 0.5 });
    expect(quantityRule({ unit: "kg", quantityStep: 0, minQuantity: 0 })).toEqual(kg);
    expect(quantityRule({ unit: "kg", quantityStep: -1, minQuantity: -2 })).toEqual(kg);
    expect(quantityRule({ unit: "kg", quantityStep: null, minQuantity: null })).toEqual(kg);
  });

  it("counts the steps from the minimum, up to 999, and refuses what is not a number in thousandths", () => {
    const fromHalf = quantityRule({ unit: "kg", quantityStep: 0.25, minQuantity: 0.6 });
    expect(isValidQuantity(fromHalf, 0.6)).toBe(true);
    expect(isValidQuantity(fromHalf, 0.85)).toBe(true);
    expect(isValidQuantity(fromHalf, 0.75)).toBe(false);
    expect(isValidQuantity(fromHalf, 0.5)).toBe(false);
    const litres = quantityRule({ unit: "L", quantityStep: 1, minQuantity: 1 });
    expect(isValidQuantity(litres, MAX_MEASURED_QUANTITY)).toBe(true);
    expect(isValidQuantity(litres, 1000)).toBe(false);
    expect(isValidQuantity(kg, 0.2501)).toBe(false);
    expect(isValidQuantity(kg, Number.NaN)).toBe(false);
    expect(isValidQuantity(kg, Number.POSITIVE_INFINITY)).toBe(false);
  });

  it("stops at 999, and one step down from the minimum removes the line", () => {
    expect(stepUp(quantityRule({ unit: "L", quantityStep: 5 }), 998)).toBe(MAX_MEASURED_QUANTITY);
    expect(stepDown(quantityRule({ unit: "kg", quantityStep: 0.25, minQuantity: 1 }), 1.25)).toBe(1);
    expect(stepDown(quantityRule({ unit: "kg", quantityStep: 0.25, minQuantity: 1 }), 1)).toBe(0);
  });

  it("writes up to three decimals", () => {
    expect(formatQuantity(0.125, "kg")).toBe("0.125 kg");
  });
});
