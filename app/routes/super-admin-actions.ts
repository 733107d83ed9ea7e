import { runSuperAdminAction } from "~/domain/super-admin/super-admin-actions.server";
import type { Route } from "./+types/super-admin-actions";

/** POST /i/super-admin/actions: the hydrated super-admin panel's actions, answered in JSON. */
export async function action({ request, context }: Route.ActionArgs) {
  return runSuperAdminAction(request, context);
}
