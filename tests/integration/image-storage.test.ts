/**
 * Both storage drivers against the real thing: the local one on a temporary directory, the S3
 * one against a local s3rver (path-style, checksums only when required).
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findFreePort } from "~/db/embedded.server";
import { newImageKey } from "~/domain/images/image-keys";
import { IMAGE_MESSAGES } from "~/domain/images/image-messages";
import { thumbnailKey } from "~/domain/images/image-urls";
import { createLocalStorage } from "~/domain/images/local-storage.server";
import { createS3Storage } from "~/domain/images/s3-storage.server";
import { deleteImage, storeImage } from "~/domain/images/store-image.server";
import type { ImageStorage } from "~/domain/images/storage.server";
import { createLogger } from "~/lib/logger.server";
import { photoLikeJpeg } from "../support/photo";

const BUCKET = "tianguis-test";
const temporary: string[] = [];
let s3rver: S3rver;
let s3Endpoint = "";

beforeAll(async () => {
  const directory = await mkdtemp(path.join(os.tmpdir(), "tianguis-s3rver-"));
  temporary.push(directory);
  const port = await findFreePort();
  s3rver = new S3rver({
    address: "127.0.0.1",
    port,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET }],
  });
  await s3rver.run();
  s3Endpoint = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await s3rver?.close();
  await Promise.all(temporary.map((dir) => rm(dir, { recursive: true, force: true })));
});

const s3Options = () => ({
  bucket: BUCKET,
  endpoint: s3Endpoint,
  region: "us-east-1",
  accessKeyId: "S3RVER",
  secretAccessKey: "S3RVER",
});

const drivers: [string, () => Promise<ImageStorage>][] = [
  [
    "local disk",
    async () => {
      const root = await mkdtemp(path.join(os.tmpdir(), "tianguis-uploads-"));
      temporary.push(root);
      return createLocalStorage(root);
    },
  ],
  ["S3 (s3rver)", async () => createS3Storage(s3Options())],
];

describe.each(drivers)("%s driver", (_name, makeStorage) => {
  it("puts, reads back byte-identical, and deletes", async () => {
    const storage = await makeStorage();
    const key = newImageKey("product-images", "la-espiga");
    // Larger than one upload chunk, so framing or re-encoding would show.
    const body = randomBytes(300 * 1024);
    await storage.put(key, body, "image/webp");

    const read = await storage.get(key);
    expect(read).not.toBeNull();
    expect(read!.contentType).toBe("image/webp");
    expect(read!.body.length).toBe(body.length);
    expect(read!.body.equals(body)).toBe(true);

    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it("answers null for a key that was never written", async () => {
    const storage = await makeStorage();
    expect(await storage.get(newImageKey("store-logos", "la-espiga"))).toBeNull();
  });

  it("refuses path-like keys", async () => {
    const storage = await makeStorage();
    for (const key of ["../x.webp", "product-images/../../x.webp", "/etc/passwd", "a\\..\\b", ""]) {
      await expect(storage.put(key, Buffer.from("x"), "image/webp"), key).rejects.toThrow(
        /Unsafe storage key/,
      );
      await expect(storage.get(key), key).rejects.toThrow(/Unsafe storage key/);
    }
  });

  it("stores an upload as a WebP and its thumbnails, and deleteImage removes all three", async () => {
    const storage = await makeStorage();
    const { key } = await storeImage(storage, {
      kind: "product-images",
      storeId: "la-espiga",
      bytes: await photoLikeJpeg(1200, 900),
    });
    const files = [key, thumbnailKey(key, 200), thumbnailKey(key, 400)];
    const widths = [];
    for (const file of files) {
      const stored = await storage.get(file);
      expect(stored, file).not.toBeNull();
      widths.push((await sharp(stored!.body).metadata()).width);
    }
    expect(widths).toEqual([800, 200, 400]);

    await deleteImage(storage, key);
    for (const file of files) expect(await storage.get(file), file).toBeNull();
  });
});

describe("local driver on disk", () => {
  it("keeps every file under its root, named by the key alone", async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), "tianguis-uploads-"));
    temporary.push(root);
    const storage = createLocalStorage(root);
    const { key } = await storeImage(storage, {
      kind: "store-logos",
      storeId: "la-espiga",
      bytes: await photoLikeJpeg(300, 300),
    });
    const listing = (await readdir(root, { recursive: true })).sort();
    expect(listing).toEqual(
      [
        "store-logos",
        "store-logos/la-espiga",
        key,
        "store-logos-thumbnails",
        "store-logos-thumbnails/la-espiga",
        thumbnailKey(key, 200),
        thumbnailKey(key, 400),
      ].sort(),
    );
  });
});

describe("S3 driver", () => {
  it("gives the public (CDN) URL of a key when S3_PUBLIC_URL is set", () => {
    const storage = createS3Storage({ ...s3Options(), publicUrl: "https://cdn.example.com/imagenes/" });
    expect(storage.publicUrl("store-logos/a/b.webp")).toBe(
      "https://cdn.example.com/imagenes/store-logos/a/b.webp",
    );
    expect(createS3Storage(s3Options()).publicUrl("store-logos/a/b.webp")).toBeNull();
  });

  it("when the bucket cannot be reached: an upload fails with a Spanish message, a delete is only logged", async () => {
    const closedPort = await findFreePort();
    const storage = createS3Storage({ ...s3Options(), endpoint: `http://127.0.0.1:${closedPort}` });
    const lines: string[] = [];
    const logger = createLogger("info", {}, (line) => lines.push(line));

    await expect(
      storeImage(
        storage,
        { kind: "product-images", storeId: "la-espiga", bytes: await photoLikeJpeg(200, 200) },
        logger,
      ),
    ).rejects.toMatchObject({ message: IMAGE_MESSAGES.storageFailed });

    lines.length = 0;
    await expect(
      deleteImage(storage, newImageKey("product-images", "la-espiga"), logger),
    ).resolves.toBeUndefined();
    const warnings = lines
      .map((line) => JSON.parse(line))
      .filter((entry) => entry.msg === "image file not deleted");
    expect(warnings).toHaveLength(3);
  });
});
