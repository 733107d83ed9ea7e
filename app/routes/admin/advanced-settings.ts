import { requireStoreOwner } from "~/domain/auth/guards.server";
import { CATEGORY_TAG_MESSAGES, CategoryTagsSchema } from "~/domain/stores/category-tags";
import { saveCustomCategories } from "~/domain/stores/settings.server";
import { actionError, actionFailure, actionOk } from "~/lib/action-result.server";
import type { Route } from "./+types/advanced-settings";

/** POST /i/admin/advanced-settings: custom categories (basic plan; the domain refuses others). */
export async function action({ request, context }: Route.ActionArgs) {
  const { store } = await requireStoreOwner(request, context);
  const formData = await request.formData();
  const parsed = CategoryTagsSchema.safeParse(
    formData.getAll("categories").filter((value) => typeof value === "string"),
  );
  if (!parsed.success)
    return actionFailure(parsed.error.issues[0]?.message ?? CATEGORY_TAG_MESSAGES.failed, 400);
  try {
    await saveCustomCategories(context.services.db, store.id, parsed.data);
    return actionOk(CATEGORY_TAG_MESSAGES.saved);
  } catch (error) {
    return actionError(error, context.logger, CATEGORY_TAG_MESSAGES.failed, "advanced settings save failed");
  }
}
