import { describe, expect, it } from "vitest";
import { PENDING_ORDERS_URL, restockPush, testPush } from "./push-text";

describe("the test notification", () => {
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
