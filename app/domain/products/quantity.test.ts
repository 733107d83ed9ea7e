import { describe, expect, it } from "vitest";
import { lineTotal, orderTotal } from "~/domain/orders/cart";
import { formatQuantity, isValidQuantity, quantityRule, stepDown, stepUp } from "./quantity";

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
});
