import { describe, expect, it } from "vitest";
import { INVOICE_MESSAGES } from "~/domain/invoices/invoice-form";
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

  it("takes an empty phone for a pickup, or exactly 10 digits", () => {
    const message = "El teléfono debe tener 10 dígitos (formato mexicano, solo números).";
    expect(errorsOf(form({ customerPhone: "" }))).toEqual({});
    expect(errorsOf(form({ customerPhone: "4491234567" }))).toEqual({});
    expect(errorsOf(form({ customerPhone: "449123456" }))).toEqual({ customerPhone: message });
    expect(errorsOf(form({ customerPhone: "44912345678" }))).toEqual({ customerPhone: message });
    expect(errorsOf(form({ customerPhone: "449-123-456" }))).toEqual({ customerPhone: message });
  });

  it("requires a phone for a delivery, the courier's number to call", () => {
    const delivery = { deliveryType: "delivery", address: "Madero 12" } as const;
    expect(errorsOf(form({ ...delivery, customerPhone: "" }))).toEqual({
      customerPhone: "Para entregar a domicilio necesitamos tu teléfono.",
    });
    expect(errorsOf(form({ ...delivery, customerPhone: "   " }))).toEqual({
      customerPhone: ORDER_MESSAGES.phoneForDelivery,
    });
    expect(errorsOf(form({ ...delivery, customerPhone: "449123" }))).toEqual({
      customerPhone: ORDER_MESSAGES.phone,
    });
    expect(errorsOf(form({ ...delivery, customerPhone: "4491234567" }))).toEqual({});
  });

  it("strips typed phone input to digits, at most 10", () => {
    expect(normalizePhoneInput("(449) 123-45 67 89")).toBe("4491234567");
    expect(normalizePhoneInput("abc")).toBe("");
  });

  it("requires an address for delivery only", () => {
    const phone = "4491234567";
    expect(errorsOf(form({ deliveryType: "delivery", address: "", customerPhone: phone }))).toEqual({
      address: "Por favor ingresa tu dirección.",
    });
    expect(errorsOf(form({ deliveryType: "delivery", address: "   ", customerPhone: phone }))).toEqual({
      address: ORDER_MESSAGES.address,
    });
    expect(errorsOf(form({ deliveryType: "delivery", address: "Madero 12", customerPhone: phone }))).toEqual(
      {},
    );
    expect(errorsOf(form({ deliveryType: "pickup", address: "" }))).toEqual({});
  });

  it("keeps a delivery's address and drops one typed before choosing pickup, whatever its length", () => {
    const delivery = parseOrderForm(
      form({ deliveryType: "delivery", address: " Madero 12 ", customerPhone: "4491234567" }),
    );
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
    const delivery = { deliveryType: "delivery", customerPhone: "4491234567" } as const;
    expect(errorsOf(form({ ...delivery, address: "x".repeat(300) }))).toEqual({});
    expect(errorsOf(form({ ...delivery, address: "x".repeat(301) }))).toEqual({
      address: ORDER_MESSAGES.addressTooLong,
    });
  });

  it("only knows pickup and delivery", () => {
    expect(errorsOf(form({ deliveryType: "drone" as "pickup" }))).toEqual({
      deliveryType: ORDER_MESSAGES.deliveryType,
    });
  });

  it("needs at least one line, and leaves its quantity to the server, which knows the product's unit", () => {
    expect(errorsOf(form({ lines: [] }))).toEqual({ lines: ORDER_MESSAGES.emptyCart });
    const quantityOf = (quantity: unknown) => {
      const result = parseOrderForm(form({ lines: [{ productId: "a", variation: "", quantity } as never] }));
      return result.success ? result.data.lines[0]!.quantity : result.errors;
    };
    expect(quantityOf(1)).toBe(1);
    // 0.75 kg is a well-formed line; whether it fits the product's step is the server's.
    expect(quantityOf(0.75)).toBe(0.75);
    // So are 0, -2 and 1.2345: whether to say "a whole number" or "kilos with decimals" depends
    // on the product (place-order/price.ts refuses them in its unit's words).
    for (const quantity of [0, -2, 1.2345]) expect(quantityOf(quantity)).toBe(quantity);
    // What is not a number reaches pricing as NaN, which no product takes.
    for (const quantity of ["2", null, undefined, {}, [1]]) expect(quantityOf(quantity)).toBeNaN();
  });

  it("refuses a missing or malformed idempotency key with the generic order error", () => {
    expect(errorsOf(form({ idempotencyKey: "" }))).toEqual({ form: ORDER_MESSAGES.failure });
    expect(errorsOf(form({ idempotencyKey: "a b c d e f g h" }))).toEqual({ form: ORDER_MESSAGES.failure });
  });

  it("keeps the fixed messages verbatim", () => {
    expect(ORDER_MESSAGES.unavailable).toBe(
      "Este producto ya no está disponible y ha sido removido de la lista.",
    );
    expect(ORDER_MESSAGES.failure).toBe("Hubo un error al realizar el pedido. Intenta de nuevo.");
    expect(ORDER_MESSAGES.lookupNotFound).toBe("No se encontró una orden con ese número.");
    expect(ORDER_MESSAGES.lookupError).toBe("Error buscando la orden. Intenta de nuevo.");
  });

  it("reads a form with missing or non-text fields as empty ones, each with its message", () => {
    expect(parseOrderForm(null)).toEqual({
      success: false,
      errors: {
        customerName: ORDER_MESSAGES.name,
        deliveryType: ORDER_MESSAGES.deliveryType,
        lines: ORDER_MESSAGES.emptyCart,
        form: ORDER_MESSAGES.failure,
      },
    });
    const numbers = { customerName: 12, customerPhone: 4491234567, comments: 5, idempotencyKey: 123456789 };
    expect(errorsOf({ ...form(), ...numbers } as unknown as OrderFormInput)).toEqual({
      customerName: ORDER_MESSAGES.name,
      form: ORDER_MESSAGES.failure,
    });
    const delivery = {
      ...form({ deliveryType: "delivery", customerPhone: "4491234567" }),
      address: 12,
    } as unknown as OrderFormInput;
    expect(errorsOf(delivery)).toEqual({ address: ORDER_MESSAGES.address });
    const comments = { ...form(), comments: ["sin nuez"] } as unknown as OrderFormInput;
    expect(parseOrderForm(comments)).toMatchObject({ success: true, data: { comments: "" } });
  });

  it("keeps what the shopper typed, trimmed, and each line's product, option and quantity only", () => {
    const parsed = parseOrderForm({
      ...form({ customerPhone: " 4491234567 ", comments: "  sin nuez " }),
      lines: [{ productId: "concha", variation: "Vainilla", quantity: 2, price: 1, name: "Gratis" }],
    });
    expect(parsed).toEqual({
      success: true,
      data: {
        customerName: "Ana López",
        customerPhone: "4491234567",
        deliveryType: "pickup",
        address: "",
        comments: "sin nuez",
        idempotencyKey: "clave-de-prueba-123",
        lines: [{ productId: "concha", variation: "Vainilla", choices: [], quantity: 2 }],
        paymentMethod: null,
        cashAmount: null,
        deliveryZone: "",
        postalCode: "",
        scheduledFor: null,
        couponCode: "",
        // A form that says nothing of a tip (every store before tips, and every shopper by default) has none.
        tip: { kind: "none" },
        invoice: null,
      },
    });
  });

  it("checks a factura's data when one is asked for, its errors under invoice.<field>", () => {
    const invoice = {
      rfc: "gode561231gr8",
      name: "Emilio Gómez Díaz",
      regimenFiscal: "612",
      usoCfdi: "G03",
      postalCode: "06600",
      email: "emilio@example.mx",
    };
    expect(parseOrderForm(form({ invoice }))).toMatchObject({
      success: true,
      data: { invoice: { rfc: "GODE561231GR8", kind: "fisica", name: "EMILIO GÓMEZ DÍAZ" } },
    });
    expect(errorsOf(form({ invoice: { ...invoice, rfc: "XAXX010101000", postalCode: "1" } }))).toEqual({
      "invoice.rfc": INVOICE_MESSAGES.rfcGeneric,
      "invoice.postalCode": INVOICE_MESSAGES.postalCode,
    });
    expect(errorsOf(form({ invoice: {} }))).toMatchObject({ "invoice.rfc": INVOICE_MESSAGES.rfc });
    expect(errorsOf(form({ invoice: null }))).toEqual({});
  });

  it("takes at most 100 lines, each naming a product of up to 64 characters and an option of up to 200", () => {
    const line = (productId: string, variation = "") => ({ productId, variation, quantity: 1 });
    const many = (n: number) => Array.from({ length: n }, (_, i) => line(`p${i}`));
    expect(errorsOf(form({ lines: many(100) }))).toEqual({});
    expect(errorsOf(form({ lines: many(101) }))).toEqual({ lines: ORDER_MESSAGES.failure });
    expect(errorsOf(form({ lines: [line("p".repeat(64), "o".repeat(200))] }))).toEqual({});
    for (const bad of [
      line(""),
      line("p".repeat(65)),
      line("p", "o".repeat(201)),
      { productId: "p", quantity: 1 },
      { productId: 7, variation: "", quantity: 1 },
      { productId: ["concha"], variation: "", quantity: 1 },
      { productId: "p", variation: "", choices: "queso", quantity: 1 },
      { productId: "p", variation: "", choices: [7], quantity: 1 },
      { productId: "p", variation: "", choices: [""], quantity: 1 },
      { productId: "p", variation: "", choices: ["q".repeat(33)], quantity: 1 },
      { productId: "p", variation: "", choices: Array.from({ length: 101 }, (_, i) => `o${i}`), quantity: 1 },
      null,
      "concha",
    ]) {
      expect(errorsOf(form({ lines: [line("ok"), bad as never] }))).toEqual({
        lines: ORDER_MESSAGES.quantity,
      });
    }
    expect(errorsOf({ ...form(), lines: "concha" } as unknown as OrderFormInput)).toEqual({
      lines: ORDER_MESSAGES.emptyCart,
    });
  });

  it("keeps a line's picks as sent, and none for a line saved before choices existed", () => {
    const parsed = parseOrderForm(
      form({
        lines: [
          { productId: "tacos", variation: "", choices: ["p5", "queso", "queso"], quantity: 1 },
          { productId: "pan", variation: "", quantity: 1 },
        ],
      }),
    );
    expect(parsed.success && parsed.data.lines).toEqual([
      { productId: "tacos", variation: "", choices: ["p5", "queso", "queso"], quantity: 1 },
      { productId: "pan", variation: "", choices: [], quantity: 1 },
    ]);
    const hundred = Array.from({ length: 100 }, (_, i) => `o${i}`);
    const longest = ["q".repeat(32), ...hundred.slice(1)];
    expect(
      errorsOf(form({ lines: [{ productId: "p", variation: "", choices: longest, quantity: 1 }] })),
    ).toEqual({});
  });

  it("a key is 8 to 64 letters, digits, hyphens or underscores, and nothing around them", () => {
    for (const key of ["abcd1234", "A_b-".repeat(16)])
      expect(errorsOf(form({ idempotencyKey: key }))).toEqual({});
    for (const key of ["abc1234", "a".repeat(65), " abcd1234", "abcd1234 ", "abcd1234\n", "clave/1234"])
      expect(errorsOf(form({ idempotencyKey: key }))).toEqual({ form: ORDER_MESSAGES.failure });
  });

  it("how the shopper pays: one of the methods, and for cash the amount handed over", () => {
    expect(parseOrderForm(form({ paymentMethod: "transfer", cashAmount: "500" }))).toMatchObject({
      success: true,
      data: { paymentMethod: "transfer", cashAmount: null },
    });
    expect(parseOrderForm(form({ paymentMethod: " cash ", cashAmount: "$1,000.50" }))).toMatchObject({
      success: true,
      data: { paymentMethod: "cash", cashAmount: 1000.5 },
    });
    expect(parseOrderForm(form({ paymentMethod: "cash", cashAmount: "" }))).toMatchObject({
      success: true,
      data: { paymentMethod: "cash", cashAmount: null },
    });
    expect(parseOrderForm(form({ paymentMethod: "cash" }))).toMatchObject({ data: { cashAmount: null } });
    expect(errorsOf(form({ paymentMethod: "cash", cashAmount: "quinientos" }))).toEqual({
      cashAmount: "Escribe una cantidad válida, por ejemplo 500.",
    });
    expect(errorsOf(form({ paymentMethod: "bitcoin" }))).toEqual({
      paymentMethod: "Elige cómo vas a pagar.",
    });
  });

  it("a delivery keeps the zone and postal code chosen, cut to size; a pickup keeps neither", () => {
    const delivery = form({
      deliveryType: "delivery",
      address: "Madero 12",
      customerPhone: "4491234567",
      deliveryZone: ` ${"z".repeat(70)} `,
      postalCode: " 20000-12345 ",
    });
    expect(parseOrderForm(delivery)).toMatchObject({
      data: { deliveryZone: "z".repeat(64), postalCode: "20000-1234" },
    });
    expect(
      parseOrderForm(form({ deliveryType: "delivery", address: "Madero 12", customerPhone: "4491234567" })),
    ).toMatchObject({
      data: { deliveryZone: "", postalCode: "" },
    });
    expect(parseOrderForm(form({ deliveryZone: "centro", postalCode: "20000" }))).toMatchObject({
      data: { deliveryZone: "", postalCode: "" },
    });
  });

  it("a chosen time is a date; anything else is refused", () => {
    expect(parseOrderForm(form({ scheduledFor: "2026-11-24T15:00:00.000Z" }))).toMatchObject({
      data: { scheduledFor: new Date("2026-11-24T15:00:00.000Z") },
    });
    expect(parseOrderForm(form({ scheduledFor: " " }))).toMatchObject({ data: { scheduledFor: null } });
    expect(errorsOf(form({ scheduledFor: "mañana temprano" }))).toEqual({
      scheduledFor: ORDER_MESSAGES.failure,
    });
  });
});
