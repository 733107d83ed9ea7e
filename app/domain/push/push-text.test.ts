import { describe, expect, it } from "vitest";
import { newOrderPush, PENDING_ORDERS_URL, restockPush, testPush } from "./push-text";

describe("an order's notification", () => {
  it("says who ordered, how much and how, and opens the pending orders", () => {
    expect(
      newOrderPush({
        number: "K7QM-3XRT-9HNPW",
        customerName: "  Ana María López ",
        total: 245.5,
        deliveryType: "pickup",
      }),
    ).toEqual({
      title: "Nuevo pedido",
      body: "Nuevo pedido · Ana · $245.50 · Para recoger",
      tag: "pedido-K7QM-3XRT-9HNPW",
      url: "/i/admin?tab=ordenes_pendientes",
    });
    expect(
      newOrderPush({ number: "A", customerName: "Luis", total: 60, deliveryType: "delivery" }).body,
    ).toBe("Nuevo pedido · Luis · $60.00 · A domicilio");
  });

  it("one tag per order, so a retried push replaces itself", () => {
    const order = { customerName: "Ana", total: 10, deliveryType: "pickup" as const };
    expect(newOrderPush({ ...order, number: "AAAA" }).tag).toBe(
      newOrderPush({ ...order, number: "AAAA" }).tag,
    );
    expect(newOrderPush({ ...order, number: "AAAA" }).tag).not.toBe(
      newOrderPush({ ...order, number: "BBBB" }).tag,
    );
  });

  it("the test notification says what it is and is never merged with an earlier one", () => {
    const push = testPush();
    expect(push).toMatchObject({
      title: "Notificación de prueba",
      body: "Así te avisaremos de cada pedido nuevo.",
      url: PENDING_ORDERS_URL,
    });
    expect(push.tag).toMatch(/^prueba-\d+$/);
  });
});

describe("a shopper's Avísame notification", () => {
  const facts = {
    storeId: "la-espiga",
    productId: "concha",
    storeName: "Panadería La Espiga",
    productName: "Concha de vainilla",
    url: "https://tianguis.mx/la-espiga/p/concha",
  };

  it("says what is back and where, and opens the product's page", () => {
    expect(restockPush(facts)).toEqual({
      title: "Ya hay Concha de vainilla",
      body: "En Panadería La Espiga. Te avisamos una sola vez: toca para verlo.",
      tag: "avisame-la-espiga-concha",
      url: "https://tianguis.mx/la-espiga/p/concha",
    });
  });

  it("one tag per store and product", () => {
    expect(restockPush({ ...facts, productId: "oreja" }).tag).not.toBe(restockPush(facts).tag);
    expect(restockPush({ ...facts, storeId: "otra" }).tag).not.toBe(restockPush(facts).tag);
  });
});
