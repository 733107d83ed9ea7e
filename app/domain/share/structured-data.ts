/**
 * schema.org JSON-LD for store and product pages (Google's rich-result rules as the reference):
 * a `Store` with its street address and city and its opening hours, and a `Product` with an
 * `Offer` in MXN. The phone appears only when the owner publishes it (shoppers confirm over
 * WhatsApp), the street only when the owner wrote where orders are picked up.
 */
import { hasHours, type OpeningHours, type TimeRange } from "~/domain/stores/opening-hours";

const SCHEMA_DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

type StoreFacts = {
  url: string;
  name: string;
  description: string;
  image: string;
  phone: string | null;
  /** The pickup address the owner wrote ("" for none): where shoppers come to the store. */
  streetAddress?: string;
  city: { name: string; state: string } | null;
  /** The store's hours and today's date in its zone, so past exceptions are left out. */
  hours?: { openingHours: OpeningHours | null; today: string };
};

export function storeJsonLd(store: StoreFacts) {
  return {
    "@context": "https://schema.org",
    "@type": "Store",
    name: store.name,
    url: store.url,
    image: store.image,
    ...(store.description ? { description: store.description } : {}),
    ...(store.phone ? { telephone: store.phone } : {}),
    ...(store.city || store.streetAddress
      ? {
          address: {
            "@type": "PostalAddress",
            ...(store.streetAddress ? { streetAddress: store.streetAddress } : {}),
            ...(store.city ? { addressLocality: store.city.name, addressRegion: store.city.state } : {}),
            addressCountry: "MX",
          },
        }
      : {}),
    ...(store.hours ? hoursJsonLd(store.hours.openingHours, store.hours.today) : {}),
  };
}

/**
 * Weekly ranges as `openingHoursSpecification` (days sharing a range grouped; a range past midnight
 * closes earlier than it opens, as Google reads it), and the dated exceptions from today on as
 * `specialOpeningHoursSpecification` (a closed day opens and closes at 00:00).
 */
export function hoursJsonLd(hours: OpeningHours | null, today: string) {
  if (!hasHours(hours)) return {};
  const byRange = new Map<string, { range: TimeRange; days: string[] }>();
  hours.weekly.forEach((ranges, day) => {
    for (const range of ranges) {
      const key = `${range.open}-${range.close}`;
      const entry = byRange.get(key) ?? { range, days: [] };
      entry.days.push(`https://schema.org/${SCHEMA_DAYS[day]}`);
      byRange.set(key, entry);
    }
  });
  const special = hours.exceptions
    .filter((exception) => exception.date >= today)
    .sort((a, b) => a.date.localeCompare(b.date))
    .flatMap(({ date, ranges }) =>
      (ranges.length > 0 ? ranges : [{ open: "00:00", close: "00:00" }]).map((range) => ({
        "@type": "OpeningHoursSpecification",
        validFrom: date,
        validThrough: date,
        opens: range.open,
        closes: range.close,
      })),
    );
  return {
    ...(byRange.size > 0
      ? {
          openingHoursSpecification: [...byRange.values()].map(({ range, days }) => ({
            "@type": "OpeningHoursSpecification",
            dayOfWeek: days.length === 1 ? days[0] : days,
            opens: range.open,
            closes: range.close,
          })),
        }
      : {}),
    ...(special.length > 0 ? { specialOpeningHoursSpecification: special } : {}),
  };
}

type ProductFacts = {
  url: string;
  id: string;
  name: string;
  description: string;
  price: number;
  image: string;
  available: boolean;
  storeName: string;
  storeUrl: string;
};

export function productJsonLd(product: ProductFacts) {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    sku: product.id,
    image: [product.image],
    ...(product.description ? { description: product.description } : {}),
    offers: {
      "@type": "Offer",
      url: product.url,
      price: product.price.toFixed(2),
      priceCurrency: "MXN",
      availability: product.available ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      seller: { "@type": "Store", name: product.storeName, url: product.storeUrl },
    },
  };
}
