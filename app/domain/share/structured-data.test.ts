import { describe, expect, it } from "vitest";
import { EMPTY_HOURS } from "~/domain/stores/opening-hours";
import { hoursJsonLd, productJsonLd, storeJsonLd } from "./structured-data";

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

  it("gives the street where orders are picked up, in the store's city, when the owner wrote it", () => {
    expect(
      storeJsonLd({ ...store, streetAddress: "Calle Juan de Montoro 214, Zona Centro" }).address,
    ).toEqual({
      "@type": "PostalAddress",
      streetAddress: "Calle Juan de Montoro 214, Zona Centro",
      addressLocality: "Aguascalientes",
      addressRegion: "Aguascalientes",
      addressCountry: "MX",
    });
    expect(storeJsonLd({ ...store, streetAddress: "" }).address).not.toHaveProperty("streetAddress");
    expect(storeJsonLd({ ...store, city: null, streetAddress: "Madero 12" }).address).toEqual({
      "@type": "PostalAddress",
      streetAddress: "Madero 12",
      addressCountry: "MX",
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

const hoursStore = {
  url: "https://tianguis.mx/la-espiga",
  name: "Panadería La Espiga",
  description: "",
  image: "https://tianguis.mx/i/og/tienda/la-espiga/v1.jpg",
  phone: null,
  city: null,
};

describe("opening hours in a store's JSON-LD", () => {
  it("groups the weekdays that share a range, keeps a range past midnight as it is", () => {
    const weekly = [
      [],
      [{ open: "08:00", close: "14:00" }],
      [{ open: "08:00", close: "14:00" }],
      [],
      [],
      [],
      [],
    ];
    weekly[5] = [
      { open: "08:00", close: "14:00" },
      { open: "19:00", close: "02:00" },
    ];
    expect(hoursJsonLd({ weekly, exceptions: [] }, "2026-11-25")).toEqual({
      openingHoursSpecification: [
        {
          "@type": "OpeningHoursSpecification",
          dayOfWeek: ["https://schema.org/Monday", "https://schema.org/Tuesday", "https://schema.org/Friday"],
          opens: "08:00",
          closes: "14:00",
        },
        {
          "@type": "OpeningHoursSpecification",
          dayOfWeek: "https://schema.org/Friday",
          opens: "19:00",
          closes: "02:00",
        },
      ],
    });
  });

  it("gives exceptions from today on, a closed day as 00:00–00:00, and drops past ones", () => {
    const hours = {
      ...EMPTY_HOURS,
      exceptions: [
        { date: "2026-12-25", ranges: [] },
        { date: "2026-11-01", ranges: [] },
        { date: "2026-12-24", ranges: [{ open: "09:00", close: "13:00" }] },
      ],
    };
    expect(hoursJsonLd(hours, "2026-11-25")).toEqual({
      specialOpeningHoursSpecification: [
        {
          "@type": "OpeningHoursSpecification",
          validFrom: "2026-12-24",
          validThrough: "2026-12-24",
          opens: "09:00",
          closes: "13:00",
        },
        {
          "@type": "OpeningHoursSpecification",
          validFrom: "2026-12-25",
          validThrough: "2026-12-25",
          opens: "00:00",
          closes: "00:00",
        },
      ],
    });
  });

  it("names every day of the week as schema.org does, and keeps an exception dated today", () => {
    const weekly = Array.from({ length: 7 }, (_, day) => [{ open: `0${day}:00`, close: "23:00" }]);
    const hours = { weekly, exceptions: [{ date: "2026-11-25", ranges: [] }] };
    const json = hoursJsonLd(hours, "2026-11-25") as {
      openingHoursSpecification: { dayOfWeek: string }[];
      specialOpeningHoursSpecification: { validFrom: string }[];
    };
    expect(json.openingHoursSpecification.map((spec) => spec.dayOfWeek)).toEqual(
      ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"].map(
        (day) => `https://schema.org/${day}`,
      ),
    );
    expect(json.specialOpeningHoursSpecification.map((spec) => spec.validFrom)).toEqual(["2026-11-25"]);
  });

  it("says nothing of hours for a store that set none", () => {
    expect(
      storeJsonLd({ ...hoursStore, hours: { openingHours: EMPTY_HOURS, today: "2026-11-25" } }),
    ).not.toHaveProperty("openingHoursSpecification");
    expect(hoursJsonLd(null, "2026-11-25")).toEqual({});
  });
});
