import { eq } from "drizzle-orm";
import { cities, storeSettings, stores } from "~/db/schema";
import { dateKey, DEFAULT_TIME_ZONE, localParts } from "~/domain/stores/opening-hours";
import type { ReadDatabase } from "~/db/read-database.server";

/**
 * What search engines are told about a store beyond its page: its city, its opening hours, and
 * whether it is listed.
 */
export async function loadStoreSeo(db: ReadDatabase, storeId: string, now = new Date()) {
  const [row] = await db
    .select({
      isHidden: stores.isHidden,
      cityName: cities.name,
      cityState: cities.state,
      openingHours: storeSettings.openingHours,
      timeZone: storeSettings.timeZone,
    })
    .from(stores)
    .innerJoin(cities, eq(cities.id, stores.cityId))
    .leftJoin(storeSettings, eq(storeSettings.storeId, stores.id))
    .where(eq(stores.id, storeId));
  return {
    indexable: row ? !row.isHidden : false,
    city: row ? { name: row.cityName, state: row.cityState } : null,
    hours: row?.openingHours
      ? { openingHours: row.openingHours, today: dateKey(localParts(now, row.timeZone ?? DEFAULT_TIME_ZONE)) }
      : undefined,
  };
}
