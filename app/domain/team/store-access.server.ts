import type { AppLoadContext } from "react-router";
import { refuseNotFound, requireSignedIn, type CurrentUser } from "~/domain/auth/guards.server";
import { findStore, type StoreWithSettings } from "~/domain/stores/store.server";
import { findStoreRole } from "./members.server";
import { can, type Capability, type StoreRole } from "./team-roles";

export type StoreAccess = { user: CurrentUser; store: StoreWithSettings; role: StoreRole; signedInAt: Date };
/** A signed-in account that works in no store. */
export type NoStoreAccess = Omit<StoreAccess, "store" | "role"> & { store: null; role: null };

/**
 * The signed-in owner or member, their store, their role and when their session signed in, when
 * their role has `capability` (docs/decisions/033). A user without a store, or whose role lacks
 * the capability, has nothing to act on: "not found", exactly as for another owner's data —
 * unless the entry shows the no-store case itself (`allowNoStore`: the admin panel's
 * "Selecciona una tienda primero."). Routes call it through `requireAccess`
 * (app/lib/entry-access.server.ts), which takes the capability from the entry's declaration.
 */
export async function requireStoreMember(
  request: Request,
  context: AppLoadContext,
  capability: Capability,
): Promise<StoreAccess>;
export async function requireStoreMember(
  request: Request,
  context: AppLoadContext,
  capability: Capability,
  options: { allowNoStore: true },
): Promise<StoreAccess | NoStoreAccess>;
export async function requireStoreMember(
  request: Request,
  context: AppLoadContext,
  capability: Capability,
  options: { allowNoStore?: boolean } = {},
): Promise<StoreAccess | NoStoreAccess> {
  const { user, signedInAt } = await requireSignedIn(request, context);
  const { db } = context.services;
  const access = await findStoreRole(db, user.id);
  const store = access ? await findStore(db, access.storeId) : null;
  if (!store || !access) {
    // The fixed log line for an owner whose user record (store link) is missing.
    context.logger.warn("No user document found!", { userId: user.id });
    if (!options.allowNoStore) refuseNotFound(request);
    return { user, store: null, role: null, signedInAt };
  }
  if (!can(access.role, capability)) refuseNotFound(request);
  return { user, store, role: access.role, signedInAt };
}
