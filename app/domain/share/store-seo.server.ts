import { eq } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { cities, stores } from "~/db/schema";

/** What search engines are told about a store beyond its page: its city, and whether it is listed. */
export async function loadStoreSeo(db: Executor, storeId: string) {
  const [row] = await db
    .select({ isHidden: stores.isHidden, cityName: cities.name, cityState: cities.state })
    .from(stores)
    .innerJoin(cities, eq(cities.id, stores.cityId))
    .where(eq(stores.id, storeId));
  return {
    indexable: row ? !row.isHidden : false,
    city: row ? { name: row.cityName, state: row.cityState } : null,
  };
}
