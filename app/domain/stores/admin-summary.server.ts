import type { Executor } from "~/db/client.server";
import type { Logger } from "~/lib/logger.server";
import { findOwnedStoreId, findStore } from "./store.server";

/** What the admin panel's header and banner show for the signed-in owner. */
export async function loadAdminSummary(
  db: Executor,
  { userId, publicOrigin, logger }: { userId: string; publicOrigin: string; logger: Logger },
) {
  const storeId = await findOwnedStoreId(db, userId);
  const store = storeId ? await findStore(db, storeId) : null;
  if (!store) {
    // The spec's wording for an owner whose user record (store link) is missing.
    logger.warn("No user document found!", { userId });
    return null;
  }
  return {
    id: store.id,
    displayName: store.settings.displayName || "Tienda",
    logoKey: store.settings.logoKey,
    licence: store.licence,
    address: `${publicOrigin}/${store.id}`,
    store,
  };
}
