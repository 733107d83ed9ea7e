import { describe, expect, it } from "vitest";
import { productAddress, productHomeUrl, productPath, storeAddress, storeHomeUrl } from "./store-links";

describe("the addresses a store shares", () => {
  it("a store lives at <origin>/<storeId> and a product at /<storeId>/p/<productId>", () => {
    expect(storeAddress("https://tianguis.mx", "la-espiga")).toBe("https://tianguis.mx/la-espiga");
    expect(productPath("la-espiga", "concha")).toBe("/la-espiga/p/concha");
    expect(productAddress("https://tianguis.mx", "la-espiga", "pan de muerto/grande")).toBe(
      "https://tianguis.mx/la-espiga/p/pan%20de%20muerto%2Fgrande",
    );
  });
});

describe("a store's home, on the platform or on its own domain", () => {
  it("is the root of its own domain, where a product is /p/<id>", () => {
    const own = { origin: "https://pedidos.espiga.mx", ownDomain: true };
    expect(storeHomeUrl(own, "la-espiga")).toBe("https://pedidos.espiga.mx/");
    expect(productHomeUrl(own, "la-espiga", "pan de muerto")).toBe(
      "https://pedidos.espiga.mx/p/pan%20de%20muerto",
    );
  });

  it("is the store's address on the platform otherwise", () => {
    const platform = { origin: "https://tianguis.mx", ownDomain: false };
    expect(storeHomeUrl(platform, "la-espiga")).toBe(storeAddress("https://tianguis.mx", "la-espiga"));
    expect(productHomeUrl(platform, "la-espiga", "concha")).toBe(
      productAddress("https://tianguis.mx", "la-espiga", "concha"),
    );
  });
});
