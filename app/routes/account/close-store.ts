import { requireStoreOwner } from "~/domain/auth/guards.server";
import { CLOSE_STORE_MESSAGES, STORE_CLOSED_PAGE } from "~/domain/stores/close-store";
import { closeStore } from "~/domain/stores/close-store.server";
import { answering } from "~/lib/http-errors.server";
import type { Route } from "./+types/close-store";

/** POST /i/cuenta/cerrar-tienda: "Cerrar mi tienda", after the owner typed the store's id. */
export async function action({ request, context }: Route.ActionArgs) {
  const { user, store } = await requireStoreOwner(request, context);
  const confirmation = String((await request.formData()).get("confirmStoreId") ?? "").slice(0, 40);
  return answering(
    { logger: context.logger, fallback: CLOSE_STORE_MESSAGES.failed, logLine: "closing a store failed" },
    async () => {
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
