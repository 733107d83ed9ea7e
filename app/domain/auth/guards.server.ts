import { data, redirect, type AppLoadContext } from "react-router";
import { findOwnedStoreId, findStore } from "~/domain/stores/store.server";
import { NO_PERMISSION_MESSAGE, SUPERADMIN_ROLE } from "./roles";

/**
 * The named guards every loader and action calls for itself (STYLE.md): a layout's loader
 * never protects a child's action.
 */

export async function getCurrentUser(request: Request, context: AppLoadContext) {
  const session = await context.services.auth.api.getSession({ headers: request.headers });
  return session?.user ?? null;
}

export type CurrentUser = NonNullable<Awaited<ReturnType<typeof getCurrentUser>>>;

export async function requireUser(request: Request, context: AppLoadContext): Promise<CurrentUser> {
  const user = await getCurrentUser(request, context);
  if (!user) throw redirect("/i/login");
  return user;
}

export async function requireAnonymous(request: Request, context: AppLoadContext) {
  if (await getCurrentUser(request, context)) throw redirect("/i/admin");
}

export async function requireSuperAdmin(request: Request, context: AppLoadContext): Promise<CurrentUser> {
  const user = await requireUser(request, context);
  if (user.role !== SUPERADMIN_ROLE) throw data({ message: NO_PERMISSION_MESSAGE }, { status: 403 });
  return user;
}

/**
 * The signed-in owner and their store. A user without an owner link has no store to act on:
 * an action answers "not found", exactly as for another owner's data.
 */
export async function requireStoreOwner(request: Request, context: AppLoadContext) {
  const user = await requireUser(request, context);
  const storeId = await findOwnedStoreId(context.services.db, user.id);
  const store = storeId ? await findStore(context.services.db, storeId) : null;
  if (!store) {
    context.logger.warn("No user document found!", { userId: user.id });
    throw data({ message: "No encontrado." }, { status: 404 });
  }
  return { user, store };
}
