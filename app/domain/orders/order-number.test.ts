import { describe, expect, it } from "vitest";
import {
  newOrderNumber,
  normalizeOrderNumber,
  ORDER_NUMBER_ALPHABET,
  ORDER_NUMBER_BITS,
} from "./order-number";

describe("order numbers", () => {
  it("carry at least 60 random bits", () => {
    expect(ORDER_NUMBER_BITS).toBeGreaterThanOrEqual(60);
  });

  it("are short, grouped and free of look-alike characters", () => {
    for (let i = 0; i < 500; i++) {
      const number = newOrderNumber();
      expect(number).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{5}$/);
      expect(number.length).toBeLessThanOrEqual(40);
    }
    expect(ORDER_NUMBER_ALPHABET).not.toMatch(/[01IOL]/);
  });

  it("do not repeat", () => {
    const numbers = new Set(Array.from({ length: 10_000 }, newOrderNumber));
    expect(numbers.size).toBe(10_000);
  });

  it("are found however the shopper types them", () => {
    expect(normalizeOrderNumber(" k7qm 3xrt 9hnpw ")).toBe("K7QM-3XRT-9HNPW");
    expect(normalizeOrderNumber("K7QM-3XRT-9HNPW")).toBe("K7QM-3XRT-9HNPW");
    expect(normalizeOrderNumber("abc")).toBe("ABC");
  });
});
