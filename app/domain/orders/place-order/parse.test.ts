import { describe, expect, it } from "vitest";
import { INVOICE_MESSAGES } from "~/domain/invoices/invoice-form";
import { ORDER_MESSAGES, type OrderForm } from "../order-form";
import { PAYMENT_MESSAGES } from "../payment";
import { mergeLines, parseOrder } from "./parse";

const form: OrderForm = {
  customerName: "Ana",
  customerPhone: "",
  deliveryType: "pickup",
  address: "",
  comments: "",
  idempotencyKey: "clave-123456",
  lines: [{ productId: "pan", variation: "", quantity: 1 }],
};
const store = { allowPickup: true, allowDelivery: false, paymentMethods: [], allowInvoiceRequests: false };

describe("parsing an order against what the store offers", () => {
  it("keeps a factura's data only for a store that offers it, and refuses it elsewhere beside the RFC", () => {
    const invoice = {
      rfc: "GODE561231GR8",
      kind: "fisica" as const,
      name: "EMILIO GÓMEZ DÍAZ",
      regimenFiscal: "612",
      usoCfdi: "G03",
      postalCode: "06600",
      email: "emilio@example.mx",
    };
    expect(parseOrder({ ...form, invoice }, { ...store, allowInvoiceRequests: true }).invoice).toEqual(
      invoice,
    );
    expect(() => parseOrder({ ...form, invoice }, store)).toThrow(
      expect.objectContaining({
        code: "VALIDATION",
        message: INVOICE_MESSAGES.notOffered,
        field: "invoice.rfc",
      }),
    );
    expect(parseOrder(form, store).invoice).toBeNull();
  });

  it("refuses a delivery type the store does not offer, on its field", () => {
    expect(() => parseOrder({ ...form, deliveryType: "delivery" }, store)).toThrow(
      expect.objectContaining({
        code: "VALIDATION",
        message: ORDER_MESSAGES.deliveryNotAllowed,
        field: "deliveryType",
      }),
    );
    expect(() => parseOrder(form, { ...store, allowPickup: false, allowDelivery: true })).toThrow(
      ORDER_MESSAGES.deliveryNotAllowed,
    );
    expect(
      parseOrder({ ...form, deliveryType: "delivery" }, { ...store, allowDelivery: true }).lines,
    ).toHaveLength(1);
  });

  it("asks nothing about payment when the store offers no method, and ignores what was sent", () => {
    const parsed = parseOrder({ ...form, paymentMethod: "cash", cashAmount: 500 }, store);
    expect(parsed).toMatchObject({ paymentMethod: null, cashAmount: null });
  });

  it("asks for one of the store's methods when it offers some", () => {
    const offering = { ...store, paymentMethods: ["transfer" as const, "cash" as const] };
    for (const paymentMethod of [null, undefined, "card" as const]) {
      expect(() => parseOrder({ ...form, paymentMethod }, offering)).toThrow(
        expect.objectContaining({
          code: "VALIDATION",
          message: PAYMENT_MESSAGES.method,
          field: "paymentMethod",
        }),
      );
    }
    expect(parseOrder({ ...form, paymentMethod: "transfer", cashAmount: 500 }, offering)).toMatchObject({
      paymentMethod: "transfer",
      cashAmount: null,
    });
    expect(parseOrder({ ...form, paymentMethod: "cash", cashAmount: 500 }, offering)).toMatchObject({
      paymentMethod: "cash",
      cashAmount: 500,
    });
    expect(parseOrder({ ...form, paymentMethod: "cash" }, offering).cashAmount).toBeNull();
  });

  it("counts the same product and option twice as one line, in the order first seen", () => {
    const lines = [
      { productId: "pan", variation: "", quantity: 1 },
      { productId: "queso", variation: "", quantity: 0.25 },
      { productId: "pan", variation: "integral", quantity: 2 },
      { productId: "pan", variation: "", quantity: 3 },
      { productId: "queso", variation: "", quantity: 0.5 },
    ];
    expect(mergeLines(lines)).toEqual([
      { productId: "pan", variation: "", quantity: 4 },
      { productId: "queso", variation: "", quantity: 0.75 },
      { productId: "pan", variation: "integral", quantity: 2 },
    ]);
    expect(lines[0]!.quantity).toBe(1);
    expect(parseOrder({ ...form, lines }, store).lines).toHaveLength(3);
  });

  it("counts the same choices picked in another order as one line, and other choices as another", () => {
    const line = (choices: string[] | undefined, quantity = 1) => ({
      productId: "tacos",
      variation: "",
      choices,
      quantity,
    });
    expect(
      mergeLines([line(["p5", "queso"]), line(["queso", "p5"], 2), line(["p3"]), line(undefined), line([])]),
    ).toEqual([line(["p5", "queso"], 3), line(["p3"]), line(undefined, 2)]);
  });

  it("never merges a line whose quantity is not well formed: pricing refuses it as sent", () => {
    const lines = [
      { productId: "pan", variation: "", quantity: -1 },
      { productId: "pan", variation: "", quantity: 2 },
      { productId: "queso", variation: "", quantity: Number.NaN },
      { productId: "queso", variation: "", quantity: 0.5 },
      { productId: "pan", variation: "", quantity: 0 },
    ];
    expect(mergeLines(lines)).toEqual(lines);
  });
});
