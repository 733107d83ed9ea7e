import { data } from "react-router";
import { requireAccess } from "~/lib/entry-access.server";
import { actorOf, withActivity } from "~/domain/team/activity.server";
import { hasCardPayments } from "~/domain/orders/payment";
import {
  PAYMENT_ACCOUNT_MESSAGES,
  TokenAccountSchema,
  tokenAccountValues,
} from "~/domain/payments/payment-account";
import { checkToken, saveLinkedAccount, unlinkAccount } from "~/domain/payments/payments.server";
import { fieldErrors, invalidForm } from "~/lib/form-result";
import { answering } from "~/lib/http-errors.server";
import type { Route } from "./+types/payment-account";

/**
 * POST /i/admin/mercadopago (docs/decisions/052): `intent=link` saves the store's Mercado Pago
 * account from its access token, public key and webhook secret — only once GET /users/me answers
 * for the token, on a plan that includes card payments; `intent=unlink` forgets it. The secrets are
 * sealed and never sent back: the panel shows the account's nickname only.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { user, store } = await requireAccess(request, context, "admin-payment-account");
  const actor = actorOf(user);
  const form = await request.formData();
  const { db, payments } = context.services;
  const options = {
    logger: context.logger,
    fallback: PAYMENT_ACCOUNT_MESSAGES.failed,
    logLine: "payment account save failed",
  };
  if (form.get("intent") === "unlink") {
    return answering(options, async () => {
      await withActivity(db, actor, store.id, (tx) => unlinkAccount(tx, store.id), { kind: "payments" });
      return { ok: true as const, message: PAYMENT_ACCOUNT_MESSAGES.unlinked };
    });
  }
  if (form.get("intent") !== "link")
    return data({ ok: false as const, message: PAYMENT_ACCOUNT_MESSAGES.failed }, 400);
  if (!hasCardPayments(store.licence.tier))
    return data({ ok: false as const, message: PAYMENT_ACCOUNT_MESSAGES.planRequired }, 409);
  const parsed = TokenAccountSchema.safeParse(tokenAccountValues(form));
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return data(invalidForm(Object.values(errors)[0] ?? PAYMENT_ACCOUNT_MESSAGES.failed, errors), 400);
  }
  return answering(options, async () => {
    const owner = await checkToken(payments, parsed.data.accessToken);
    const account = { linkedVia: "token" as const, ...owner, ...parsed.data };
    await withActivity(db, actor, store.id, (tx) => saveLinkedAccount(tx, payments, store.id, account), {
      kind: "payments",
    });
    return { ok: true as const, message: PAYMENT_ACCOUNT_MESSAGES.linked, nickname: owner.nickname };
  });
}
