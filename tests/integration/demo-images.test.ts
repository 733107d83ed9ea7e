import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { seedDemoMarketplace } from "~/db/demo/seed.server";
import { DEMO_STORES } from "~/db/demo/demo-marketplace";
import { products, storeSettings } from "~/db/schema";
import { isOwnedImageKey } from "~/domain/images/image-keys";
import { thumbnailKey } from "~/domain/images/image-urls";
import { createLocalStorage } from "~/domain/images/local-storage.server";
import { createTestDatabase } from "../support/database";

const { db } = await createTestDatabase();
const root = await mkdtemp(path.join(os.tmpdir(), "tianguis-demo-uploads-"));
afterAll(() => rm(root, { recursive: true, force: true }));

describe("demo marketplace images", () => {
  it("gives every store a logo and every product a picture, stored through the storage driver", async () => {
    const storage = createLocalStorage(root);
    expect(await seedDemoMarketplace(db, new Date(), storage)).toEqual({ seeded: true });

    for (const demo of DEMO_STORES) {
      const [settings] = await db.select().from(storeSettings).where(eq(storeSettings.storeId, demo.id));
      expect(isOwnedImageKey(demo.id, "store-logos", settings!.logoKey), demo.id).toBe(true);
      const logo = await storage.get(settings!.logoKey!);
      expect((await sharp(logo!.body).metadata()).format).toBe("webp");

      const rows = await db.select().from(products).where(eq(products.storeId, demo.id));
      expect(rows).toHaveLength(demo.products.length);
      for (const product of rows) {
        expect(isOwnedImageKey(demo.id, "product-images", product.imageKey), product.name).toBe(true);
        for (const key of [
          product.imageKey!,
          thumbnailKey(product.imageKey!, 200),
          thumbnailKey(product.imageKey!, 400),
        ]) {
          const stored = await storage.get(key);
          expect(stored, key).not.toBeNull();
        }
      }
    }
    const main = await storage.get((await db.select().from(products).limit(1))[0]!.imageKey!);
    expect(await sharp(main!.body).metadata()).toMatchObject({ format: "webp", width: 800, height: 800 });
  });

  it("seeds once: a second run stores no new images", async () => {
    const storage = createLocalStorage(root);
    const { readdir } = await import("node:fs/promises");
    const before = (await readdir(root, { recursive: true })).length;
    expect(await seedDemoMarketplace(db, new Date(), storage)).toEqual({ seeded: false });
    expect((await readdir(root, { recursive: true })).length).toBe(before);
  });
});
