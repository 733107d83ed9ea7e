import { data } from "react-router";
import { requireAccess } from "~/lib/entry-access.server";
import { actorOf, withActivity } from "~/domain/team/activity.server";
import { NEW_ORDER_EMAIL_MESSAGES } from "~/domain/orders/new-order-notices";
import { setNewOrderEmails } from "~/domain/orders/new-order-mail.server";
import { answering } from "~/lib/http-errors.server";
import type { Executor } from "~/db/client.server";
import type { Route } from "./+types/order-email";

/** POST /i/admin/order-email: "Avisarme por correo de cada pedido nuevo", on or off. */
export async function action({ request, context }: Route.ActionArgs) {
  const { user, store } = await requireAccess(request, context, "admin-order-email");
  const enabled = (await request.formData()).get("enabled");
  if (enabled !== "true" && enabled !== "false") {
    return data({ ok: false as const, message: NEW_ORDER_EMAIL_MESSAGES.failed }, 400);
  }
  return answering(
    {
      logger: context.logger,
      fallback: NEW_ORDER_EMAIL_MESSAGES.failed,
      logLine: "order e-mail setting failed",
    },
    async () => {
      const save = (tx: Executor) => setNewOrderEmails(tx, store.id, user.id, enabled === "true");
      await withActivity(context.services.db, actorOf(user), store.id, save, {
        kind: "order_email",
        details: { enabled: enabled === "true" },
      });
      const message =
        enabled === "true" ? NEW_ORDER_EMAIL_MESSAGES.on(user.email) : NEW_ORDER_EMAIL_MESSAGES.off;
      return { ok: true as const, message };
    },
  );
}
