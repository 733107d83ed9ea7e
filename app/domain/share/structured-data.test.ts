import { describe, expect, it } from "vitest";
import { productJsonLd, storeJsonLd } from "./structured-data";

describe("structured data for search engines", () => {
  const store = {
    url: "https://tianguis.mx/la-espiga",
    name: "La Espiga",
    description: "Pan dulce",
    image: "https://tianguis.mx/i/og/tienda/la-espiga/v1.jpg",
    phone: "4491234567",
    city: { name: "Aguascalientes", state: "Aguascalientes" },
  };

  it("describes a store in its Mexican city, with the phone it publishes", () => {
    expect(storeJsonLd(store)).toEqual({
      "@context": "https://schema.org",
      "@type": "Store",
      name: "La Espiga",
      url: "https://tianguis.mx/la-espiga",
      image: "https://tianguis.mx/i/og/tienda/la-espiga/v1.jpg",
      description: "Pan dulce",
      telephone: "4491234567",
      address: {
        "@type": "PostalAddress",
        addressLocality: "Aguascalientes",
        addressRegion: "Aguascalientes",
        addressCountry: "MX",
      },
    });
  });

  it("leaves out what the store has not given: description, phone, city", () => {
    const bare = storeJsonLd({ ...store, description: "", phone: null, city: null });
    expect(Object.keys(bare).sort()).toEqual(["@context", "@type", "image", "name", "url"]);
  });

  const product = {
    url: "https://tianguis.mx/la-espiga/p/concha",
    id: "concha",
    name: "Concha",
    description: "De vainilla",
    price: 14,
    image: "https://tianguis.mx/media/product-images/la-espiga/x.webp",
    available: true,
    storeName: "La Espiga",
    storeUrl: "https://tianguis.mx/la-espiga",
  };

  it("describes a product with an offer in pesos, two decimals, sold by its store", () => {
    expect(productJsonLd(product)).toEqual({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Concha",
      sku: "concha",
      image: ["https://tianguis.mx/media/product-images/la-espiga/x.webp"],
      description: "De vainilla",
      offers: {
        "@type": "Offer",
        url: "https://tianguis.mx/la-espiga/p/concha",
        price: "14.00",
        priceCurrency: "MXN",
        availability: "https://schema.org/InStock",
        seller: { "@type": "Store", name: "La Espiga", url: "https://tianguis.mx/la-espiga" },
      },
    });
  });

  it("says when a product is out of stock, and has no description when it has none", () => {
    const out = productJsonLd({ ...product, available: false, description: "" });
    expect(out.offers.availability).toBe("https://schema.org/OutOfStock");
    expect(out).not.toHaveProperty("description");
  });
});
