import { data } from "react-router";
import { eq, sql } from "drizzle-orm";
import { storeSettings } from "~/db/schema";
import { requireAccess } from "~/lib/entry-access.server";
import { actorOf, withActivity } from "~/domain/team/activity.server";
import {
  ORDER_SETTINGS_MESSAGES,
  PaymentSettingsSchema,
  paymentSettingsValues,
  TemplatesSchema,
  templateValues,
  TipSettingsSchema,
  tipSettingsValues,
} from "~/domain/orders/order-settings-form";
import { TIP_MESSAGES } from "~/domain/orders/tips";
import { fieldErrors, invalidForm } from "~/lib/form-result";
import { answering } from "~/lib/http-errors.server";
import type { Executor } from "~/db/client.server";
import type { Route } from "./+types/order-settings";

/**
 * POST /i/admin/order-settings: `intent=payment` saves how shoppers may pay and the
 * bank details for transfers; `intent=templates` saves the WhatsApp status texts; `intent=tips` saves
 * the propina offered (app/domain/orders/tips.ts).
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
  if (form.get("intent") === "tips") {
    const parsed = TipSettingsSchema.safeParse(tipSettingsValues(form));
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      return data(invalidForm(Object.values(errors)[0] ?? ORDER_SETTINGS_MESSAGES.failed, errors), 400);
    }
    return answering(options, async () => {
      const save = (tx: Executor) =>
        tx.update(storeSettings).set(parsed.data).where(eq(storeSettings.storeId, store.id));
      await withActivity(db, actor, store.id, save, { kind: "tips" });
      return { ok: true as const, message: TIP_MESSAGES.saved };
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
    // Mercado Pago is no tick of this form: it stays offered while the store's account is linked.
    const chosen = sql`${sql.param(parsed.data.paymentMethods)}::text[]`;
    const paymentMethods = sql`${chosen} || case when 'mercadopago' = any(${storeSettings.paymentMethods})
      then array['mercadopago'] else '{}'::text[] end`;
    const save = (tx: Executor) =>
      tx
        .update(storeSettings)
        .set({ ...parsed.data, paymentMethods })
        .where(eq(storeSettings.storeId, store.id));
    await withActivity(db, actor, store.id, save, { kind: "payments" });
    return { ok: true as const, message: ORDER_SETTINGS_MESSAGES.paymentSaved };
  });
}
