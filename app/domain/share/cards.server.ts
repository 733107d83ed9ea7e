/**
 * Link-preview cards (Open Graph images): 1200×630 JPEG, because WhatsApp and other apps do not
 * reliably show WebP previews. Drawn with sharp; text is set by Pango with the Open Sans files
 * the `open-sans-fonts` package ships, so a machine without system fonts draws the same card.
 */
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import sharp, { type OverlayOptions } from "sharp";
import { readableOn, safeColour } from "~/domain/stores/store-theme";
import { CARD_HEIGHT, CARD_WIDTH } from "./og-tags";

/** Bump when the drawing changes, so every card's URL changes with it. */
const CARD_DESIGN = 1;
const BRAND = "#ea580c";
const BRAND_LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#ea580c"/><path d="M12 26 32 12l20 14v4H12z" fill="#fff"/><rect x="16" y="32" width="32" height="20" rx="3" fill="#fde68a"/><path d="M16 32h8v6a4 4 0 0 1-8 0zm8 0h8v6a4 4 0 0 1-8 0zm8 0h8v6a4 4 0 0 1-8 0zm8 0h8v6a4 4 0 0 1-8 0z" fill="#fff" stroke="#ea580c" stroke-width="1.5"/></svg>`;

const fontFile = (() => {
  const require = createRequire(import.meta.url);
  return {
    bold: require.resolve("open-sans-fonts/open-sans/Bold/OpenSans-Bold.ttf"),
    regular: require.resolve("open-sans-fonts/open-sans/Regular/OpenSans-Regular.ttf"),
  };
})();
export const FONT_FILES = fontFile;

/** A short fingerprint of what a card shows: its URL changes when the picture does. */
export function cardVersion(...parts: unknown[]): string {
  return createHash("sha256")
    .update(JSON.stringify([CARD_DESIGN, ...parts]))
    .digest("base64url")
    .slice(0, 12);
}

export type CardContent = {
  background: string;
  title: string;
  subtitle?: string;
  footer: string;
  /** A square picture at the left (a store's logo); any format sharp reads. */
  logo?: Buffer | null;
  /** A photo that fills the right half (a product's photo). */
  photo?: Buffer | null;
};

const escapeMarkup = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

type TextStyle = { size: number; colour: string; width: number; bold: boolean };

async function renderText(text: string, { size, colour, width, bold }: TextStyle) {
  return sharp({
    text: {
      text: `<span foreground="${colour}">${escapeMarkup(text)}</span>`,
      font: `Open Sans ${bold ? "Bold" : ""} ${size}`,
      fontfile: bold ? fontFile.bold : fontFile.regular,
      width,
      wrap: "word-char",
      rgba: true,
      dpi: 72,
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
}

/** At most `lines` lines of text: a long name ends in "…", never runs over the footer. */
async function textLayer(text: string, style: TextStyle & { lines: number }) {
  const oneLine = (await renderText("Ág", style)).info.height;
  let shown = text;
  for (;;) {
    const { data, info } = await renderText(shown, style);
    // Each added line adds about one line's height; allow for rounding.
    if (info.height < oneLine * (style.lines + 0.5) || shown.length <= 1) {
      return { input: data, height: info.height };
    }
    shown = `${shown.slice(0, Math.floor(shown.length * 0.85)).trimEnd()}…`;
  }
}

async function roundedSquare(image: Buffer, size: number, background: string) {
  const mask = Buffer.from(
    `<svg width="${size}" height="${size}"><rect width="${size}" height="${size}" rx="${size / 8}" fill="#fff"/></svg>`,
  );
  return sharp(image)
    .resize(size, size, { fit: "contain", background })
    .flatten({ background })
    .composite([{ input: mask, blend: "dest-in" }])
    .png()
    .toBuffer();
}

export async function renderCard(content: CardContent): Promise<Buffer> {
  const background = safeColour(content.background, BRAND);
  const ink = readableOn(background);
  const photoWidth = content.photo ? CARD_HEIGHT : 0;
  const logoSize = content.logo ? 240 : 0;
  const left = 72 + (logoSize ? logoSize + 56 : 0);
  const textWidth = CARD_WIDTH - photoWidth - left - 64;
  const layers: OverlayOptions[] = [];

  if (content.photo) {
    const photo = await sharp(content.photo)
      .resize(photoWidth, CARD_HEIGHT, { fit: "cover" })
      .flatten({ background: "#ffffff" })
      .png()
      .toBuffer();
    layers.push({ input: photo, left: CARD_WIDTH - photoWidth, top: 0 });
  }
  if (content.logo) {
    const logo = await roundedSquare(content.logo, logoSize, "#ffffff");
    layers.push({ input: logo, left: 72, top: Math.round((CARD_HEIGHT - logoSize) / 2) - 20 });
  }
  const title = await textLayer(content.title, {
    size: content.photo ? 54 : 64,
    colour: ink,
    width: textWidth,
    bold: true,
    lines: 3,
  });
  const subtitle = content.subtitle
    ? await textLayer(content.subtitle, { size: 34, colour: ink, width: textWidth, bold: false, lines: 2 })
    : null;
  const blockHeight = title.height + (subtitle ? 24 + subtitle.height : 0);
  let top = Math.max(48, Math.round((CARD_HEIGHT - blockHeight) / 2) - 20);
  layers.push({ input: title.input, left, top });
  top += title.height + 24;
  if (subtitle) layers.push({ input: subtitle.input, left, top });

  const brandMark = await sharp(Buffer.from(BRAND_LOGO_SVG)).resize(44, 44).png().toBuffer();
  const footer = await textLayer(content.footer, {
    size: 26,
    colour: ink,
    width: CARD_WIDTH - photoWidth - 72 - 64 - 60,
    bold: false,
    lines: 1,
  });
  layers.push({ input: brandMark, left: 72, top: CARD_HEIGHT - 44 - 40 });
  layers.push({
    input: footer.input,
    left: 72 + 60,
    top: CARD_HEIGHT - 40 - 22 - Math.round(footer.height / 2),
  });

  return sharp({ create: { width: CARD_WIDTH, height: CARD_HEIGHT, channels: 3, background } })
    .composite(layers)
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}

/** The brand card of the landing page. */
export function renderBrandCard(): Promise<Buffer> {
  return renderCard({
    background: BRAND,
    title: "Compra local, directo a quien lo hace",
    subtitle: "Tiendas en línea para negocios locales de México",
    footer: "Tianguis",
    logo: Buffer.from(BRAND_LOGO_SVG),
  });
}
