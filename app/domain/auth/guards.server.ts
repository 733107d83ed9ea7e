import { redirect, type AppLoadContext } from "react-router";
import { databaseOutage, isDatabaseUnavailable, OUTAGE_RETRY_AFTER_SECONDS } from "~/db/outage.server";
import { OUTAGE_MESSAGE } from "~/lib/errors";
import { plainPage } from "~/lib/plain-page.server";
import { GUARD_MESSAGES, NO_PERMISSION_MESSAGE, SUPERADMIN_ROLE } from "./roles";

/**
 * Who is asking: the guards of identity, which `requireAccess` (app/lib/entry-access.server.ts)
 * runs as each entry point declares (docs/decisions/009, 048); a store member's is
 * `requireStoreMember` (app/domain/team/store-access.server.ts). A layout's loader never protects a
 * child's action. Each answers in the caller's language: a page request gets a
 * redirect to the login page or a Spanish 403/404 page; a script's JSON request (our fetch
 * clients send `Accept: application/json`) gets the status and `{ ok: false, message }`, because
 * a redirect to the login page would read to a script as a success.
 */

export async function getCurrentUser(request: Request, context: AppLoadContext) {
  const session = await readSession(request, context);
  return session?.user ?? null;
}

/**
 * The request's session. While the database cannot be reached, a script's JSON request (a panel
 * form) gets 503 with the sentence its form shows beside "Reintentar"; a page's error goes on to
 * its error boundary, answered 503 too (server/outage.ts).
 */
async function readSession(request: Request, context: AppLoadContext) {
  try {
    return await context.services.auth.api.getSession({ headers: request.headers });
  } catch (error) {
    if (isDatabaseUnavailable(error) && wantsJson(request)) {
      databaseOutage.failed(error);
      throw Response.json(
        { ok: false, message: OUTAGE_MESSAGE },
        { status: 503, headers: { "Retry-After": String(OUTAGE_RETRY_AFTER_SECONDS) } },
      );
    }
    throw error;
  }
}

export type CurrentUser = NonNullable<Awaited<ReturnType<typeof getCurrentUser>>>;

export function wantsJson(request: Request): boolean {
  const accept = request.headers.get("accept") ?? "";
  return accept.includes("application/json") && !accept.includes("text/html");
}

const PAGE_TITLES = { 403: "Sin permiso", 404: "No encontramos esta página" } as const;

function deny(request: Request, status: 401 | 403 | 404, message: string): never {
  if (wantsJson(request)) throw Response.json({ ok: false, message }, { status });
  if (status === 401) throw redirect("/i/login");
  // A page route renders its error boundary from this status; a resource route (a form sent
  // before the page's JavaScript arrived) answers with this small page as it is.
  throw new Response(plainPage({ title: PAGE_TITLES[status], message }), {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8" },
  });
}

/** "Not found" in the caller's language: what a role lacking a capability gets, as for another store's data. */
export function refuseNotFound(request: Request): never {
  deny(request, 404, GUARD_MESSAGES.notFound);
}

export async function requireUser(request: Request, context: AppLoadContext): Promise<CurrentUser> {
  const user = await getCurrentUser(request, context);
  if (!user) deny(request, 401, GUARD_MESSAGES.signInRequired);
  return user;
}

/**
 * The signed-in user, the id of the session the request came with (the Cuenta area's "esta
 * sesión") and when that session signed in (a recent sign-in confirms who is there).
 */
export async function requireSignedIn(
  request: Request,
  context: AppLoadContext,
): Promise<{ user: CurrentUser; sessionId: string; signedInAt: Date }> {
  const session = await readSession(request, context);
  if (!session) deny(request, 401, GUARD_MESSAGES.signInRequired);
  return { user: session.user, sessionId: session.session.id, signedInAt: session.session.createdAt };
}

export async function requireAnonymous(request: Request, context: AppLoadContext) {
  if (await getCurrentUser(request, context)) throw redirect("/i/admin");
}

export async function requireSuperAdmin(request: Request, context: AppLoadContext): Promise<CurrentUser> {
  const user = await requireUser(request, context);
  if (user.role !== SUPERADMIN_ROLE) deny(request, 403, NO_PERMISSION_MESSAGE);
  return user;
}
