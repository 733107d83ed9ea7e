import { describe, expect, it } from "vitest";
import {
  changeToBring,
  formatClabe,
  hasCardPayments,
  isPaymentMethod,
  isValidClabe,
  parseCashAmount,
  PAYMENT_LABELS,
  PAYMENT_METHODS,
  PAYMENT_STATE_LABELS,
  offeredMethods,
  paymentState,
} from "./payment";

describe("CLABE", () => {
  it("accepts numbers whose check digit is right", () => {
    // Examples printed in banks' and Banxico's guides.
    expect(isValidClabe("032180000118359719")).toBe(true);
    expect(isValidClabe("002115016003269411")).toBe(true);
    expect(isValidClabe("002010077777777771")).toBe(true);
  });

  it("refuses a wrong check digit, a wrong length or other characters", () => {
    expect(isValidClabe("032180000118359710")).toBe(false);
    expect(isValidClabe("03218000011835971")).toBe(false);
    expect(isValidClabe("0321800001183597190")).toBe(false);
    expect(isValidClabe("03218000011835971a")).toBe(false);
    expect(isValidClabe("")).toBe(false);
  });

  it("reads in groups, and leaves anything that is not a CLABE as it is", () => {
    expect(formatClabe("032180000118359719")).toBe("032 180 00011835971 9");
    for (const value of [
      "03218000011835971",
      "0321800001183597190",
      "x032180000118359719",
      "032180000118359719x",
    ])
      expect(formatClabe(value)).toBe(value);
  });
});

describe("cash", () => {
  it("parses what a shopper types", () => {
    expect(parseCashAmount("")).toBeNull();
    expect(parseCashAmount(" 500 ")).toBe(500);
    expect(parseCashAmount("$1,000.50")).toBe(1000.5);
    expect(parseCashAmount("12.345")).toBe("invalid");
    expect(parseCashAmount("-5")).toBe("invalid");
    expect(parseCashAmount("abc")).toBe("invalid");
    // One dollar sign in front, and only there.
    expect(parseCashAmount("500$")).toBe("invalid");
    expect(parseCashAmount("$$500")).toBe("invalid");
    expect(parseCashAmount("  ")).toBeNull();
    expect(parseCashAmount("9999999.99")).toBe(9_999_999.99);
    expect(parseCashAmount("10000000")).toBe("invalid");
  });

  it("computes the change to bring in exact centavos", () => {
    expect(changeToBring(245, 500)).toBe(255);
    expect(changeToBring(0.3, 0.5)).toBe(0.2);
    expect(changeToBring(199.99, 200)).toBe(0.01);
    expect(changeToBring(245, 245)).toBe(0);
    expect(changeToBring(245, 200)).toBeNull();
    expect(changeToBring(245, null)).toBeNull();
  });
});

describe("payment methods", () => {
  it("are cash, transfer, card at delivery and Mercado Pago, each with its Spanish name", () => {
    expect(PAYMENT_METHODS.map((method) => PAYMENT_LABELS[method])).toEqual([
      "Efectivo",
      "Transferencia o SPEI",
      "Tarjeta al recibir",
      "Tarjeta o Mercado Pago",
    ]);
    for (const method of PAYMENT_METHODS) expect(isPaymentMethod(method)).toBe(true);
    for (const value of ["Efectivo", "crypto", "", null, 3]) expect(isPaymentMethod(value)).toBe(false);
  });
});

describe("card payments online", () => {
  it("come with Negocio and Pro, not with Emprendedor", () => {
    expect(hasCardPayments("starter")).toBe(false);
    expect(hasCardPayments("basic")).toBe(true);
    expect(hasCardPayments("premier")).toBe(true);
    expect(offeredMethods(["cash", "mercadopago"], "starter")).toEqual(["cash"]);
    expect(offeredMethods(["cash", "mercadopago"], "basic")).toEqual(["cash", "mercadopago"]);
  });

  it("say where the payment stands", () => {
    expect(paymentState({ paymentMethod: "mercadopago", paid: false })).toBe("waiting");
    expect(paymentState({ paymentMethod: "mercadopago", paid: true })).toBe("paid");
    expect(paymentState({ paymentMethod: "mercadopago", paid: true, refunded: true })).toBe("refunded");
    expect(paymentState({ paymentMethod: "cash", paid: false })).toBe("none");
    expect(PAYMENT_STATE_LABELS.waiting).toBe("Esperando pago");
  });
});
