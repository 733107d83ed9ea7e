import { z } from "zod";
import { requireStoreOwner } from "~/domain/auth/guards.server";
import { cancelOrder, completeOrder } from "~/domain/orders/owner-orders.server";
import { actionFailure, actionOk } from "~/lib/action-result.server";
import { AppError } from "~/lib/errors";
import type { Route } from "./+types/orders";

const orderId = z.string().min(1).max(40);
const IntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("complete"), orderId }),
  z.object({ intent: z.literal("cancel"), orderId }),
]);

/** POST /i/admin/orders: complete or cancel a pending order. Failures are only logged (spec §8). */
export async function action({ request, context }: Route.ActionArgs) {
  const { store } = await requireStoreOwner(request, context);
  const intent = IntentSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!intent.success) return actionFailure("Solicitud no válida.", 400);
  const { db } = context.services;
  try {
    if (intent.data.intent === "complete") await completeOrder(db, store.id, intent.data.orderId);
    else await cancelOrder(db, store.id, intent.data.orderId);
    return actionOk();
  } catch (error) {
    context.logger.error("Error completing order:", { orderId: intent.data.orderId, error });
    const status = error instanceof AppError ? error.status : 500;
    return actionFailure(error instanceof AppError ? error.message : "Error", status);
  }
}
