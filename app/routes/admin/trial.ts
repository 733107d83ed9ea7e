import { requireStoreOwner } from "~/domain/auth/guards.server";
import { TRIAL_MESSAGES } from "~/domain/stores/plan";
import { startTrial } from "~/domain/stores/settings.server";
import { actionError, actionOk } from "~/lib/action-result.server";
import type { Route } from "./+types/trial";

/** POST /i/admin/trial: starts the 30-day basic trial, once per store. */
export async function action({ request, context }: Route.ActionArgs) {
  const { store } = await requireStoreOwner(request, context);
  try {
    await startTrial(context.services.db, store.id);
    context.logger.info("trial started", { storeId: store.id });
    return actionOk(TRIAL_MESSAGES.started);
  } catch (error) {
    return actionError(error, context.logger, "No se pudo iniciar la prueba. Intenta de nuevo.");
  }
}
