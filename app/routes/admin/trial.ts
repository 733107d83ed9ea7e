import { requireAccess } from "~/lib/entry-access.server";
import { actorOf, withActivity } from "~/domain/team/activity.server";
import { TRIAL_MESSAGES } from "~/domain/stores/plan";
import { startTrial } from "~/domain/stores/settings.server";
import { answering } from "~/lib/http-errors.server";
import type { Executor } from "~/db/client.server";
import type { Route } from "./+types/trial";

/** POST /i/admin/trial: starts the 30-day basic trial, once per store. */
export async function action({ request, context }: Route.ActionArgs) {
  const { user, store } = await requireAccess(request, context, "admin-trial");
  return answering({ logger: context.logger, fallback: TRIAL_MESSAGES.failed }, async () => {
    const start = (tx: Executor) => startTrial(tx, store.id);
    await withActivity(context.services.db, actorOf(user), store.id, start, { kind: "trial_started" });
    context.logger.info("trial started", { storeId: store.id });
    return { ok: true as const, message: TRIAL_MESSAGES.started };
  });
}
