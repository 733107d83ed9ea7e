/**
 * The image storage this instance uses: local disk under `DATA_DIR/uploads` by default,
 * S3-compatible object storage when `S3_BUCKET` is set.
 */
import path from "node:path";
import type { Env } from "~/lib/env.server";
import type { Logger } from "~/lib/logger.server";
import { createLocalStorage } from "./local-storage.server";
import { createS3Storage } from "./s3-storage.server";
import type { ImageStorage } from "./storage.server";

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
