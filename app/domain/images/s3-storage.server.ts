/**
 * S3-compatible image storage (AWS S3, MinIO, R2, s3rver…). Path-style addressing works with
 * every implementation; checksums only when required, because with the SDK's default streamed
 * checksums some servers stored the chunk framing inside the object.
 */
import type * as S3 from "@aws-sdk/client-s3";
import { assertSafeKey, type ImageStorage } from "./storage.server";

export type S3StorageOptions = {
  bucket: string;
  endpoint?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Base URL of a CDN or public bucket: /media redirects there instead of proxying. */
  publicUrl?: string;
};

export function createS3Storage(options: S3StorageOptions): ImageStorage {
  // The SDK (a tenth of a second of a core to load) loads with the first image read or written,
  // not with every process that starts.
  let loaded: Promise<{ sdk: typeof S3; client: S3.S3Client }> | undefined;
  const s3 = () =>
    (loaded ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        endpoint: options.endpoint,
        region: options.region ?? "us-east-1",
        forcePathStyle: true,
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
        credentials:
          options.accessKeyId && options.secretAccessKey
            ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
            : undefined,
      }),
    })));
  const bucket = options.bucket;
  const publicBase = options.publicUrl?.replace(/\/$/, "");

  return {
    driver: "s3",
    async put(key, body, contentType) {
      assertSafeKey(key);
      const { sdk, client } = await s3();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
          CacheControl: "public, max-age=31536000, immutable",
        }),
      );
    },
    async get(key) {
      assertSafeKey(key);
      const { sdk, client } = await s3();
      try {
        const response = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!response.Body) return null;
        const bytes = await response.Body.transformToByteArray();
        return {
          body: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
          contentType: response.ContentType ?? "application/octet-stream",
        };
      } catch (error) {
        if (error instanceof sdk.NoSuchKey || (error as { name?: string }).name === "NoSuchKey") return null;
        if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
          return null;
        throw error;
      }
    },
    async delete(key) {
      assertSafeKey(key);
      const { sdk, client } = await s3();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    publicUrl: (key) => (publicBase ? `${publicBase}/${key}` : null),
  };
}
