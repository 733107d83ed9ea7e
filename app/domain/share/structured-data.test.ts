import { describe, expect, it } from "vitest";
import { EMPTY_HOURS } from "~/domain/stores/opening-hours";
import { hoursJsonLd, storeJsonLd } from "./structured-data";

const store = {
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

  it("says nothing of hours for a store that set none", () => {
    expect(
      storeJsonLd({ ...store, hours: { openingHours: EMPTY_HOURS, today: "2026-11-25" } }),
    ).not.toHaveProperty("openingHoursSpecification");
    expect(hoursJsonLd(null, "2026-11-25")).toEqual({});
  });
});
