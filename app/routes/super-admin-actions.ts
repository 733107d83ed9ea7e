import { runSuperAdminAction } from "~/domain/super-admin/super-admin-actions.server";
import { requireAccess } from "~/lib/entry-access.server";
import type { Route } from "./+types/super-admin-actions";

/** POST /i/super-admin/actions: the hydrated super-admin panel's actions, answered in JSON. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAccess(request, context, "super-admin-actions");
  return runSuperAdminAction(request, context, user);
}
