import { describe, expect, it } from "vitest";
import { formatMoney, roundMoney, toCents } from "./money";

describe("money", () => {
  it("writes pesos as Mexico does: the peso sign, thousands by commas, two decimals", () => {
    expect(formatMoney(1234.5)).toBe("$1,234.50");
    expect(formatMoney(0)).toBe("$0.00");
    expect(formatMoney(14)).toBe("$14.00");
  });

  it("counts in whole centavos, rounding the half away", () => {
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(roundMoney(10.005)).toBe(10.01);
    expect(roundMoney(0.1 + 0.2)).toBe(0.3);
  });
});
