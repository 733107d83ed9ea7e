import { and, asc, count, eq, sql } from "drizzle-orm";
import { cities, products, storeCategories, stores, storeSettings } from "~/db/schema";
import type { DirectoryProduct } from "./directory-product";
import { offerBadges } from "~/domain/promotions/redeem.server";
import { openStatus } from "~/domain/stores/opening-hours";
import { isPaused } from "~/domain/stores/pause";
import { readSql, type ReadDatabase } from "~/db/read-database.server";

/** The categories the city page shows a carousel for, in this order. */
export const CAROUSEL_CATEGORIES = ["sweets", "takeout", "gifts", "beauty"] as const;
export const CAROUSEL_SIZE = 12;
/** The strip shows a sample of the city's stores: a city of thousands must not send them all. */
export const STORE_STRIP_SIZE = 24;

export async function findCity(db: ReadDatabase, cityId: string) {
  const [city] = await db.select().from(cities).where(eq(cities.id, cityId));
  return city ?? null;
}

const visibleIn = (cityId: string) => and(eq(stores.cityId, cityId), eq(stores.isHidden, false));

export async function countVisibleStores(db: ReadDatabase, cityId: string): Promise<number> {
  const [row] = await db.select({ stores: count() }).from(stores).where(visibleIn(cityId));
  return Number(row?.stores ?? 0);
}

/** The strip of stores: visible stores of the city, a fresh random sample on each visit. */
export async function listStoreStrip(db: ReadDatabase, cityId: string, limit = STORE_STRIP_SIZE) {
  const sampled = db
    .select({ id: stores.id })
    .from(stores)
    .where(visibleIn(cityId))
    .orderBy(sql`random()`)
    .limit(limit)
    .as("sampled");
  const rows = await db
    .select({
      id: sampled.id,
      displayName: storeSettings.displayName,
      logoKey: storeSettings.logoKey,
      openingHours: storeSettings.openingHours,
      timeZone: storeSettings.timeZone,
      pausedAt: storeSettings.pausedAt,
      pauseUntil: storeSettings.pauseUntil,
    })
    .from(sampled)
    .innerJoin(storeSettings, eq(storeSettings.storeId, sampled.id));
  const now = new Date();
  // "Abierto ahora" or "Cerrado · abre…" under each store that has hours.
  return rows.map(({ openingHours, timeZone, pausedAt, pauseUntil, ...store }) => ({
    ...store,
    status: isPaused({ pausedAt, pauseUntil }, now)
      ? "Pedidos en pausa"
      : (openStatus(openingHours, now, timeZone)?.text ?? null),
  }));
}

/**
 * One carousel per store category: available products with an image from that category's
 * visible stores in the city. A random sample of the category's stores (three times the
 * carousel, since some have no product with an image) gives up to two products each, first
 * ones first, so one busy store never fills a carousel. Each step walks an index with a small
 * limit, so the cost stays flat however big the city is (no per-store EXISTS over thousands).
 */
export async function listCategoryCarousels(db: ReadDatabase, cityId: string, size = CAROUSEL_SIZE) {
  const showable = sql`pr.available and coalesce(pr.image_key, '') <> ''`;
  const result = await db.execute<DirectoryProduct & { categoryId: string; category: string }>(readSql`
    select c.id as "categoryId", picked.*
    from ${storeCategories} c
    cross join lateral (
      select pr.store_id as "storeId", pr.id, pr.name, pr.price::float8 as price, pr.unit,
             pr.image_key as "imageKey", ss.display_name as "storeName", pr.category
      from (
        select s.id
        from ${stores} s
        where s.city_id = ${cityId} and s.category_id = c.id and not s.is_hidden
        order by random()
        limit ${size * 3}
      ) sampled
      join ${storeSettings} ss on ss.store_id = sampled.id
      cross join lateral (
        select few.*, row_number() over (order by random()) as rank
        from (select pr.* from ${products} pr where pr.store_id = sampled.id and ${showable} limit 8) few
        order by rank
        limit 2
      ) pr
      order by pr.rank
      limit ${size}
    ) picked
    where c.id in (${sql.join(
      CAROUSEL_CATEGORIES.map((id) => sql`${id}`),
      sql`, `,
    )})
  `);
  const carousels = new Map<string, DirectoryProduct[]>(CAROUSEL_CATEGORIES.map((id) => [id, []]));
  const badges = await offerBadges(db, result.rows, new Date());
  for (const { categoryId, category: _category, ...product } of result.rows)
    carousels
      .get(categoryId)
      ?.push({ ...product, offer: badges.get(`${product.storeId} ${product.id}`) ?? null });
  return carousels;
}

export async function listCarouselCategoryNames(db: ReadDatabase) {
  return db
    .select({ id: storeCategories.id, name: storeCategories.name })
    .from(storeCategories)
    .orderBy(asc(storeCategories.position));
}
