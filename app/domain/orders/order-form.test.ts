import { describe, expect, it } from "vitest";
import {
  deliveryAddress,
  normalizePhoneInput,
  ORDER_MESSAGES,
  parseOrderForm,
  type OrderFormInput,
} from "./order-form";

function form(overrides: Partial<OrderFormInput> = {}): OrderFormInput {
  return {
    customerName: "Ana López",
    customerPhone: "",
    deliveryType: "pickup",
    address: "",
    comments: "",
    idempotencyKey: "clave-de-prueba-123",
    lines: [{ productId: "concha", variation: "Vainilla", quantity: 2 }],
    ...overrides,
  };
}

function errorsOf(input: OrderFormInput) {
  const result = parseOrderForm(input);
  return result.success ? {} : result.errors;
}

describe("order form schema", () => {
  it("accepts a complete pickup order and trims the text fields", () => {
    const result = parseOrderForm(form({ customerName: "  Ana  ", comments: " sin nuez " }));
    expect(result).toEqual({
      success: true,
      data: expect.objectContaining({ customerName: "Ana", comments: "sin nuez", deliveryType: "pickup" }),
    });
  });

  it("requires a name", () => {
    expect(errorsOf(form({ customerName: "" }))).toEqual({ customerName: "Por favor ingresa tu nombre." });
    expect(errorsOf(form({ customerName: "   " }))).toEqual({ customerName: ORDER_MESSAGES.name });
  });

  it("limits the name to 80 characters", () => {
    expect(errorsOf(form({ customerName: "a".repeat(80) }))).toEqual({});
    expect(errorsOf(form({ customerName: "a".repeat(81) }))).toEqual({
      customerName: ORDER_MESSAGES.nameTooLong,
    });
  });

  it("takes an empty phone, or exactly 10 digits", () => {
    const message = "El teléfono debe tener 10 dígitos (formato mexicano, solo números).";
    expect(errorsOf(form({ customerPhone: "" }))).toEqual({});
    expect(errorsOf(form({ customerPhone: "4491234567" }))).toEqual({});
    expect(errorsOf(form({ customerPhone: "449123456" }))).toEqual({ customerPhone: message });
    expect(errorsOf(form({ customerPhone: "44912345678" }))).toEqual({ customerPhone: message });
    expect(errorsOf(form({ customerPhone: "449-123-456" }))).toEqual({ customerPhone: message });
  });

  it("strips typed phone input to digits, at most 10", () => {
    expect(normalizePhoneInput("(449) 123-45 67 89")).toBe("4491234567");
    expect(normalizePhoneInput("abc")).toBe("");
  });

  it("requires an address for delivery only", () => {
    expect(errorsOf(form({ deliveryType: "delivery", address: "" }))).toEqual({
      address: "Por favor ingresa tu dirección.",
    });
    expect(errorsOf(form({ deliveryType: "delivery", address: "   " }))).toEqual({
      address: ORDER_MESSAGES.address,
    });
    expect(errorsOf(form({ deliveryType: "delivery", address: "Madero 12" }))).toEqual({});
    expect(errorsOf(form({ deliveryType: "pickup", address: "" }))).toEqual({});
  });

  it("keeps a delivery's address and drops one typed before choosing pickup, whatever its length", () => {
    const delivery = parseOrderForm(form({ deliveryType: "delivery", address: " Madero 12 " }));
    expect(delivery).toMatchObject({ success: true, data: { address: "Madero 12" } });
    const pickup = parseOrderForm(form({ deliveryType: "pickup", address: "Madero 12" }));
    expect(pickup).toMatchObject({ success: true, data: { deliveryType: "pickup", address: "" } });
    expect(errorsOf(form({ deliveryType: "pickup", address: "x".repeat(301) }))).toEqual({});
    expect(deliveryAddress({ deliveryType: "pickup", address: "Madero 12" })).toBe("");
    expect(deliveryAddress({ deliveryType: "delivery", address: "Madero 12" })).toBe("Madero 12");
  });

  it("reports every bad field at once", () => {
    expect(
      errorsOf(form({ customerName: "", customerPhone: "123", deliveryType: "delivery", address: "" })),
    ).toEqual({
      customerName: ORDER_MESSAGES.name,
      customerPhone: ORDER_MESSAGES.phone,
      address: ORDER_MESSAGES.address,
    });
  });

  it("limits comments to 300 characters", () => {
    expect(errorsOf(form({ comments: "x".repeat(300) }))).toEqual({});
    expect(errorsOf(form({ comments: "x".repeat(301) }))).toEqual({ comments: ORDER_MESSAGES.comments });
  });

  it("limits the address to 300 characters", () => {
    expect(errorsOf(form({ deliveryType: "delivery", address: "x".repeat(300) }))).toEqual({});
    expect(errorsOf(form({ deliveryType: "delivery", address: "x".repeat(301) }))).toEqual({
      address: ORDER_MESSAGES.addressTooLong,
    });
  });

  it("only knows pickup and delivery", () => {
    expect(errorsOf(form({ deliveryType: "drone" as "pickup" }))).toEqual({
      deliveryType: ORDER_MESSAGES.deliveryType,
    });
  });

  it("needs at least one line, with positive quantities in thousandths at most", () => {
    expect(errorsOf(form({ lines: [] }))).toEqual({ lines: ORDER_MESSAGES.emptyCart });
    expect(errorsOf(form({ lines: [{ productId: "a", variation: "", quantity: 1 }] }))).toEqual({});
    expect(errorsOf(form({ lines: [{ productId: "a", variation: "", quantity: 0 }] }))).toEqual({
      lines: ORDER_MESSAGES.quantity,
    });
    // 0.75 kg is a well-formed line (issue 16); whether it fits the product's step is the server's.
    expect(errorsOf(form({ lines: [{ productId: "a", variation: "", quantity: 0.75 }] }))).toEqual({});
    expect(errorsOf(form({ lines: [{ productId: "a", variation: "", quantity: 1.2345 }] }))).toEqual({
      lines: ORDER_MESSAGES.quantity,
    });
    expect(errorsOf(form({ lines: [{ productId: "a", variation: "", quantity: -2 }] }))).toEqual({
      lines: ORDER_MESSAGES.quantity,
    });
  });

  it("refuses a missing or malformed idempotency key with the generic order error", () => {
    expect(errorsOf(form({ idempotencyKey: "" }))).toEqual({ form: ORDER_MESSAGES.failure });
    expect(errorsOf(form({ idempotencyKey: "a b c d e f g h" }))).toEqual({ form: ORDER_MESSAGES.failure });
  });

  it("keeps the spec's messages verbatim", () => {
    expect(ORDER_MESSAGES.unavailable).toBe(
      "Este producto ya no está disponible y ha sido removido de la lista.",
    );
    expect(ORDER_MESSAGES.failure).toBe("Hubo un error al realizar el pedido. Intenta de nuevo.");
    expect(ORDER_MESSAGES.lookupNotFound).toBe("No se encontró una orden con ese número.");
    expect(ORDER_MESSAGES.lookupError).toBe("Error buscando la orden. Intenta de nuevo.");
  });
});
