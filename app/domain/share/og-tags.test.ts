import { describe, expect, it } from "vitest";
import { CARD_HEIGHT, CARD_WIDTH, ogImageTags } from "./og-tags";

describe("a page's link-preview card", () => {
  it("declares a 1200×630 JPEG with its alt text, as a large Twitter card", () => {
    expect(
      ogImageTags({ url: "https://tianguis.mx/i/og/tienda/la-espiga/v1.jpg", alt: "La Espiga" }),
    ).toEqual([
      { property: "og:image", content: "https://tianguis.mx/i/og/tienda/la-espiga/v1.jpg" },
      { property: "og:image:type", content: "image/jpeg" },
      { property: "og:image:width", content: "1200" },
      { property: "og:image:height", content: "630" },
      { property: "og:image:alt", content: "La Espiga" },
      { name: "twitter:card", content: "summary_large_image" },
      { name: "twitter:image", content: "https://tianguis.mx/i/og/tienda/la-espiga/v1.jpg" },
      { name: "twitter:image:alt", content: "La Espiga" },
    ]);
    expect([CARD_WIDTH, CARD_HEIGHT]).toEqual([1200, 630]);
  });
});
