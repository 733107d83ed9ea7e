/**
 * Pictures for the demo marketplace, drawn at seed time (no binary files in the repository):
 * a gradient in the store's colours, a shape and the initial of the product or store. They go
 * through the same checks, re-encoding and storage driver as an owner's upload.
 */
import sharp from "sharp";
import type { ImageKind } from "~/domain/images/image-urls";
import { deleteImage, storeImage } from "~/domain/images/store-image.server";
import type { ImageStorage } from "~/domain/images/storage.server";

const SIZE = 800;

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function shape(variant: number): string {
  switch (variant % 4) {
    case 0:
      return `<circle cx="400" cy="400" r="240" fill="#fff" fill-opacity="0.22"/>`;
    case 1:
      return `<rect x="170" y="170" width="460" height="460" rx="96" fill="#fff" fill-opacity="0.2" transform="rotate(12 400 400)"/>`;
    case 2:
      return `<path d="M400 130 L680 620 L120 620 Z" fill="#fff" fill-opacity="0.2"/>`;
    default:
      return `<circle cx="300" cy="330" r="170" fill="#fff" fill-opacity="0.18"/><circle cx="500" cy="480" r="200" fill="#fff" fill-opacity="0.18"/>`;
  }
}

/** A square PNG: gradient from → to, a shape chosen by `variant`, and one letter. */
export async function drawDemoImage(input: {
  label: string;
  from: string;
  to: string;
  variant: number;
}): Promise<Buffer> {
  const letter = escapeXml([...input.label.trim()][0]?.toUpperCase() ?? "T");
  const angle = (input.variant * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
  <defs><linearGradient id="g" gradientTransform="rotate(${angle} 0.5 0.5)">
    <stop offset="0" stop-color="${input.from}"/><stop offset="1" stop-color="${input.to}"/>
  </linearGradient></defs>
  <rect width="${SIZE}" height="${SIZE}" fill="url(#g)"/>
  ${shape(input.variant)}
  <text x="400" y="400" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="300" font-weight="700"
    fill="#ffffff" text-anchor="middle" dominant-baseline="central">${letter}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
}

/**
 * Draws and stores demo images; `keys` lists everything stored so far so that a failed seed
 * can remove it again (`removeAll`).
 */
export function demoImageMaker(storage: ImageStorage) {
  const keys: string[] = [];
  return {
    keys,
    async make(
      kind: ImageKind,
      storeId: string,
      drawing: Parameters<typeof drawDemoImage>[0],
    ): Promise<string> {
      const bytes = await drawDemoImage(drawing);
      const { key } = await storeImage(storage, { kind, storeId, bytes });
      keys.push(key);
      return key;
    },
    async removeAll() {
      await Promise.all(keys.map((key) => deleteImage(storage, key)));
    },
  };
}
