/**
 * Where image bytes live, behind one interface: local disk under
 * `DATA_DIR/uploads` by default, S3-compatible object storage when `S3_BUCKET` is set.
 * Keys are always server-made (image-keys.ts); drivers still refuse anything path-like.
 */
import path from "node:path";
import type { Env } from "~/lib/env.server";
import type { Logger } from "~/lib/logger.server";
import { createLocalStorage } from "./local-storage.server";
import { createS3Storage } from "./s3-storage.server";

export type StoredObject = { body: Buffer; contentType: string };

export type ImageStorage = {
  readonly driver: "local" | "s3";
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none under that key. */
  get(key: string): Promise<StoredObject | null>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** A public URL (a CDN) to redirect to instead of serving the bytes ourselves, if configured. */
  publicUrl(key: string): string | null;
};

/** Keys are relative, slash-separated, without `.`/`..` segments, backslashes or NULs. */
export function assertSafeKey(key: string): void {
  const segments = key.split("/");
  const safe =
    key.length > 0 &&
    key.length <= 512 &&
    !/[\\\0]/.test(key) &&
    segments.every((segment) => segment !== "" && segment !== "." && segment !== "..");
  if (!safe) throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
}

export function createStorage(env: Env, logger: Logger): ImageStorage {
  if (env.S3_BUCKET) {
    logger.info("image storage: S3", { bucket: env.S3_BUCKET, endpoint: env.S3_ENDPOINT ?? "aws" });
    return createS3Storage({
      bucket: env.S3_BUCKET,
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      publicUrl: env.S3_PUBLIC_URL,
    });
  }
  return createLocalStorage(path.join(env.dataDir, "uploads"));
}
