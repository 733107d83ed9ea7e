import { describe, expect, it } from "vitest";
import { isPosterSize, POSTER_SIZES, shareTexts } from "./share-links";

describe("what a store shares", () => {
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
