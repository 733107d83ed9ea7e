import { data } from "react-router";
import { z } from "~/lib/zod";
import { requireAccess } from "~/lib/entry-access.server";
import { OWNER_ORDER_MESSAGES } from "~/domain/orders/owner-orders";
import { CANCEL_REASON_MAX_LENGTH, ORDER_STEPS } from "~/domain/orders/order-steps";
import { cancelGivingMoneyBack } from "~/domain/payments/providers.server";
import {
  completeOrder,
  markOrderPaid,
  markOrderSeen,
  markOrderStep,
} from "~/domain/orders/owner-orders.server";
import { markInvoiced } from "~/domain/orders/order-invoice.server";
import { answering } from "~/lib/http-errors.server";
import { actorDisplayName } from "~/domain/team/invitations";
import type { Route } from "./+types/orders";

const orderId = z.string().min(1).max(40);
const IntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("complete"), orderId }),
  z.object({
    intent: z.literal("cancel"),
    orderId,
    reason: z.string().trim().max(CANCEL_REASON_MAX_LENGTH).optional().default(""),
  }),
  z.object({ intent: z.literal("step"), orderId, step: z.enum(ORDER_STEPS) }),
  z.object({ intent: z.literal("paid"), orderId }),
  z.object({ intent: z.literal("seen"), orderId }),
  z.object({ intent: z.literal("invoiced"), orderId }),
]);

/**
 * POST /i/admin/orders: complete or cancel a pending order, mark its next step, that it was
 * paid, that its factura was issued ("Marcar como facturado"), or that the owner has seen it
 * ("Visto", which stops the alarm). A failure is logged with the
 * fixed line "Error completing order:"; the panel keeps the order as it was.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { store, user } = await requireAccess(request, context, "admin-orders");
  const intent = IntentSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!intent.success) return data({ ok: false as const, message: OWNER_ORDER_MESSAGES.failed }, 400);
  const { db } = context.services;
  const options = {
    logger: context.logger,
    fallback: OWNER_ORDER_MESSAGES.failed,
    logLine: "Error completing order:",
    logData: { orderId: intent.data.orderId, intent: intent.data.intent },
  };
  return answering(options, async () => {
    const { data: command } = intent;
    // Who did it, kept on the order's timeline: "Completada por Ana" (docs/decisions/033).
    const actor = { userId: user.id, name: actorDisplayName(user.name, user.email) };
    const now = new Date();
    if (command.intent === "complete") await completeOrder(db, store.id, command.orderId, now, actor);
    else if (command.intent === "cancel")
      // A card paid through its provider is refunded first; a refusal leaves the order as it was.
      await cancelGivingMoneyBack(db, context.services.payments, store.id, command.orderId, {
        reason: command.reason,
        actor,
        now,
      });
    else if (command.intent === "step")
      await markOrderStep(db, store.id, command.orderId, command.step, now, actor);
    else if (command.intent === "paid") await markOrderPaid(db, store.id, command.orderId, now, actor);
    // "Marcar como facturado" (docs/decisions/053): an order that asked for no factura is not found.
    else if (command.intent === "invoiced") await markInvoiced(db, store.id, command.orderId, now);
    else await markOrderSeen(db, store.id, command.orderId);
    return { ok: true as const };
  });
}
