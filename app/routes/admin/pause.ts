import { eq } from "drizzle-orm";
import { data } from "react-router";
import { storeSettings } from "~/db/schema";
import { requireStoreOwner } from "~/domain/auth/guards.server";
import { PauseSchema, SHOP_RULES_MESSAGES } from "~/domain/stores/shop-rules-form";
import { fieldErrors, invalidForm } from "~/lib/form-result";
import { answering } from "~/lib/http-errors.server";
import type { Route } from "./+types/pause";

/** POST /i/admin/pause (issue 16): `intent=pause` (optional message and minutes) or `intent=resume`. */
export async function action({ request, context }: Route.ActionArgs) {
  const { store } = await requireStoreOwner(request, context);
  const form = await request.formData();
  const { db } = context.services;
  const options = { logger: context.logger, fallback: SHOP_RULES_MESSAGES.failed, logLine: "pause failed" };
  if (form.get("intent") === "resume") {
    return answering(options, async () => {
      await db
        .update(storeSettings)
        .set({ pausedAt: null, pauseUntil: null, pauseMessage: "" })
        .where(eq(storeSettings.storeId, store.id));
      return { ok: true as const, message: SHOP_RULES_MESSAGES.resumed };
    });
  }
  const parsed = PauseSchema.safeParse({
    message: form.get("message") ?? "",
    minutes: form.get("minutes") ?? "",
  });
  if (!parsed.success) return data(invalidForm(SHOP_RULES_MESSAGES.failed, fieldErrors(parsed.error)), 400);
  return answering(options, async () => {
    const now = new Date();
    const { message, minutes } = parsed.data;
    await db
      .update(storeSettings)
      .set({
        pausedAt: now,
        pauseUntil: minutes === null ? null : new Date(now.getTime() + minutes * 60_000),
        pauseMessage: message,
      })
      .where(eq(storeSettings.storeId, store.id));
    return { ok: true as const, message: SHOP_RULES_MESSAGES.paused };
  });
}
