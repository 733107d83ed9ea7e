import { cityPageScopes } from "~/lib/page-cache/cacheable-page";
import type { Versions } from "~/lib/page-cache/page-versions.server";
import {
  countVisibleStores,
  listCarouselCategoryNames,
  listCategoryCarousels,
  listStoreStrip,
} from "./city.server";
import { listFeaturedProducts } from "./featured.server";
import type { ReadDatabase } from "~/db/read-database.server";

/** What a city's page shows around its search: the same for every search of the city. */
export type CityFrame = {
  storeCount: number;
  stores: Awaited<ReturnType<typeof listStoreStrip>>;
  featured: Awaited<ReturnType<typeof listFeaturedProducts>>;
  carousels: Awaited<ReturnType<typeof listCategoryCarousels>>;
  categories: Awaited<ReturnType<typeof listCarouselCategoryNames>>;
};

const MINUTE_MS = 60_000;

export function loadCityFrame(db: ReadDatabase, cityId: string): Promise<CityFrame> {
  return Promise.all([
    countVisibleStores(db, cityId),
    listStoreStrip(db, cityId),
    listFeaturedProducts(db, cityId),
    listCategoryCarousels(db, cityId),
    listCarouselCategoryNames(db),
  ]).then(([storeCount, stores, featured, carousels, categories]) => ({
    storeCount,
    stores,
    featured,
    carousels,
    categories,
  }));
}

/**
 * Each city's frame, kept in this process under the same rule as a kept page (the page cache):
 * while the versions of the city's scopes that the page cache read for this request are the ones
 * it was loaded under, and until the minute it was loaded in ends (the strip says who is open
 * now). A search not seen before then costs its own query, not the five of the frame again.
 * Without versions (the page cache off, or development) every call loads it.
 */
export function createCityFrames({ now = Date.now }: { now?: () => number } = {}) {
  const kept = new Map<string, { versions: string; expiresAt: number; frame: Promise<CityFrame> }>();
  return {
    get(db: ReadDatabase, cityId: string, versions: Versions | undefined): Promise<CityFrame> {
      if (!versions) return loadCityFrame(db, cityId);
      const key = cityPageScopes(cityId)
        .map((scope) => versions.get(scope) ?? 0)
        .join(",");
      const at = now();
      const entry = kept.get(cityId);
      if (entry && entry.versions === key && entry.expiresAt > at) return entry.frame;
      const frame = loadCityFrame(db, cityId);
      kept.set(cityId, { versions: key, expiresAt: (Math.floor(at / MINUTE_MS) + 1) * MINUTE_MS, frame });
      // A failed load is not kept: the next request tries again.
      frame.catch(() => {
        if (kept.get(cityId)?.frame === frame) kept.delete(cityId);
      });
      return frame;
    },
    /** Forgets every frame (a failover seen: versions of another history). */
    clear() {
      kept.clear();
    },
  };
}

export type CityFrames = ReturnType<typeof createCityFrames>;
