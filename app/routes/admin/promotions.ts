import { data } from "react-router";
import { requireAccess } from "~/lib/entry-access.server";
import { parseCodeForm, parseOfferForm, PROMOTION_FORM_MESSAGES } from "~/domain/promotions/promotion-form";
import {
  createCode,
  createOffer,
  deletePromotion,
  setPromotionPaused,
} from "~/domain/promotions/promotions.server";
import { actorOf, withActivity } from "~/domain/team/activity.server";
import { invalidForm } from "~/lib/form-result";
import { answering } from "~/lib/http-errors.server";
import type { Executor } from "~/db/client.server";
import type { ActivityEntry } from "~/domain/team/activity";
import type { Route } from "./+types/promotions";

/**
 * POST /i/admin/promotions (docs/decisions/036): `intent` create-code, create-offer, pause, resume
 * or delete (with `kind` code|offer and `id`). Capability "products": the owner and the encargado.
 * A plan without promotions is refused by the domain, whatever the form says.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { user, store } = await requireAccess(request, context, "admin-promotions");
  const form = await request.formData();
  const fields: Record<string, string[]> = {};
  for (const [name, value] of form) if (typeof value === "string") (fields[name] ??= []).push(value);
  const { db } = context.services;
  const options = {
    logger: context.logger,
    fallback: PROMOTION_FORM_MESSAGES.failed,
    logLine: "promotion failed",
  };
  const owner = { id: store.id, tier: store.licence.tier };
  const intent = form.get("intent");
  const kind = form.get("kind") === "offer" ? ("offer" as const) : ("code" as const);
  const id = String(form.get("id") ?? "");
  // Each change writes its "Actividad" line in its own transaction (docs/decisions/033).
  const recorded = <T>(change: (tx: Executor) => Promise<T>, entry: (result: T) => ActivityEntry) =>
    withActivity(db, actorOf(user), store.id, change, entry);
  switch (intent) {
    case "create-code": {
      const parsed = parseCodeForm(fields, store.settings.timeZone);
      if (!parsed.ok) return data(invalidForm(PROMOTION_FORM_MESSAGES.failed, parsed.errors), 400);
      return answering(options, async () => {
        await recorded(
          (tx) => createCode(tx, owner, parsed.data),
          () => ({ kind: "code_created", subject: parsed.data.code }),
        );
        return { ok: true as const, message: PROMOTION_FORM_MESSAGES.saved };
      });
    }
    case "create-offer": {
      const parsed = parseOfferForm(fields);
      if (!parsed.ok) return data(invalidForm(PROMOTION_FORM_MESSAGES.failed, parsed.errors), 400);
      return answering(options, async () => {
        await recorded(
          (tx) => createOffer(tx, owner, parsed.data),
          () => ({ kind: "offer_created", subject: parsed.data.name }),
        );
        return { ok: true as const, message: PROMOTION_FORM_MESSAGES.saved };
      });
    }
    case "pause":
    case "resume":
      return answering(options, async () => {
        await recorded(
          (tx) => setPromotionPaused(tx, owner, kind, id, intent === "pause"),
          (name) => ({ kind: `${kind}_${intent === "pause" ? "paused" : "resumed"}`, subject: name }),
        );
        return {
          ok: true as const,
          message: intent === "pause" ? PROMOTION_FORM_MESSAGES.paused : PROMOTION_FORM_MESSAGES.resumed,
        };
      });
    case "delete":
      return answering(options, async () => {
        await recorded(
          (tx) => deletePromotion(tx, owner, kind, id),
          (name) => ({ kind: `${kind}_deleted`, subject: name }),
        );
        return { ok: true as const, message: PROMOTION_FORM_MESSAGES.deleted };
      });
    default:
      return data({ ok: false as const, message: PROMOTION_FORM_MESSAGES.failed }, 400);
  }
}
