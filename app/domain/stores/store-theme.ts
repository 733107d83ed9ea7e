/**
 * A store's five colours as CSS custom properties for its page. The owner picks
 * them, so they are checked to be hex colours, and text on the primary colour is black or
 * white, whichever reads better (WCAG contrast).
 */
export type StoreColours = {
  primaryColor: string;
  secondaryColor: string;
  backgroundColor: string;
  panelBackgroundColor: string;
  productBackgroundColor: string;
};

const DEFAULTS: StoreColours = {
  primaryColor: "#2563eb",
  secondaryColor: "#22d3ee",
  backgroundColor: "#f8fafc",
  panelBackgroundColor: "#ffffff",
  productBackgroundColor: "#ffffff",
};

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

export function safeColour(value: string, fallback: string): string {
  return HEX.test(value) ? value : fallback;
}

function channels(hex: string): [number, number, number] {
  const full = hex.length === 4 ? hex.replace(/[0-9a-f]/gi, (c) => c + c).slice(1) : hex.slice(1);
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) / 255) as [number, number, number];
}

export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** Black or white: the one with the higher contrast on the given background. */
export function readableOn(background: string): "#000000" | "#ffffff" {
  return contrastRatio(background, "#ffffff") >= contrastRatio(background, "#000000") ? "#ffffff" : "#000000";
}

export function storeThemeStyle(colours: StoreColours): Record<string, string> {
  const c = Object.fromEntries(
    (Object.keys(DEFAULTS) as (keyof StoreColours)[]).map((key) => [
      key,
      safeColour(colours[key], DEFAULTS[key]),
    ]),
  ) as StoreColours;
  return {
    "--store-primary": c.primaryColor,
    "--store-on-primary": readableOn(c.primaryColor),
    "--store-secondary": c.secondaryColor,
    "--store-on-secondary": readableOn(c.secondaryColor),
    "--store-bg": c.backgroundColor,
    "--store-on-bg": readableOn(c.backgroundColor),
    "--store-panel": c.panelBackgroundColor,
    "--store-on-panel": readableOn(c.panelBackgroundColor),
    "--store-product": c.productBackgroundColor,
    "--store-on-product": readableOn(c.productBackgroundColor),
  };
}
