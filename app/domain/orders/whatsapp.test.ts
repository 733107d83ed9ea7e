import { describe, expect, it } from "vitest";
import { canConfirmOverWhatsapp, paymentText, whatsappOrderText, whatsappOrderUrl } from "./whatsapp";
import type { OrderSummary } from "./order-summary";

const order: OrderSummary = {
  number: "K7QM-3XRT-9HNPW",
  status: "pending",
  createdAt: "2025-01-01T12:00:00.000Z",
  deliveryType: "delivery",
  address: "Madero 12, Centro",
  comments: "Sin nuez",
  total: 448,
  lines: [
    {
      name: "Concha de vainilla",
      variation: "Chocolate",
      choices: [],
      quantity: 2,
      unit: "pieza",
      price: 14,
    },
    { name: "Pastel de tres leches", variation: "", choices: [], quantity: 1, unit: "pieza", price: 420 },
  ],
  step: null,
  cancelReason: "",
  paymentMethod: null,
  cashAmount: null,
  paid: false,
  refunded: false,
  transferReported: false,
  scheduledFor: null,
  discount: 0,
  discounts: [],
  deliveryZone: "",
  deliveryFee: 0,
  tip: 0,
  tipPercent: null,
};

describe("WhatsApp confirmation", () => {
  it("gives the delivery fee and a scheduled order's time", () => {
    const text = whatsappOrderText(
      { ...order, deliveryFee: 35, deliveryZone: "Centro", scheduledFor: "2026-11-24T15:00:00.000Z" },
      "Panadería La Espiga",
      "Ana",
    );
    expect(text).toContain("Envío (Centro): $35.00");
    expect(text).toContain("Para: 24 de noviembre de 2026 a las 9:00");
  });

  it("gives each discount its own line, before the delivery and the total", () => {
    const text = whatsappOrderText(
      {
        ...order,
        total: 388.2,
        discount: 59.8,
        discounts: [
          { kind: "offer", id: "o", name: "Martes de conchas", amount: 5.6 },
          { kind: "code", id: "c", name: "BIENVENIDA10", amount: 54.2 },
        ],
      },
      "Panadería La Espiga",
      "Ana",
    );
    expect(text).toContain("Oferta Martes de conchas: −$5.60\nCódigo BIENVENIDA10: −$54.20\nTotal: $388.20");
    expect(whatsappOrderText(order, "X", "Ana")).not.toMatch(/Código|Oferta/);
  });

  it("says how the shopper pays and links the tracking page when there is one", () => {
    const text = whatsappOrderText(
      { ...order, paymentMethod: "cash", cashAmount: 500 },
      "Panadería La Espiga",
      "Ana",
      "https://tianguis.mx/s/la-espiga/pedido/K7QM-3XRT-9HNPW",
    );
    expect(text).toContain("Pago: Efectivo (pago con $500.00, cambio $52.00)");
    expect(text).toContain("Sigue tu pedido: https://tianguis.mx/s/la-espiga/pedido/K7QM-3XRT-9HNPW");
    expect(whatsappOrderText(order, "X", "Ana")).not.toContain("Pago:");
  });

  it("gives the tip its own line and 'Total a pagar' with it; the cash's change covers the tip", () => {
    const text = whatsappOrderText(
      { ...order, deliveryFee: 35, tip: 67.2, tipPercent: 15, paymentMethod: "cash", cashAmount: 600 },
      "Panadería La Espiga",
      "Ana",
    );
    expect(text).toContain(
      "Subtotal: $413.00\nEnvío: $35.00\nPropina (15 %): $67.20\nTotal a pagar: $515.20\n",
    );
    expect(text).not.toMatch(/^Total: /m);
    expect(text).toContain("Pago: Efectivo (pago con $600.00, cambio $84.80)");
    const own = whatsappOrderText({ ...order, tip: 20, tipPercent: null }, "X", "Ana");
    expect(own).toContain("Subtotal: $448.00\nPropina: $20.00\nTotal a pagar: $468.00");
  });

  it("writes no tip line for an order without one, exactly as before tips", () => {
    const text = whatsappOrderText(order, "Panadería La Espiga", "Ana");
    expect(text).not.toContain("Propina");
    expect(text).not.toContain("Total a pagar");
    expect(text).not.toContain("Subtotal");
  });

  it("writes the number, lines, total, delivery and name", () => {
    const text = whatsappOrderText(order, "Panadería La Espiga", "Ana");
    expect(text).toContain("K7QM-3XRT-9HNPW");
    expect(text).toContain("• 2 × Concha de vainilla — Chocolate: $28.00");
    expect(text).toContain("• 1 × Pastel de tres leches: $420.00");
    expect(text).toContain("Total: $448.00");
    expect(text).toContain("Entrega: Entrega a domicilio");
    expect(text).toContain("Dirección: Madero 12, Centro");
    expect(text).toContain("Nombre: Ana");
  });

  it("writes an option that has parentheses of its own without nesting them", () => {
    const text = whatsappOrderText(
      {
        ...order,
        lines: [
          {
            name: "Pastel de tres leches",
            variation: "Grande (15 personas)",
            choices: [],
            quantity: 1,
            unit: "pieza",
            price: 420,
          },
        ],
      },
      "La Espiga",
      "Ana",
    );
    expect(text).toContain("• 1 × Pastel de tres leches — Grande (15 personas): $420.00");
    expect(text).not.toMatch(/\([^()]*\(/);
  });

  it("lists a line's choices after its option, with the line's price", () => {
    const text = whatsappOrderText(
      {
        ...order,
        lines: [
          {
            name: "Orden de tacos al pastor",
            variation: "Sin cebolla",
            choices: [
              { group: "Tamaño", kind: "size", options: [{ name: "5 piezas", price: 70 }] },
              {
                group: "Extras",
                kind: "extras",
                options: [
                  { name: "Queso", price: 10 },
                  { name: "Aguacate", price: 15 },
                ],
              },
            ],
            quantity: 2,
            unit: "pieza",
            price: 95,
          },
        ],
      },
      "La Espiga",
      "Ana",
    );
    expect(text).toContain(
      "• 2 × Orden de tacos al pastor — Sin cebolla · Tamaño: 5 piezas · Extras: Queso, Aguacate: $190.00",
    );
  });

  it("writes what is sold by weight or volume with its unit: 0.75 kg de…, 1.5 L de…", () => {
    const text = whatsappOrderText(
      {
        ...order,
        lines: [
          { name: "Queso Oaxaca", variation: "", choices: [], quantity: 0.75, unit: "kg", price: 200 },
          {
            name: "Agua de horchata",
            variation: "Con canela",
            choices: [],
            quantity: 1.5,
            unit: "L",
            price: 40,
          },
          { name: "Miel", variation: "", choices: [], quantity: 1500, unit: "mL", price: 0.2 },
        ],
      },
      "La Espiga",
      "Ana",
    );
    expect(text).toContain("• 0.75 kg de Queso Oaxaca: $150.00");
    expect(text).toContain("• 1.5 L de Agua de horchata — Con canela: $60.00");
    expect(text).toContain("• 1,500 mL de Miel: $300.00");
    expect(text).not.toContain("pieza");
  });

  it("leaves the address out of a pickup order", () => {
    const text = whatsappOrderText({ ...order, deliveryType: "pickup", address: "" }, "La Espiga", "Ana");
    expect(text).not.toContain("Dirección");
    expect(text).toContain("Entrega: Recoger en tienda");
  });

  it("opens wa.me with Mexico's country code and the encoded text", () => {
    expect(whatsappOrderUrl("4491234567", "Hola & adiós")).toBe(
      "https://wa.me/524491234567?text=Hola%20%26%20adi%C3%B3s",
    );
  });

  it("asks for confirmation only when required and the phone has 10 digits", () => {
    expect(canConfirmOverWhatsapp({ requireWhatsappConfirmation: true, phone: "4491234567" })).toBe(true);
    expect(canConfirmOverWhatsapp({ requireWhatsappConfirmation: true, phone: "449123" })).toBe(false);
    expect(canConfirmOverWhatsapp({ requireWhatsappConfirmation: false, phone: "4491234567" })).toBe(false);
  });

  it("is one message, line by line, with a blank line around the products and before the tracking link", () => {
    const text = whatsappOrderText(
      { ...order, deliveryFee: 35, paymentMethod: "card" },
      "Panadería La Espiga",
      "Ana",
      "https://tianguis.mx/s/la-espiga/pedido/K7QM-3XRT-9HNPW",
    );
    expect(text).toBe(
      [
        "¡Hola, Panadería La Espiga! Quiero confirmar mi pedido K7QM-3XRT-9HNPW.",
        "",
        "• 2 × Concha de vainilla — Chocolate: $28.00",
        "• 1 × Pastel de tres leches: $420.00",
        "",
        "Envío: $35.00",
        "Total: $448.00",
        "Entrega: Entrega a domicilio",
        "Dirección: Madero 12, Centro",
        "Comentarios: Sin nuez",
        "Pago: Tarjeta al recibir",
        "Nombre: Ana",
        "",
        "Sigue tu pedido: https://tianguis.mx/s/la-espiga/pedido/K7QM-3XRT-9HNPW",
      ].join("\n"),
    );
  });

  it("leaves out what the order does not have: a fee, a time, comments, payment, a tracking link", () => {
    const text = whatsappOrderText(
      { ...order, deliveryType: "pickup", address: "", comments: "" },
      "La Espiga",
      "Ana",
    );
    expect(text.split("\n")).toEqual([
      "¡Hola, La Espiga! Quiero confirmar mi pedido K7QM-3XRT-9HNPW.",
      "",
      "• 2 × Concha de vainilla — Chocolate: $28.00",
      "• 1 × Pastel de tres leches: $420.00",
      "",
      "Total: $448.00",
      "Entrega: Recoger en tienda",
      "Nombre: Ana",
    ]);
  });

  it("names how the shopper pays, and the change only for cash that covers the total", () => {
    expect(paymentText({ paymentMethod: null, cashAmount: null, total: 100 })).toBe("");
    expect(paymentText({ paymentMethod: "transfer", cashAmount: null, total: 100 })).toBe(
      "Transferencia o SPEI",
    );
    expect(paymentText({ paymentMethod: "card", cashAmount: 500, total: 100 })).toBe("Tarjeta al recibir");
    expect(paymentText({ paymentMethod: "cash", cashAmount: null, total: 100 })).toBe("Efectivo");
    expect(paymentText({ paymentMethod: "cash", cashAmount: 50, total: 100 })).toBe("Efectivo");
    expect(paymentText({ paymentMethod: "cash", cashAmount: 100, total: 100 })).toBe(
      "Efectivo (pago con $100.00, cambio $0.00)",
    );
    expect(paymentText({ paymentMethod: "cash", cashAmount: 200, total: 145.5 })).toBe(
      "Efectivo (pago con $200.00, cambio $54.50)",
    );
  });

  it("needs the whole phone to be ten digits", () => {
    for (const phone of ["44912345678", "x4491234567", "4491234567x"])
      expect(canConfirmOverWhatsapp({ requireWhatsappConfirmation: true, phone })).toBe(false);
  });
});
