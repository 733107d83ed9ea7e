/**
 * Open Graph cards for the landing, city, store and product pages: what each card shows, the
 * versioned URL the pages declare, and the JPEG behind it. A card's URL carries a fingerprint of
 * what it shows, so it can be cached for a year and still change the moment the store does.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { products, stores, storeSettings } from "~/db/schema";
import { countVisibleStores, findCity } from "~/domain/directory/city.server";
import type { ImageStorage } from "~/domain/images/storage.server";
import { formatMoney } from "~/domain/money/money";
import { cardVersion, renderBrandCard, renderCard } from "./cards.server";
import type { OgCard } from "./og-tags";

type StoreLook = { id: string; displayName: string; primaryColor: string; logoKey: string | null };
type ProductLook = { id: string; name: string; price: number; unit: string; imageKey: string | null };

export function brandCard(origin: string): OgCard {
  return { url: `${origin}/i/og/tianguis/${cardVersion("tianguis")}.jpg`, alt: "Tianguis: compra local" };
}

export function cityCard(origin: string, city: { id: string; name: string }, storeCount: number): OgCard {
  const version = cardVersion("city", city.name, storeCount);
  return {
    url: `${origin}/i/og/ciudad/${city.id}/${version}.jpg`,
    alt: `Tiendas locales en ${city.name} en Tianguis`,
  };
}

export function storeCard(origin: string, store: StoreLook): OgCard {
  const version = cardVersion("store", store.displayName, store.primaryColor, store.logoKey);
  return { url: `${origin}/i/og/tienda/${store.id}/${version}.jpg`, alt: store.displayName };
}

export function productCard(origin: string, store: StoreLook, product: ProductLook): OgCard {
  const version = cardVersion("product", store.displayName, store.primaryColor, product);
  return {
    url: `${origin}/i/og/producto/${store.id}/${encodeURIComponent(product.id)}/${version}.jpg`,
    alt: `${product.name} · ${store.displayName}`,
  };
}

export function cityStoresLine(storeCount: number): string {
  return storeCount === 1 ? "1 tienda local" : `${storeCount} tiendas locales`;
}

export type CardRequest =
  | { kind: "tianguis" }
  | { kind: "ciudad"; cityId: string }
  | { kind: "tienda"; storeId: string }
  | { kind: "producto"; storeId: string; productId: string };

/** The card a URL asks for, drawn: its current URL (to compare the version) and how to draw it. */
export async function findCard(
  db: Executor,
  storage: ImageStorage,
  origin: string,
  request: CardRequest,
): Promise<{ card: OgCard; draw: () => Promise<Buffer> } | null> {
  const host = new URL(origin).host;
  switch (request.kind) {
    case "tianguis":
      return { card: brandCard(origin), draw: renderBrandCard };
    case "ciudad": {
      const city = await findCity(db, request.cityId);
      if (!city) return null;
      const storeCount = await countVisibleStores(db, city.id);
      return {
        card: cityCard(origin, city, storeCount),
        draw: () =>
          renderCard({
            background: "#9a3412",
            title: `Tiendas locales en ${city.name}`,
            subtitle: `${cityStoresLine(storeCount)} · ${city.state}`,
            footer: `${host}/c/${city.id}`,
          }),
      };
    }
    case "tienda":
    case "producto": {
      const look = await findStoreLook(db, request.storeId);
      if (!look) return null;
      if (request.kind === "tienda") {
        return {
          card: storeCard(origin, look),
          draw: async () =>
            renderCard({
              background: look.primaryColor,
              title: look.displayName,
              subtitle: "Haz tu pedido en línea",
              footer: `${host}/${look.id}`,
              logo: look.logoKey ? ((await storage.get(look.logoKey))?.body ?? null) : null,
            }),
        };
      }
      const [product] = await db
        .select({
          id: products.id,
          name: products.name,
          price: products.price,
          unit: products.unit,
          imageKey: products.imageKey,
        })
        .from(products)
        .where(
          and(
            eq(products.storeId, look.id),
            eq(products.id, request.productId),
            eq(products.available, true),
          ),
        );
      if (!product) return null;
      return {
        card: productCard(origin, look, product),
        draw: async () =>
          renderCard({
            background: look.primaryColor,
            title: product.name,
            subtitle: `${formatMoney(product.price)} / ${product.unit} · ${look.displayName}`,
            footer: `${host}/${look.id}`,
            photo: product.imageKey ? ((await storage.get(product.imageKey))?.body ?? null) : null,
          }),
      };
    }
  }
}

async function findStoreLook(db: Executor, storeId: string): Promise<StoreLook | null> {
  const [row] = await db
    .select({
      id: stores.id,
      displayName: storeSettings.displayName,
      primaryColor: storeSettings.primaryColor,
      logoKey: storeSettings.logoKey,
    })
    .from(stores)
    .innerJoin(storeSettings, eq(storeSettings.storeId, stores.id))
    .where(and(eq(stores.id, storeId), isNull(stores.closedAt)));
  if (!row) return null;
  return { ...row, displayName: row.displayName || row.id };
}

/**
 * Drawn cards, kept by URL: a card is drawn once per version however many previews ask at once.
 * Small and bounded: the oldest entries go first.
 */
const drawn = new Map<string, Promise<Buffer>>();
const KEEP = 200;

export function drawOnce(url: string, draw: () => Promise<Buffer>): Promise<Buffer> {
  let pending = drawn.get(url);
  if (!pending) {
    pending = draw();
    drawn.set(url, pending);
    pending.catch(() => drawn.delete(url));
    while (drawn.size > KEEP) drawn.delete(drawn.keys().next().value!);
  }
  return pending;
}
