/**
 * The image lifecycle: an upload becomes a main WebP and its thumbnails under a fresh key;
 * replacing or deleting an image removes all of its files.
 */
import type { Logger } from "~/lib/logger.server";
import { AppError } from "~/lib/errors";
import { newImageKey } from "./image-keys";
import { IMAGE_MESSAGES } from "./image-messages";
import { thumbnailKey, THUMBNAIL_WIDTHS, type ImageKind } from "./image-urls";
import { processImage } from "./process-image.server";
import type { ImageStorage } from "./storage.server";

const WEBP = "image/webp";

/** Every storage key that belongs to an image: the main file and each thumbnail. */
export function imageFileKeys(key: string): string[] {
  return [key, ...THUMBNAIL_WIDTHS.map((width) => thumbnailKey(key, width))];
}

/**
 * Checks, re-encodes and stores an uploaded image for a store; returns its new key. A refused
 * file throws AppError (UNPROCESSABLE or TOO_LARGE) with the Spanish message and nothing is stored; if storage
 * fails half-way, whatever was written is removed again.
 */
export async function storeImage(
  storage: ImageStorage,
  input: { kind: ImageKind; storeId: string; bytes: Uint8Array },
  logger?: Logger,
): Promise<{ key: string; width: number; height: number }> {
  const processed = await processImage(input.bytes);
  const key = newImageKey(input.kind, input.storeId);
  const files = [
    { key, body: processed.main.body },
    ...processed.thumbnails.map((thumbnail) => ({
      key: thumbnailKey(key, thumbnail.width),
      body: thumbnail.body,
    })),
  ];
  try {
    await Promise.all(files.map((file) => storage.put(file.key, file.body, WEBP)));
  } catch (error) {
    await deleteImage(storage, key, logger);
    throw new AppError("SERVICE_UNAVAILABLE", IMAGE_MESSAGES.storageFailed, {
      internal: `image storage failed for ${key}`,
      cause: error,
    });
  }
  return { key, width: processed.main.width, height: processed.main.height };
}

/**
 * Deletes an image and its thumbnails. Never throws: a file left behind is logged, and the
 * owner's save (a new logo, a deleted product) still goes through.
 */
export async function deleteImage(
  storage: ImageStorage,
  key: string | null | undefined,
  logger?: Logger,
): Promise<void> {
  if (!key) return;
  await Promise.all(
    imageFileKeys(key).map(async (fileKey) => {
      try {
        await storage.delete(fileKey);
      } catch (error) {
        if (logger) logger.warn("image file not deleted", { key: fileKey, error });
        else console.warn("image file not deleted", fileKey, error);
      }
    }),
  );
}
