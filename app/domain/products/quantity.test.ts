import { describe, expect, it } from "vitest";
import {
  formatQuantity,
  isValidQuantity,
  maximumQuantity,
  MAX_MEASURED_QUANTITY,
  nearestQuantity,
  quantityInputText,
  quantityRule,
  readTypedQuantity,
  stepDown,
  stepUp,
} from "./quantity";

describe("quantities by the step", () => {
  const kg = quantityRule({ unit: "kg", quantityStep: 0.25 });
  const ml = quantityRule({ unit: "mL", quantityStep: 250 });
  const pieza = quantityRule({ unit: "pieza", quantityStep: 0.5 });

  it("orders in whole units from 1 unless the owner set a step, and pieza stays whole whatever is stored", () => {
    for (const unit of ["kg", "L", "mL"] as const) {
      expect(quantityRule({ unit })).toEqual({ unit, step: 1, minimum: 1 });
    }
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
    const whole = { unit: "kg", step: 1, minimum: 1 };
    expect(quantityRule({ unit: "kg", quantityStep: 0, minQuantity: 0 })).toEqual(whole);
    expect(quantityRule({ unit: "kg", quantityStep: -1, minQuantity: -2 })).toEqual(whole);
    expect(quantityRule({ unit: "kg", quantityStep: null, minQuantity: null })).toEqual(whole);
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

describe("a quantity typed in the cart", () => {
  const kg = quantityRule({ unit: "kg", quantityStep: 0.25 });
  const ml = quantityRule({ unit: "mL", quantityStep: 250 });
  const pieza = quantityRule({ unit: "pieza" });
  const offStep = "La cantidad debe ser de al menos 0.25 kg y en pasos de 0.25 kg.";

  it("takes a quantity on the step, written with a point, a comma or no leading zero", () => {
    for (const typed of ["0.75", "0,75", ".75", " 0.75 ", "0.750"])
      expect(readTypedQuantity(kg, typed)).toEqual({ ok: true, quantity: 0.75 });
    expect(readTypedQuantity(kg, "2")).toEqual({ ok: true, quantity: 2 });
    expect(readTypedQuantity(kg, "1.")).toEqual({ ok: true, quantity: 1 });
    expect(readTypedQuantity(kg, "12.5")).toEqual({ ok: true, quantity: 12.5 });
    expect(readTypedQuantity(ml, "750")).toEqual({ ok: true, quantity: 750 });
    expect(readTypedQuantity(pieza, "3")).toEqual({ ok: true, quantity: 3 });
  });

  it("refuses a quantity off the step with the server's sentence and the nearest valid one", () => {
    expect(readTypedQuantity(kg, "0.8")).toEqual({ ok: false, message: offStep, nearest: 0.75 });
    expect(readTypedQuantity(kg, "0.9")).toEqual({ ok: false, message: offStep, nearest: 1 });
    expect(readTypedQuantity(kg, "0.7501")).toEqual({ ok: false, message: offStep, nearest: 0.75 });
    expect(readTypedQuantity(ml, "300")).toEqual({
      ok: false,
      message: "La cantidad debe ser de al menos 250 mL y en pasos de 250 mL.",
      nearest: 250,
    });
    const fromHalf = quantityRule({ unit: "kg", quantityStep: 0.25, minQuantity: 0.5 });
    expect(readTypedQuantity(fromHalf, "0.8")).toMatchObject({ ok: false, nearest: 0.75 });
  });

  it("keeps pieza whole", () => {
    expect(readTypedQuantity(pieza, "1.5")).toEqual({
      ok: false,
      message: "Los productos por pieza se venden en números enteros.",
      nearest: 2,
    });
    expect(readTypedQuantity(pieza, "2,4")).toMatchObject({ ok: false, nearest: 2 });
  });

  it("enforces the minimum and the maximum", () => {
    expect(readTypedQuantity(kg, "0.1")).toEqual({
      ok: false,
      message: "La cantidad mínima es 0.25 kg.",
      nearest: 0.25,
    });
    expect(readTypedQuantity(kg, "0")).toMatchObject({ ok: false, nearest: 0.25 });
    expect(readTypedQuantity(pieza, "0")).toEqual({
      ok: false,
      message: "La cantidad mínima es 1 pieza.",
      nearest: 1,
    });
    expect(readTypedQuantity(kg, "1000")).toEqual({
      ok: false,
      message: "La cantidad máxima es 999 kg.",
      nearest: 999,
    });
    expect(readTypedQuantity(pieza, "1200")).toMatchObject({
      message: "La cantidad máxima es 999 piezas.",
      nearest: 999,
    });
  });

  it("asks for numbers when it cannot read one, with an example in the product's unit", () => {
    for (const typed of ["", "abc", "-1", "1/2", "0.5.1", "1e2", "medio"])
      expect(readTypedQuantity(kg, typed)).toEqual({
        ok: false,
        message: "Escribe la cantidad con números, por ejemplo 0.75.",
        nearest: null,
      });
    expect(readTypedQuantity(ml, "x")).toMatchObject({
      message: "Escribe la cantidad con números, por ejemplo 750.",
    });
    expect(readTypedQuantity(pieza, "x")).toMatchObject({
      message: "Escribe la cantidad con números, por ejemplo 2.",
    });
  });

  it("the nearest valid quantity stays on a step from the minimum and within 999", () => {
    const tenths = quantityRule({ unit: "kg", quantityStep: 0.1, minQuantity: 0.3 });
    expect(nearestQuantity(tenths, 0.1 + 0.2 + 0.04)).toBe(0.3);
    expect(nearestQuantity(tenths, 0.66)).toBe(0.7);
    expect(nearestQuantity(tenths, -5)).toBe(0.3);
    const fives = quantityRule({ unit: "L", quantityStep: 5, minQuantity: 2 });
    expect(maximumQuantity(fives)).toBe(997);
    expect(nearestQuantity(fives, 5000)).toBe(997);
    expect(maximumQuantity(quantityRule({ unit: "kg", quantityStep: 0.25 }))).toBe(MAX_MEASURED_QUANTITY);
  });

  it("shows the number alone in es-MX digits, without a thousands separator", () => {
    expect(quantityInputText(0.75)).toBe("0.75");
    expect(quantityInputText(0.1 + 0.2)).toBe("0.3");
    expect(quantityInputText(1500)).toBe("1500");
    expect(quantityInputText(2)).toBe("2");
  });
});
