import { data } from "react-router";
import { eq } from "drizzle-orm";
import { storeSettings } from "~/db/schema";
import { requireAccess } from "~/lib/entry-access.server";
import { actorOf, withActivity } from "~/domain/team/activity.server";
import {
  ORDER_SETTINGS_MESSAGES,
  PaymentSettingsSchema,
  paymentSettingsValues,
  TemplatesSchema,
  templateValues,
} from "~/domain/orders/order-settings-form";
import { fieldErrors, invalidForm } from "~/lib/form-result";
import { answering } from "~/lib/http-errors.server";
import type { Executor } from "~/db/client.server";
import type { Route } from "./+types/order-settings";

/**
 * POST /i/admin/order-settings: `intent=payment` saves how shoppers may pay and the
 * bank details for transfers; `intent=templates` saves the WhatsApp status texts.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { user, store } = await requireAccess(request, context, "admin-order-settings");
  const actor = actorOf(user);
  const form = await request.formData();
  const { db } = context.services;
  const options = {
    logger: context.logger,
    fallback: ORDER_SETTINGS_MESSAGES.failed,
    logLine: "order settings save failed",
  };
  if (form.get("intent") === "templates") {
    const parsed = TemplatesSchema.safeParse(templateValues(form));
    if (!parsed.success)
      return data(invalidForm(ORDER_SETTINGS_MESSAGES.templateTooLong, fieldErrors(parsed.error)), 400);
    return answering(options, async () => {
      const save = (tx: Executor) =>
        tx
          .update(storeSettings)
          .set({ statusTemplates: parsed.data })
          .where(eq(storeSettings.storeId, store.id));
      await withActivity(db, actor, store.id, save, { kind: "templates" });
      return { ok: true as const, message: ORDER_SETTINGS_MESSAGES.templatesSaved };
    });
  }
  // A form that names no intent (or another one) saves nothing: the panel's forms always name theirs.
  if (form.get("intent") !== "payment") {
    return data({ ok: false as const, message: ORDER_SETTINGS_MESSAGES.failed }, 400);
  }
  const parsed = PaymentSettingsSchema.safeParse(paymentSettingsValues(form));
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return data(invalidForm(Object.values(errors)[0] ?? ORDER_SETTINGS_MESSAGES.failed, errors), 400);
  }
  return answering(options, async () => {
    const save = (tx: Executor) =>
      tx.update(storeSettings).set(parsed.data).where(eq(storeSettings.storeId, store.id));
    await withActivity(db, actor, store.id, save, { kind: "payments" });
    return { ok: true as const, message: ORDER_SETTINGS_MESSAGES.paymentSaved };
  });
}
