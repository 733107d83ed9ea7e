import { data } from "react-router";
import { requireAccess } from "~/lib/entry-access.server";
import { actorOf, withActivity } from "~/domain/team/activity.server";
import { pauseOrders, resumeOrders } from "~/domain/stores/pause.server";
import { PauseSchema, SHOP_RULES_MESSAGES } from "~/domain/orders/shop-rules-form";
import { fieldErrors, invalidForm } from "~/lib/form-result";
import { answering } from "~/lib/http-errors.server";
import type { Route } from "./+types/pause";

/**
 * POST /i/admin/pause: `intent=pause` pauses at once (the header's one tap sends
 * nothing else; the details dialog adds a message and minutes, or "keep" for the end already
 * chosen), `intent=resume` takes orders again.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { user, store } = await requireAccess(request, context, "admin-pause");
  const actor = actorOf(user);
  const form = await request.formData();
  const { db } = context.services;
  const options = { logger: context.logger, fallback: SHOP_RULES_MESSAGES.failed, logLine: "pause failed" };
  if (form.get("intent") === "resume") {
    return answering(options, async () => {
      await withActivity(db, actor, store.id, (tx) => resumeOrders(tx, store.id), { kind: "resumed" });
      return { ok: true as const, message: SHOP_RULES_MESSAGES.resumed };
    });
  }
  // A form that names no intent pauses nothing: the header's tap and the dialog both name theirs.
  if (form.get("intent") !== "pause") {
    return data({ ok: false as const, message: SHOP_RULES_MESSAGES.failed }, 400);
  }
  const parsed = PauseSchema.safeParse({
    message: form.get("message") ?? "",
    minutes: form.get("minutes") ?? "",
  });
  if (!parsed.success) return data(invalidForm(SHOP_RULES_MESSAGES.failed, fieldErrors(parsed.error)), 400);
  return answering(options, async () => {
    await withActivity(db, actor, store.id, (tx) => pauseOrders(tx, store.id, parsed.data), {
      kind: "paused",
    });
    return { ok: true as const, message: SHOP_RULES_MESSAGES.paused };
  });
}
