// Draws the app's icons from the brand mark (app/components/brand.tsx) with sharp: the PWA's
// 192 and 512 px icons, their maskable versions (the mark inside the safe zone on the brand
// colour) and the 180 px Apple touch icon. Run `node scripts/make-icons.mjs` after changing the mark.
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const out = path.join(root, "public", "icons");
const BRAND = "#ea580c";
const MARK = (rounded) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="${rounded ? 14 : 0}" fill="${BRAND}"/><path d="M12 26 32 12l20 14v4H12z" fill="#fff"/><rect x="16" y="32" width="32" height="20" rx="3" fill="#fde68a"/><path d="M16 32h8v6a4 4 0 0 1-8 0zm8 0h8v6a4 4 0 0 1-8 0zm8 0h8v6a4 4 0 0 1-8 0zm8 0h8v6a4 4 0 0 1-8 0z" fill="#fff" stroke="${BRAND}" stroke-width="1.5"/></svg>`;

await mkdir(out, { recursive: true });
for (const size of [192, 512]) {
  await sharp(Buffer.from(MARK(true)), { density: 600 })
    .resize(size, size)
    .png()
    .toFile(path.join(out, `icon-${size}.png`));
  // Maskable: the whole square is the brand colour; the mark sits in the central 80 % safe zone.
  const inner = Math.round(size * 0.72);
  const mark = await sharp(Buffer.from(MARK(false)), { density: 600 })
    .resize(inner, inner)
    .png()
    .toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background: BRAND } })
    .composite([{ input: mark, gravity: "center" }])
    .png()
    .toFile(path.join(out, `maskable-${size}.png`));
}
await sharp(Buffer.from(MARK(false)), { density: 600 })
  .resize(180, 180)
  .png()
  .toFile(path.join(out, "apple-touch-icon.png"));
console.log(`icons written to ${path.relative(root, out)}`);
