import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { demoLogoSvg, demoProductSvg } from "~/db/demo/demo-images.server";
import { seedDemoMarketplace } from "~/db/demo/seed.server";
import { DEMO_STORES } from "~/db/demo/demo-marketplace";
import { products, storeSettings } from "~/db/schema";
import { isOwnedImageKey } from "~/domain/images/image-keys";
import { thumbnailKey } from "~/domain/images/image-urls";
import { createLocalStorage } from "~/domain/images/local-storage.server";
import { createTestDatabase } from "../support/database";

const { db } = await createTestDatabase();

/** A tiny colour thumbnail of an image, to tell drawings apart without caring about encoding. */
async function fingerprint(image: Buffer | Uint8Array): Promise<Uint8Array> {
  return sharp(image).resize(24, 24, { fit: "fill" }).removeAlpha().raw().toBuffer();
}

function distance(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  for (let index = 0; index < a.length; index++) sum += Math.abs(a[index]! - b[index]!);
  return sum / a.length;
}
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

  it("stores each product's own drawing and each store's own logo, not a neighbour's", async () => {
    const storage = createLocalStorage(root);
    for (const demo of DEMO_STORES) {
      const rows = await db.select().from(products).where(eq(products.storeId, demo.id));
      const drawings = await Promise.all(
        demo.products.map(async (product) => ({
          name: product.name,
          print: await fingerprint(Buffer.from(demoProductSvg(demo, product))),
        })),
      );
      for (const row of rows) {
        const stored = await fingerprint((await storage.get(row.imageKey!))!.body);
        // The closest drawing to what was stored is the product's own (the seed draws them side
        // by side, so a mix-up of the order would show here).
        const closest = drawings.reduce((best, drawing) =>
          distance(drawing.print, stored) < distance(best.print, stored) ? drawing : best,
        );
        expect(closest.name, `${demo.id}: ${row.name}`).toBe(row.name);
        expect(distance(closest.print, stored)).toBeLessThan(6);
      }
      const [settings] = await db.select().from(storeSettings).where(eq(storeSettings.storeId, demo.id));
      const logo = await fingerprint((await storage.get(settings!.logoKey!))!.body);
      expect(distance(await fingerprint(Buffer.from(demoLogoSvg(demo))), logo)).toBeLessThan(6);
    }
  });

  it("draws every product of a shop differently: no two share a picture", () => {
    for (const demo of DEMO_STORES) {
      const pictures = demo.products.map((product) => product.picture);
      expect(new Set(pictures).size, demo.id).toBe(pictures.length);
    }
  });

  it("seeds once: a second run stores no new images", async () => {
    const storage = createLocalStorage(root);
    const { readdir } = await import("node:fs/promises");
    const before = (await readdir(root, { recursive: true })).length;
    expect(await seedDemoMarketplace(db, new Date(), storage)).toEqual({ seeded: false });
    expect((await readdir(root, { recursive: true })).length).toBe(before);
  });
});
