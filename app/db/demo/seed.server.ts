import { count, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { createOrder, createOwner, createProduct, createStore } from "~/db/factories.server";
import { stores } from "~/db/schema";
import { SUPERADMIN_ROLE } from "~/domain/auth/roles";
import { hashPassword } from "~/domain/auth/password-hash.server";
import type { ImageStorage } from "~/domain/images/storage.server";
import { trialEndsAt } from "~/domain/stores/licence";
import { demoImageMaker } from "./demo-images.server";
import { DEMO_CUSTOMERS, DEMO_PASSWORD, DEMO_STORES, DEMO_SUPERADMIN_EMAIL } from "./demo-marketplace";

const SEED_LOCK_ID = 7_337_002;
const HOUR = 60 * 60 * 1000;
const YEAR = 365 * 24 * HOUR;

/**
 * Fills an empty database with the demo marketplace; a database that has any store is left
 * alone. Runs in one transaction under a lock, so two instances starting together seed once.
 * With a storage, logos and product pictures are drawn and stored too (removed again if the
 * transaction fails).
 */
export async function seedDemoMarketplace(
  db: Database,
  now = new Date(),
  storage?: ImageStorage,
): Promise<{ seeded: boolean }> {
  // One hash for every demo account: they share the published demo password.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const images = storage ? demoImageMaker(storage) : undefined;
  try {
    return await seedInTransaction(db, now, passwordHash, images);
  } catch (error) {
    await images?.removeAll();
    throw error;
  }
}

async function seedInTransaction(
  db: Database,
  now: Date,
  passwordHash: string,
  images: ReturnType<typeof demoImageMaker> | undefined,
): Promise<{ seeded: boolean }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    const [existing] = await tx.select({ stores: count() }).from(stores);
    if (Number(existing?.stores) > 0) return { seeded: false };

    await createOwner(tx, {
      email: DEMO_SUPERADMIN_EMAIL,
      name: "Operación Tianguis",
      passwordHash,
      role: SUPERADMIN_ROLE,
    });

    for (const [storeIndex, demo] of DEMO_STORES.entries()) {
      const { primaryColor, secondaryColor } = demo.settings;
      // Drawn and encoded side by side (sharp works off the main thread).
      const [logoKey, ...productImageKeys] = images
        ? await Promise.all([
            images.make("store-logos", demo.id, {
              label: demo.displayName,
              from: primaryColor,
              to: secondaryColor,
              variant: storeIndex,
            }),
            ...demo.products.map((product, productIndex) =>
              images.make("product-images", demo.id, {
                label: product.name,
                from: productIndex % 2 ? secondaryColor : primaryColor,
                to: productIndex % 2 ? primaryColor : secondaryColor,
                variant: productIndex + storeIndex,
              }),
            ),
          ])
        : [];
      await createStore(tx, {
        id: demo.id,
        displayName: demo.displayName,
        categoryId: demo.categoryId,
        isHidden: demo.isHidden ?? false,
        licenceType: demo.licence === "trial" ? "starter" : demo.licence,
        licenceExpires:
          demo.licence === "trial" || demo.licence === "starter" ? null : new Date(now.getTime() + YEAR),
        trialExpiration:
          demo.licence === "trial" ? trialEndsAt(new Date(now.getTime() - 5 * 24 * HOUR)) : null,
        settings: { ...demo.settings, logoKey: logoKey ?? null },
      });
      await createOwner(tx, {
        email: demo.ownerEmail,
        name: demo.displayName,
        passwordHash,
        storeId: demo.id,
      });

      const created = [];
      for (const [productIndex, product] of demo.products.entries()) {
        created.push(
          await createProduct(tx, demo.id, { ...product, imageKey: productImageKeys[productIndex] ?? null }),
        );
      }
      const orderable = created.filter((product) => product.available);

      // A few orders in each status, spread over the last days.
      const statuses =
        storeIndex === 0
          ? (["pending", "pending", "pending", "completed", "completed", "cancelled"] as const)
          : (["pending", "completed", "cancelled"] as const);
      for (const [orderIndex, status] of statuses.entries()) {
        const customer = DEMO_CUSTOMERS[(storeIndex + orderIndex) % DEMO_CUSTOMERS.length]!;
        const first = orderable[orderIndex % orderable.length]!;
        const second = orderable[(orderIndex + 2) % orderable.length]!;
        const createdAt = new Date(now.getTime() - (orderIndex * 7 + storeIndex + 1) * HOUR);
        const delivery = demo.settings.allowDelivery && (orderIndex % 2 === 1 || !demo.settings.allowPickup);
        await createOrder(tx, demo.id, {
          status,
          customerName: customer.name,
          customerPhone: customer.phone,
          deliveryType: delivery ? "delivery" : "pickup",
          address: delivery ? customer.address : "",
          comments: orderIndex === 0 ? "Por favor, bien empacado. ¡Gracias!" : "",
          createdAt,
          completedAt: status === "pending" ? null : new Date(createdAt.getTime() + 2 * HOUR),
          // Hours old and already looked at: a visit to the demo does not open with the alarm ringing.
          seenAt: new Date(createdAt.getTime() + HOUR / 4),
          lines: [
            {
              productId: first.id,
              name: first.name,
              price: first.price,
              unit: first.unit,
              quantity: 2,
              variation: first.variations[0] ?? "",
            },
            {
              productId: second.id,
              name: second.name,
              price: second.price,
              unit: second.unit,
              quantity: 1,
              variation: second.variations[0] ?? "",
            },
          ],
        });
      }
    }
    return { seeded: true };
  });
}
