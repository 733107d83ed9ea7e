import { count, sql } from "drizzle-orm";
import type { Database, Executor } from "~/db/client.server";
import { createOrder, createOwner, createProduct, createStore } from "~/db/factories.server";
import { discountCodes, offers, type products } from "~/db/schema";
import { stores } from "~/db/schema";
import { SUPERADMIN_ROLE } from "~/domain/auth/roles";
import { hashPassword } from "~/domain/auth/password-hash.server";
import type { ImageStorage } from "~/domain/images/storage.server";
import { firstSizePicks, priceChoices } from "~/domain/products/choices";
import { quantityRule } from "~/domain/products/quantity";
import { trialEndsAt } from "~/domain/stores/licence";
import { addDays, dateKey, DEFAULT_TIME_ZONE, localParts, zonedTime } from "~/domain/stores/opening-hours";
import { demoImageMaker, demoLogoSvg, demoProductSvg } from "./demo-images.server";
import { DEMO_CUSTOMERS, DEMO_PASSWORD, DEMO_STORES, DEMO_SUPERADMIN_EMAIL } from "./demo-marketplace";
import { inTransaction } from "~/db/after-commit.server";

const SEED_LOCK_ID = 7_337_002;
const HOUR = 60 * 60 * 1000;
const YEAR = 365 * 24 * HOUR;
/** Visits to each demo store over the last 30 days, so the Resumen tab has a believable conversion. */
const DEMO_PAGE_VIEWS = 600;
/** Days of completed orders before the last hours' ones: the demo owner's store, and each other store. */
const DEMO_OWNER_HISTORY = { days: 14, perDay: 2 };
const DEMO_HISTORY = { days: 6, perDay: 1 };

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
  return inTransaction(db, async (tx) => {
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
      // Drawn and encoded side by side (sharp works off the main thread).
      const [logoKey, ...productImageKeys] = images
        ? await Promise.all([
            images.make("store-logos", demo.id, demoLogoSvg(demo)),
            ...demo.products.map((product) =>
              images.make("product-images", demo.id, demoProductSvg(demo, product)),
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
      for (const [productIndex, { picture: _drawn, ...product }] of demo.products.entries()) {
        created.push(
          await createProduct(tx, demo.id, {
            ...product,
            imageKey: productImageKeys[productIndex] ?? null,
            // Today's stock as the demo says it: the next refill is at the next opening.
            stockRefilledAt: product.dailyStock ? now : null,
          }),
        );
      }
      await seedPromotions(tx, demo, created);
      if (!demo.isHidden) await seedPageViews(tx, demo.id, now);
      const orderable = created.filter((product) => product.available);

      // A few orders in each status from the last hours, and weeks of completed ones before them
      // (the demo owner's store most), so the Resumen tab has days to chart.
      const statuses =
        storeIndex === 0
          ? (["pending", "pending", "pending", "completed", "completed", "cancelled"] as const)
          : (["pending", "completed", "cancelled"] as const);
      const { days, perDay } = storeIndex === 0 ? DEMO_OWNER_HISTORY : DEMO_HISTORY;
      const today = dateKey(localParts(now, DEFAULT_TIME_ZONE));
      const orders = [
        ...statuses.map((status, index) => ({
          status,
          createdAt: new Date(now.getTime() - (index * 7 + storeIndex + 1) * HOUR),
        })),
        ...Array.from({ length: days * perDay }, (_, index) => ({
          status: index % 9 === 4 ? ("cancelled" as const) : ("completed" as const),
          // Back from yesterday, at different times of the shop's day (8:00 to 19:00).
          createdAt: zonedTime(
            addDays(today, -1 - Math.floor(index / perDay)),
            8 * 60 + ((index * 97) % (11 * 60)),
            DEFAULT_TIME_ZONE,
          ),
        })),
      ];
      for (const [orderIndex, { status, createdAt }] of orders.entries()) {
        const customer = DEMO_CUSTOMERS[(storeIndex + orderIndex) % DEMO_CUSTOMERS.length]!;
        const first = orderable[orderIndex % orderable.length]!;
        const second = orderable[(orderIndex + 2) % orderable.length]!;
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
            // Two pieces, or two steps of what is sold by weight or volume (0.5 kg, 1 L).
            demoLine(first, 2 * quantityRule(first).step),
            demoLine(second, quantityRule(second).minimum),
          ],
        });
      }
    }
    return { seeded: true };
  });
}

/** Page views spread over the last 30 days, in one statement. */
async function seedPageViews(tx: Executor, storeId: string, now: Date) {
  const minutes = 30 * 24 * 60;
  await tx.execute(sql`
    insert into analytics_events (name, store_id, data, created_at)
    select 'view_store_page', ${storeId}, '{}'::jsonb,
           ${now.toISOString()}::timestamptz - make_interval(mins => (i * 7919) % ${minutes})
    from generate_series(1, ${DEMO_PAGE_VIEWS}) i`);
}

/**
 * A seeded order's line for a product: its first option, and for a product with choice groups its
 * first size (and, on every other order, its first add-on), priced as an order would be.
 */
/** The demo store's codes and offers, its offers aimed at its products by name. */
async function seedPromotions(
  tx: Executor,
  demo: (typeof DEMO_STORES)[number],
  created: { id: string; name: string }[],
) {
  if (!demo.promotions) return;
  for (const [index, code] of demo.promotions.codes.entries())
    await tx.insert(discountCodes).values({ storeId: demo.id, id: `codigo-${index + 1}`, ...code });
  for (const [index, { products: names = [], ...offer }] of demo.promotions.offers.entries())
    await tx.insert(offers).values({
      storeId: demo.id,
      id: `oferta-${index + 1}`,
      ...offer,
      productIds: created.filter((product) => names.includes(product.name)).map((product) => product.id),
    });
}

function demoLine(product: typeof products.$inferSelect, quantity: number) {
  const picks = firstSizePicks(product.choiceGroups);
  const extra = product.choiceGroups.find((group) => group.kind === "extras")?.options[0];
  if (extra && Math.round(quantity) % 2 === 0) picks.push(extra.id);
  const priced = priceChoices(product, picks);
  return {
    productId: product.id,
    name: product.name,
    price: priced.ok ? priced.price : product.price,
    unit: product.unit,
    quantity,
    variation: product.variations[0] ?? "",
    choices: priced.ok ? priced.chosen : [],
  };
}
