/**
 * schema.org JSON-LD for store and product pages (Google's rich-result rules as the reference):
 * a `Store` with its city, and a `Product` with an `Offer` in MXN. The phone appears only when the
 * owner publishes it (shoppers confirm over WhatsApp).
 */
type StoreFacts = {
  url: string;
  name: string;
  description: string;
  image: string;
  phone: string | null;
  city: { name: string; state: string } | null;
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
    ...(store.city
      ? {
          address: {
            "@type": "PostalAddress",
            addressLocality: store.city.name,
            addressRegion: store.city.state,
            addressCountry: "MX",
          },
        }
      : {}),
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
