import { and, asc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { products } from "~/db/schema";
import { canConfirmOverWhatsapp } from "~/domain/orders/whatsapp";
import { hasCustomCategories } from "~/domain/stores/licence";
import { findStore } from "~/domain/stores/store.server";

/**
 * What the public store page shows: the store's public settings and its available products.
 * Nothing private leaves here (no owner, no licence dates, the phone only when shoppers are
 * asked to confirm over WhatsApp).
 */
export async function loadStorefront(db: Database, storeId: string, now = new Date()) {
  const [store, rows] = await Promise.all([
    findStore(db, storeId, now),
    db
      .select({
        id: products.id,
        name: products.name,
        description: products.description,
        price: products.price,
        unit: products.unit,
        imageKey: products.imageKey,
        category: products.category,
        variations: products.variations,
      })
      .from(products)
      .where(and(eq(products.storeId, storeId), eq(products.available, true)))
      .orderBy(asc(products.createdAt), asc(products.name)),
  ]);
  if (!store) return null;
  const { settings } = store;
  const categories = hasCustomCategories(store.licence.tier) ? settings.customCategories : [];
  return {
    store: {
      id: store.id,
      displayName: settings.displayName || store.id,
      description: settings.description,
      contactEmail: settings.contactEmail,
      logoKey: settings.logoKey,
      colours: {
        primaryColor: settings.primaryColor,
        secondaryColor: settings.secondaryColor,
        backgroundColor: settings.backgroundColor,
        panelBackgroundColor: settings.panelBackgroundColor,
        productBackgroundColor: settings.productBackgroundColor,
      },
      socialLinks: [
        { label: "Facebook", href: settings.facebookUrl },
        { label: "Instagram", href: settings.instagramUrl },
        { label: "Twitter", href: settings.twitterUrl },
      ].filter((link) => /^https?:\/\//.test(link.href)),
      allowPickup: settings.allowPickup,
      allowDelivery: settings.allowDelivery,
      pickupInstructions: settings.pickupInstructions,
      deliveryInstructions: settings.deliveryInstructions,
      whatsappPhone: canConfirmOverWhatsapp(settings) ? settings.phone : null,
      categories,
      paymentMethods: settings.paymentMethods,
      /** Where a transfer goes: shown to shoppers only when the store takes transfers. */
      bank: settings.paymentMethods.includes("transfer")
        ? { name: settings.bankName, holder: settings.bankAccountHolder, clabe: settings.clabe }
        : null,
    },
    products: rows,
  };
}

export type Storefront = NonNullable<Awaited<ReturnType<typeof loadStorefront>>>;
export type StorefrontStore = Storefront["store"];
export type StorefrontProduct = Storefront["products"][number];
