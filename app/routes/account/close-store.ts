import { data } from "react-router";
import { ConfirmIdentitySchema } from "~/domain/auth/account-forms";
import { confirmIdentity } from "~/domain/auth/account.server";
import { requireAccess } from "~/lib/entry-access.server";
import { CLOSE_STORE_MESSAGES, STORE_CLOSED_PAGE } from "~/domain/stores/close-store";
import { assertStoreConfirmed, closeStore } from "~/domain/stores/close-store.server";
import { fieldErrors, invalidForm } from "~/lib/form-result";
import { answering } from "~/lib/http-errors.server";
import type { Route } from "./+types/close-store";

/**
 * POST /i/cuenta/cerrar-tienda: "Cerrar mi tienda", after the owner typed the store's id and their
 * current password (which may stay empty right after signing in).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { user, store, signedInAt } = await requireAccess(request, context, "account-close-store");
  const form = await request.formData();
  const confirmation = String(form.get("confirmStoreId") ?? "").slice(0, 40);
  const identity = ConfirmIdentitySchema.safeParse({ currentPassword: form.get("currentPassword") ?? "" });
  if (!identity.success)
    return data(invalidForm(CLOSE_STORE_MESSAGES.failed, fieldErrors(identity.error)), 400);
  return answering(
    { logger: context.logger, fallback: CLOSE_STORE_MESSAGES.failed, logLine: "closing a store failed" },
    async () => {
      assertStoreConfirmed(store.id, confirmation);
      await confirmIdentity(
        context.services,
        { email: user.email, ip: context.clientIp, headers: request.headers, signedInAt },
        identity.data.currentPassword,
      );
      const closed = await closeStore(context.services.db, {
        storeId: store.id,
        userId: user.id,
        confirmation,
      });
      context.services.jobs.nudge();
      context.logger.info("store closed, owner's account deleted", { storeId: store.id, ...closed });
      return { ok: true as const, message: CLOSE_STORE_MESSAGES.closed, next: STORE_CLOSED_PAGE };
    },
  );
}
