import { data } from "react-router";
import { requireAccess } from "~/lib/entry-access.server";
import { actorOf, withActivity } from "~/domain/team/activity.server";
import { CATEGORY_TAG_MESSAGES, CategoryTagsSchema } from "~/domain/stores/category-tags";
import { saveCustomCategories } from "~/domain/stores/settings.server";
import { invalidForm } from "~/lib/form-result";
import { answering } from "~/lib/http-errors.server";
import type { Executor } from "~/db/client.server";
import type { Route } from "./+types/advanced-settings";

/** POST /i/admin/advanced-settings: custom categories (basic plan; the domain refuses others). */
export async function action({ request, context }: Route.ActionArgs) {
  const { user, store } = await requireAccess(request, context, "admin-advanced-settings");
  const formData = await request.formData();
  const parsed = CategoryTagsSchema.safeParse(
    formData.getAll("categories").filter((value) => typeof value === "string"),
  );
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? CATEGORY_TAG_MESSAGES.failed;
    return data(invalidForm(message, { categories: message }), 400);
  }
  const options = {
    logger: context.logger,
    fallback: CATEGORY_TAG_MESSAGES.failed,
    logLine: "advanced settings save failed",
  };
  return answering(options, async () => {
    const save = (tx: Executor) => saveCustomCategories(tx, store.id, parsed.data);
    await withActivity(context.services.db, actorOf(user), store.id, save, { kind: "categories" });
    return { ok: true as const, message: CATEGORY_TAG_MESSAGES.saved };
  });
}
