import { eq } from "drizzle-orm";
import { data } from "react-router";
import { storeSettings } from "~/db/schema";
import { requireAccess } from "~/lib/entry-access.server";
import { actorOf, withActivity } from "~/domain/team/activity.server";
import { HoursSchema, SHOP_RULES_MESSAGES, ZonesSchema } from "~/domain/orders/shop-rules-form";
import { fieldErrors, invalidForm } from "~/lib/form-result";
import { answering } from "~/lib/http-errors.server";
import type { Executor } from "~/db/client.server";
import type { Route } from "./+types/shop-rules";

/**
 * POST /i/admin/shop-rules: `intent=hours` saves the opening hours and what happens
 * outside them; `intent=zones` saves delivery zones and fees. Each form sends its structured
 * value as JSON in `payload`.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { user, store } = await requireAccess(request, context, "admin-shop-rules");
  const form = await request.formData();
  let payload: unknown;
  try {
    payload = JSON.parse(String(form.get("payload") ?? ""));
  } catch {
    return data(invalidForm(SHOP_RULES_MESSAGES.failed, {}), 400);
  }
  const schema = form.get("intent") === "zones" ? ZonesSchema : HoursSchema;
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    const message = parsed.error.issues[0]?.message ?? SHOP_RULES_MESSAGES.failed;
    return data(invalidForm(message, errors), 400);
  }
  const options = {
    logger: context.logger,
    fallback: SHOP_RULES_MESSAGES.failed,
    logLine: "shop rules save failed",
  };
  return answering(options, async () => {
    const values = "zones" in parsed.data ? { deliveryPricing: parsed.data } : parsed.data;
    const save = (tx: Executor) =>
      tx.update(storeSettings).set(values).where(eq(storeSettings.storeId, store.id));
    await withActivity(context.services.db, actorOf(user), store.id, save, {
      kind: "zones" in parsed.data ? "zones" : "hours",
    });
    return {
      ok: true as const,
      message: "zones" in parsed.data ? SHOP_RULES_MESSAGES.zonesSaved : SHOP_RULES_MESSAGES.hoursSaved,
    };
  });
}
