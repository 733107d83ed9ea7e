import { requireAccess } from "~/lib/entry-access.server";
import { actorOf, withActivity } from "~/domain/team/activity.server";
import { SETTINGS_MESSAGES, SettingsFormSchema, settingsFormValues } from "~/domain/stores/settings-form";
import { saveStoreSettings } from "~/domain/stores/settings.server";
import { fieldErrors, invalidForm } from "~/lib/form-result";
import { answering } from "~/lib/http-errors.server";
import type { Executor } from "~/db/client.server";
import type { Route } from "./+types/settings";
import { data } from "react-router";

/** POST /i/admin/settings: the settings tab's save (merge). */
export async function action({ request, context }: Route.ActionArgs) {
  const { user, store } = await requireAccess(request, context, "admin-settings");
  const parsed = SettingsFormSchema.safeParse(settingsFormValues(await request.formData()));
  if (!parsed.success) return data(invalidForm(SETTINGS_MESSAGES.failed, fieldErrors(parsed.error)), 400);
  return answering(
    { logger: context.logger, fallback: SETTINGS_MESSAGES.failed, logLine: "settings save failed" },
    async () => {
      const save = (tx: Executor) => saveStoreSettings(tx, store.id, parsed.data, context.services);
      await withActivity(context.services.db, actorOf(user), store.id, save, { kind: "settings" });
      return { ok: true as const, message: SETTINGS_MESSAGES.saved };
    },
  );
}
