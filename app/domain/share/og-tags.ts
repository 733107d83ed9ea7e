/**
 * The meta tags of a page's link-preview card (pure: route `meta` functions run in the browser
 * too). The cards themselves are drawn by cards.server.ts.
 */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

export type OgCard = { url: string; alt: string };

/** The meta tags of a page's card: size and alt declared, large summary for Twitter/X. */
export function ogImageTags(card: OgCard) {
  return [
    { property: "og:image", content: card.url },
    { property: "og:image:type", content: "image/jpeg" },
    { property: "og:image:width", content: String(CARD_WIDTH) },
    { property: "og:image:height", content: String(CARD_HEIGHT) },
    { property: "og:image:alt", content: card.alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:image", content: card.url },
    { name: "twitter:image:alt", content: card.alt },
  ];
}
