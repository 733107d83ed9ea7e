/**
 * Abandoned uploads: an image stored when the owner picked a file but never used by a product
 * or the logo is deleted a day later by the daily job; used ones and fresh ones are kept.
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createOwner, createProduct, createStore } from "~/db/factories.server";
import { imageUploads, jobs, storeSettings } from "~/db/schema";
import { createLocalStorage } from "~/domain/images/local-storage.server";
import type { ImageStorage } from "~/domain/images/storage.server";
import { imageFileKeys, storeImage } from "~/domain/images/store-image.server";
import {
  deleteUnattachedUploads,
  recordUpload,
  uploadCleanupJob,
} from "~/domain/images/unattached-uploads.server";
import { createLogger } from "~/lib/logger.server";
import { createTestDatabase } from "../support/database";
import { smallJpeg } from "../support/hostile-images";
import { signIn, useServerProcess } from "../support/http-server";

const { db, url } = await createTestDatabase();
const running = useServerProcess(url);
const scratch = await mkdtemp(path.join(os.tmpdir(), "tianguis-uploads-"));
afterAll(() => rm(scratch, { recursive: true, force: true }));
const storage = createLocalStorage(scratch);
const logger = createLogger("error");

const DAY = 24 * 60 * 60 * 1000;
const onDisk = (key: string) => imageFileKeys(key).map((file) => existsSync(path.join(scratch, file)));

/** Stores an image as the upload endpoint does and dates its record `ageMs` ago. */
async function uploaded(storeId: string, kind: "product-images" | "store-logos", ageMs: number) {
  const { key } = await storeImage(storage, { kind, storeId, bytes: await smallJpeg() });
  await recordUpload(db, key, new Date(Date.now() - ageMs));
  return key;
}

async function recorded(key: string) {
  return (await db.select().from(imageUploads).where(eq(imageUploads.key, key))).length > 0;
}

describe("unattached uploads", () => {
  it("the upload endpoint records each upload, and the server queues today's clean-up at start", async () => {
    const store = await createStore(db);
    const owner = await createOwner(db, { storeId: store.id });
    const cookie = await signIn(running.server.url, owner.email, owner.password);
    const form = new FormData();
    form.set("kind", "product-images");
    form.set("file", new Blob([Buffer.from(await smallJpeg())], { type: "image/jpeg" }), "foto.jpg");
    const response = await fetch(`${running.server.url}/i/admin/upload`, {
      method: "POST",
      body: form,
      headers: { cookie, Accept: "application/json" },
    });
    expect(response.status).toBe(201);
    const { key } = (await response.json()) as { key: string };
    expect(await recorded(key)).toBe(true);

    const today = new Date().toISOString().slice(0, 10);
    // The server's worker runs it at once; waiting for that also keeps it out of the tests below.
    const todays = async () =>
      (
        await db
          .select()
          .from(jobs)
          .where(eq(jobs.key, `uploads-cleanup:${today}`))
      )[0]?.doneAt;
    await expect.poll(todays, { timeout: 10_000 }).toBeInstanceOf(Date);
  });

  it("deletes an unattached upload older than a day, keeps attached and recent ones", async () => {
    const store = await createStore(db);
    const abandoned = await uploaded(store.id, "product-images", DAY + 60_000);
    const abandonedLogo = await uploaded(store.id, "store-logos", 2 * DAY);
    const productImage = await uploaded(store.id, "product-images", 3 * DAY);
    const logo = await uploaded(store.id, "store-logos", 3 * DAY);
    const recent = await uploaded(store.id, "product-images", DAY - 60_000);
    await createProduct(db, store.id, { imageKey: productImage });
    await db.update(storeSettings).set({ logoKey: logo }).where(eq(storeSettings.storeId, store.id));

    const result = await deleteUnattachedUploads({ db, storage, logger });
    expect(result).toMatchObject({ deleted: 2, attached: 2 });
    expect(onDisk(abandoned)).toEqual([false, false, false]);
    expect(onDisk(abandonedLogo)).toEqual([false, false, false]);
    expect(onDisk(productImage)).toEqual([true, true, true]);
    expect(onDisk(logo)).toEqual([true, true, true]);
    expect(onDisk(recent)).toEqual([true, true, true]);
    // Records of handled uploads are gone; the recent one waits for its day.
    expect(await recorded(abandoned)).toBe(false);
    expect(await recorded(productImage)).toBe(false);
    expect(await recorded(recent)).toBe(true);

    // Replacing the logo later is the settings' business; the clean-up never sees it again.
    expect(await deleteUnattachedUploads({ db, storage, logger })).toMatchObject({ deleted: 0 });
  });

  it("a deletion the storage refuses keeps its record, to be tried again the next day", async () => {
    const store = await createStore(db);
    const key = await uploaded(store.id, "product-images", 2 * DAY);
    const failing: ImageStorage = {
      ...storage,
      delete: async () => {
        throw new Error("S3 no contesta");
      },
    };
    expect(await deleteUnattachedUploads({ db, storage: failing, logger })).toMatchObject({ deleted: 0 });
    expect(await recorded(key)).toBe(true);
    expect(await deleteUnattachedUploads({ db, storage, logger })).toMatchObject({ deleted: 1 });
    expect(onDisk(key)).toEqual([false, false, false]);
  });

  it("the daily job cleans up and queues tomorrow's run", async () => {
    const store = await createStore(db);
    const key = await uploaded(store.id, "store-logos", 2 * DAY);
    const job = uploadCleanupJob({ db, storage, logger });
    await job.handler.run({
      id: 0,
      kind: job.kind,
      key: null,
      payload: {},
      runAt: new Date(),
      attempts: 1,
      lockedUntil: null,
      lastError: null,
      doneAt: null,
      createdAt: new Date(),
    });
    expect(onDisk(key)).toEqual([false, false, false]);
    const tomorrow = new Date(Date.now() + DAY).toISOString().slice(0, 10);
    expect(
      await db
        .select()
        .from(jobs)
        .where(eq(jobs.key, `uploads-cleanup:${tomorrow}`)),
    ).toHaveLength(1);
  });
});
