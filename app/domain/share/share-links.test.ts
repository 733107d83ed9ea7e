import { describe, expect, it } from "vitest";
import {
  isPosterSize,
  productHomeUrl,
  storeHomeUrl,
  POSTER_SIZES,
  productAddress,
  productPath,
  shareTexts,
  storeAddress,
} from "./share-links";

describe("the addresses a store shares", () => {
  it("a store lives at <origin>/<storeId> and a product at /<storeId>/p/<productId>", () => {
    expect(storeAddress("https://tianguis.mx", "la-espiga")).toBe("https://tianguis.mx/la-espiga");
    expect(productPath("la-espiga", "concha")).toBe("/la-espiga/p/concha");
    expect(productAddress("https://tianguis.mx", "la-espiga", "pan de muerto/grande")).toBe(
      "https://tianguis.mx/la-espiga/p/pan%20de%20muerto%2Fgrande",
    );
  });

  it("gives ready texts that name the store and end with its address", () => {
    const texts = shareTexts("La Espiga", "https://tianguis.mx/la-espiga");
    expect(texts.whatsapp).toBe(
      "¡Ya puedes pedir en La Espiga desde tu celular! 🛍️ Mira lo que tenemos y haz tu pedido aquí: https://tianguis.mx/la-espiga",
    );
    expect(texts.facebook).toBe(
      "📣 La Espiga ya tiene tienda en línea. Revisa nuestros productos, haz tu pedido para recoger o a domicilio y confírmalo por WhatsApp. Sin apps ni registros: https://tianguis.mx/la-espiga",
    );
  });

  it("prints posters in A4 and half letter only", () => {
    expect(isPosterSize("a4")).toBe(true);
    expect(isPosterSize("media-carta")).toBe(true);
    for (const other of ["carta", "A4", "", "toString", "__proto__", 4, null, ["a4"]])
      expect(isPosterSize(other)).toBe(false);
    expect(POSTER_SIZES.a4.points).toEqual([595.28, 841.89]);
    expect(POSTER_SIZES["media-carta"].points).toEqual([396, 612]);
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
