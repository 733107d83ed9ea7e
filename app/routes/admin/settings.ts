import { requireStoreOwner } from "~/domain/auth/guards.server";
import { fieldErrors } from "~/domain/stores/signup-form";
import { SETTINGS_MESSAGES, SettingsFormSchema, settingsFormValues } from "~/domain/stores/settings-form";
import { saveStoreSettings } from "~/domain/stores/settings.server";
import { actionError, actionFailure, actionOk } from "~/lib/action-result.server";
import type { Route } from "./+types/settings";

/** POST /i/admin/settings: the settings tab's save (merge). */
export async function action({ request, context }: Route.ActionArgs) {
  const { store } = await requireStoreOwner(request, context);
  const parsed = SettingsFormSchema.safeParse(settingsFormValues(await request.formData()));
  if (!parsed.success) {
    const [field, message] = Object.entries(fieldErrors<string>(parsed.error))[0] ?? [
      "",
      SETTINGS_MESSAGES.failed,
    ];
    return actionFailure(message ?? SETTINGS_MESSAGES.failed, 400, field || undefined);
  }
  try {
    await saveStoreSettings(context.services.db, store.id, parsed.data, context.services);
    return actionOk(SETTINGS_MESSAGES.saved);
  } catch (error) {
    return actionError(error, context.logger, SETTINGS_MESSAGES.failed, "settings save failed");
  }
}
