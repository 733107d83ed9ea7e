/**
 * Pictures for the demo marketplace, drawn at seed time from the SVG illustrations of
 * `demo-pictures.ts` (no binary files in the repository, nothing downloaded). They go through
 * the same checks, re-encoding and storage driver as an owner's upload.
 */
import sharp from "sharp";
import type { ImageKind } from "~/domain/images/image-urls";
import { deleteImage, storeImage } from "~/domain/images/store-image.server";
import type { ImageStorage } from "~/domain/images/storage.server";
import type { DemoStore } from "./demo-marketplace";
import { logoPictureSvg, productPictureSvg } from "./demo-pictures";

/** An SVG drawing as a PNG, the kind of file an owner's phone would upload. */
export async function drawDemoImage(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
}

/** The product's drawing on its store's background colour. */
export function demoProductSvg(store: DemoStore, product: DemoStore["products"][number]): string {
  return productPictureSvg(product.picture, store.settings.backgroundColor);
}

/** The store's logo: its signature drawing framed in its two colours. */
export function demoLogoSvg(store: DemoStore): string {
  return logoPictureSvg(store.logo, store.settings.primaryColor, store.settings.secondaryColor);
}

/**
 * Draws and stores demo images; `keys` lists everything stored so far so that a failed seed
 * can remove it again (`removeAll`).
 */
export function demoImageMaker(storage: ImageStorage) {
  const keys: string[] = [];
  return {
    keys,
    async make(kind: ImageKind, storeId: string, svg: string): Promise<string> {
      const bytes = await drawDemoImage(svg);
      const { key } = await storeImage(storage, { kind, storeId, bytes });
      keys.push(key);
      return key;
    },
    async removeAll() {
      await Promise.all(keys.map((key) => deleteImage(storage, key)));
    },
  };
}
