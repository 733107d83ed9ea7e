/**
 * The server configured for S3-compatible storage (a local s3rver): uploads land in the bucket
 * and /media serves them; with S3_PUBLIC_URL, /media redirects to the CDN instead.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findFreePort } from "~/db/embedded.server";
import { createOwner, createStore } from "~/db/factories.server";
import { isOwnedImageKey } from "~/domain/images/image-keys";
import { thumbnailKey } from "~/domain/images/image-urls";
import { createS3Storage } from "~/domain/images/s3-storage.server";
import { createTestDatabase } from "../support/database";
import { photoLikeJpeg } from "../support/photo";
import { startServerProcess, type ServerProcess } from "../support/server-process";

const BUCKET = "tianguis-media";
const { db, url: databaseUrl } = await createTestDatabase();
let s3rver: S3rver;
let endpoint: string;
const servers: ServerProcess[] = [];
const directories: string[] = [];

async function tempDir(prefix: string) {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  directories.push(dir);
  return dir;
}

async function startWithS3(extra: Record<string, string> = {}) {
  const server = await startServerProcess({
    env: {
      DATABASE_URL: databaseUrl,
      DATA_DIR: await tempDir("tianguis-s3-data-"),
      DEMO_DATA: "false",
      LOG_LEVEL: "warn",
      S3_ENDPOINT: endpoint,
      S3_BUCKET: BUCKET,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      ...extra,
    },
  });
  servers.push(server);
  return server;
}

beforeAll(async () => {
  const port = await findFreePort();
  endpoint = `http://127.0.0.1:${port}`;
  s3rver = new S3rver({
    address: "127.0.0.1",
    port,
    silent: true,
    directory: await tempDir("tianguis-s3rver-"),
    configureBuckets: [{ name: BUCKET }],
  });
  await s3rver.run();
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await s3rver?.close();
  await Promise.all(directories.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function uploadAsNewOwner(server: ServerProcess) {
  const store = await createStore(db);
  const owner = await createOwner(db, { storeId: store.id });
  const login = await fetch(`${server.url}/i/login`, {
    method: "POST",
    body: new URLSearchParams({ email: owner.email, password: owner.password }),
    redirect: "manual",
  });
  const cookie = login.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  const form = new FormData();
  form.set("kind", "product-images");
  form.set("file", new Blob([await photoLikeJpeg(1600, 1200)], { type: "image/jpeg" }), "foto.jpg");
  const response = await fetch(`${server.url}/i/admin/upload`, {
    method: "POST",
    body: form,
    headers: { cookie },
  });
  expect(response.status).toBe(201);
  const { key } = (await response.json()) as { key: string };
  expect(isOwnedImageKey(store.id, "product-images", key)).toBe(true);
  return key;
}

describe("server with S3 storage", () => {
  it("stores uploads in the bucket and serves them from /media", async () => {
    const server = await startWithS3();
    const key = await uploadAsNewOwner(server);

    const bucket = createS3Storage({
      bucket: BUCKET,
      endpoint,
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
    });
    for (const file of [key, thumbnailKey(key, 200), thumbnailKey(key, 400)]) {
      const stored = await bucket.get(file);
      expect(stored, file).not.toBeNull();
      expect(stored!.contentType).toBe("image/webp");

      const served = await fetch(`${server.url}/media/${file}`);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/webp");
      expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const body = Buffer.from(await served.arrayBuffer());
      expect(body.equals(stored!.body)).toBe(true);
    }
    expect(
      (await sharp(Buffer.from(await (await fetch(`${server.url}/media/${key}`)).arrayBuffer())).metadata())
        .width,
    ).toBe(800);
    expect(
      (await fetch(`${server.url}/media/${key.replace(/[a-z0-9]{20}\.webp$/, "bbbbbbbbbbbbbbbbbbbb.webp")}`))
        .status,
    ).toBe(404);
  });

  it("redirects /media to S3_PUBLIC_URL when a CDN is configured", async () => {
    const server = await startWithS3({ S3_PUBLIC_URL: "https://cdn.example.com/tianguis" });
    const key = await uploadAsNewOwner(server);
    const response = await fetch(`${server.url}/media/${key}`, { redirect: "manual" });
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe(`https://cdn.example.com/tianguis/${key}`);
    // Unknown shapes never redirect anywhere.
    expect(
      (await fetch(`${server.url}/media/product-images%2f..%2f..%2fx.webp`, { redirect: "manual" })).status,
    ).toBe(404);
    // The pages may show what /media redirects to: the CDN's origin is in the policy's img-src.
    for (const page of ["/", "/offline.html"]) {
      const policy = (await fetch(`${server.url}${page}`)).headers.get("content-security-policy") ?? "";
      expect(policy, page).toMatch(/(^|; )img-src [^;]* https:\/\/cdn\.example\.com(;|$)/);
    }
  });
});
