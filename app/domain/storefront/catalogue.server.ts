import { tipOffer } from "~/domain/orders/tips";
import { offeredMethods } from "~/domain/orders/payment";
import { and, asc, eq } from "drizzle-orm";
import { products } from "~/db/schema";
import { canConfirmOverWhatsapp } from "~/domain/orders/whatsapp";
import {
  hasStock,
  optionStockBadges,
  optionStockOf,
  sizeGroup,
  stockBadge,
  type OptionStock,
  type StockFields,
} from "~/domain/products/stock";
import { hasCustomCategories } from "~/domain/stores/licence";
import { findStore } from "~/domain/stores/store.server";
import { listSlots, slotsByDay } from "~/domain/orders/scheduling";
import { hasHours, openStatus } from "~/domain/stores/opening-hours";
import { isPaused } from "~/domain/stores/pause";
import { storeThemeStyle } from "~/domain/stores/store-theme";
import { hasPromotions, isOfferOn, offerBadgeFor } from "~/domain/promotions/promotions";
import { readStorePromotions } from "~/domain/promotions/redeem.server";
import type { ReadDatabase } from "~/db/read-database.server";

/** Slots offered at once in the checkout: a week of half-hours at most. */
const MAX_SLOTS_SHOWN = 336;

/**
 * What the public store page shows: the store's public settings and its available products, a
 * sold-out one too ("Agotado", it cannot be added).
 * Nothing private leaves here (no owner, no licence dates, the phone only when shoppers are
 * asked to confirm over WhatsApp).
 */
export async function loadStorefront(db: ReadDatabase, storeId: string, now = new Date()) {
  const [store, rows, promotions] = await Promise.all([
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
        choiceGroups: products.choiceGroups,
        quantityStep: products.quantityStep,
        minQuantity: products.minQuantity,
        stock: products.stock,
        lowStockThreshold: products.lowStockThreshold,
        optionStock: products.optionStock,
      })
      .from(products)
      .where(and(eq(products.storeId, storeId), eq(products.available, true)))
      .orderBy(asc(products.createdAt), asc(products.name)),
    readStorePromotions(db, storeId),
  ]);
  if (!store) return null;
  const { settings } = store;
  const colours = {
    primaryColor: settings.primaryColor,
    secondaryColor: settings.secondaryColor,
    backgroundColor: settings.backgroundColor,
    panelBackgroundColor: settings.panelBackgroundColor,
    productBackgroundColor: settings.productBackgroundColor,
  };
  const paused = isPaused(settings, now);
  const status = openStatus(settings.openingHours, now, settings.timeZone);
  const schedules = hasHours(settings.openingHours) && settings.outsideHours === "schedule";
  const categories = hasCustomCategories(store.licence.tier) ? settings.customCategories : [];
  const countsStock = hasStock(store.licence.tier);
  // Promotions count while the plan has them (docs/decisions/036); the badges are those running now,
  // and the kept page expires at each minute (docs/decisions/021), so they follow the clock.
  const promotes = hasPromotions(store.licence.tier);
  const offers = promotes ? promotions.offers : [];
  const running = offers.filter((offer) => isOfferOn(offer, now, settings.timeZone));
  return {
    store: {
      id: store.id,
      displayName: settings.displayName || store.id,
      description: settings.description,
      contactEmail: settings.contactEmail,
      logoKey: settings.logoKey,
      colours,
      /** The page's CSS colour variables, worked out here so the browser need not. */
      theme: storeThemeStyle(colours),
      socialLinks: [
        { label: "Facebook", href: settings.facebookUrl },
        { label: "Instagram", href: settings.instagramUrl },
        { label: "Twitter", href: settings.twitterUrl },
      ].filter((link) => /^https?:\/\//.test(link.href)),
      allowPickup: settings.allowPickup,
      allowDelivery: settings.allowDelivery,
      /** Said only while the store offers pickup: an address kept from before is not published. */
      pickupAddress: settings.allowPickup ? settings.pickupAddress : "",
      pickupInstructions: settings.pickupInstructions,
      deliveryInstructions: settings.deliveryInstructions,
      whatsappPhone: canConfirmOverWhatsapp(settings) ? settings.phone : null,
      categories,
      paymentMethods: offeredMethods(settings.paymentMethods, store.licence.tier),
      /** Propina (app/domain/orders/tips.ts): null when the store asks nothing about a tip. */
      tips: tipOffer(settings),
      /** "Requiero factura" is offered at checkout (docs/decisions/053). */
      invoiceRequests: settings.allowInvoiceRequests,
      /** Pause and opening hours, computed once on the server so the page renders the same on both sides. */
      ordering: {
        paused: paused ? { message: settings.pauseMessage } : null,
        status,
        /** Closed and not scheduling: orders are refused until it opens. */
        closed: status !== null && !status.open && !schedules,
        /** The slots by local day: the checkout picks a day, then one of its times. */
        slotDays: schedules
          ? slotsByDay(
              listSlots(settings.openingHours, settings, now, settings.timeZone).slice(0, MAX_SLOTS_SHOWN),
              now,
              settings.timeZone,
            )
          : [],
        /** When open and scheduling, "lo antes posible" is a choice; when closed, a slot is required. */
        asap: status === null || status.open,
      },
      delivery: settings.deliveryPricing,
      /** The offers (every one not paused: the cart applies those running by the store's clock) and whether codes are taken. */
      offers,
      takesCodes: promotes && promotions.takesCodes,
      timeZone: settings.timeZone,
      /** Where a transfer goes: shown to shoppers only when the store takes transfers. */
      bank: settings.paymentMethods.includes("transfer")
        ? { name: settings.bankName, holder: settings.bankAccountHolder, clabe: settings.clabe }
        : null,
    },
    /**
     * What is left is said only as "Agotado" or under the owner's threshold; the amounts travel for
     * the cart's limit alone (docs/decisions/041).
     */
    products: rows.map(({ stock, lowStockThreshold, optionStock, ...product }) => ({
      ...product,
      stock: countsStock ? stockBadge({ ...product, stock, lowStockThreshold, optionStock }) : null,
      stockLeft: countsStock ? stock : null,
      optionStockLeft: countsStock ? countedSizes({ ...product, optionStock }) : {},
      /** "2×1", "−20 %": the offer running now on the product, if any. */
      offer: offerBadgeFor(running, product),
      /** Each size option's "Agotado" or "Quedan N" (docs/decisions/034), by option id. */
      optionStock: countsStock
        ? optionStockBadges({ ...product, stock, lowStockThreshold, optionStock })
        : {},
    })),
  };
}

/** What is left of each size option that counts its stock, for the cart's limit. */
function countedSizes(product: Pick<StockFields, "optionStock" | "choiceGroups">): OptionStock {
  const left: OptionStock = {};
  for (const option of sizeGroup(product)?.options ?? []) {
    const amount = optionStockOf(product, option.id);
    if (amount !== null) left[option.id] = amount;
  }
  return left;
}

export type Storefront = NonNullable<Awaited<ReturnType<typeof loadStorefront>>>;
export type StorefrontStore = Storefront["store"];
export type StorefrontProduct = Storefront["products"][number];
