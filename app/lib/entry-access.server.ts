/**
 * The guard of an entry point, as app/lib/entry-points.ts declares it (docs/decisions/048). Every
 * loader and action of a guarded entry starts with `requireAccess(request, context, "<entry>")`:
 * the entry's `access` says which guard runs and with which capability, and what the route gets
 * back — the store member's store and role, the signed-in account, the super-admin. The
 * generated guard and role matrices (tests/integration/guards.test.ts, team-roles.test.ts) ask
 * every entry as every caller.
 */
import type { AppLoadContext } from "react-router";
import {
  requireAnonymous,
  requireSignedIn,
  requireSuperAdmin,
  type CurrentUser,
} from "~/domain/auth/guards.server";
import { requireStoreMember, type NoStoreAccess, type StoreAccess } from "~/domain/team/store-access.server";
import {
  entryFor,
  entryPoint,
  type EntryNamed,
  type EntryPoint,
  type GuardedEntryName,
} from "./entry-points";

type SignedIn = Awaited<ReturnType<typeof requireSignedIn>>;

/** What a route gets from its entry's guard. */
export type Granted<N extends GuardedEntryName> = EntryNamed<N>["access"] extends {
  who: "member";
  withoutStore: "page";
}
  ? StoreAccess | NoStoreAccess
  : EntryNamed<N>["access"] extends { who: "member" }
    ? StoreAccess
    : EntryNamed<N>["access"] extends { who: "signed-in" }
      ? SignedIn
      : EntryNamed<N>["access"] extends { who: "super-admin" }
        ? CurrentUser
        : void;

export async function requireAccess<N extends GuardedEntryName>(
  request: Request,
  context: AppLoadContext,
  name: N,
): Promise<Granted<N>> {
  const entry: EntryPoint = entryPoint(name);
  const { pathname } = new URL(request.url);
  // A route names its own entry: a guard copied from another route would check the wrong rule.
  if (entryFor(pathname, request.method)?.name !== name) {
    throw new Error(`requireAccess("${name}") guards a request for ${request.method} ${pathname}`);
  }
  const access = entry.access;
  switch (access.who) {
    case "member":
      return (await (access.withoutStore === "page"
        ? requireStoreMember(request, context, access.capability, { allowNoStore: true })
        : requireStoreMember(request, context, access.capability))) as Granted<N>;
    case "signed-in":
      return (await requireSignedIn(request, context)) as Granted<N>;
    case "super-admin":
      return (await requireSuperAdmin(request, context)) as Granted<N>;
    case "signed-out":
      return (await requireAnonymous(request, context)) as Granted<N>;
  }
}
