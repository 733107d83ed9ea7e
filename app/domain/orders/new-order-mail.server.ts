/**
 * "Avisarme por correo de cada pedido nuevo": a second channel beside push, off
 * by default. The order's own transaction queues a job naming the order (no shopper's data in
 * it) when the owner asked for these e-mails; the job writes the message from the order as
 * stored and queues it in the mail outbox, marked with the order so that erasing the shopper's
 * data erases it too.
 */
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { Database, Executor } from "~/db/client.server";
import { authUser, orderLines, orders, storeOwners, storeSettings } from "~/db/schema";
import { jobsInsert } from "~/domain/jobs/jobs.server";
import { z } from "~/lib/zod";
import { PENDING_ORDERS_URL } from "~/domain/push/push-text";
import { newOrderMail } from "./new-order-notices";
import { queueMail } from "~/domain/mail/mail.server";
import { inTransaction } from "~/db/after-commit.server";
import { defineJob } from "~/domain/jobs/define-job.server";

export const NEW_ORDER_EMAIL_JOB = "orders.new-order-email";
export const NewOrderEmailPayloadSchema = z.object({ storeId: z.string(), orderId: z.string() });

/**
 * In the order's statement: one job if one of the store's owners wants an e-mail per order.
 * `onlyIf` is the statement's condition that the order was placed.
 */
export function newOrderEmailJobInsert(storeId: string, orderId: string, onlyIf: SQL) {
  return jobsInsert(
    NEW_ORDER_EMAIL_JOB,
    sql`jsonb_build_object('storeId', ${storeId}::text, 'orderId', ${orderId}::text)`,
    sql`where exists (select 1 from ${storeOwners}
        where ${storeOwners.storeId} = ${storeId} and ${storeOwners.emailNewOrders}) and ${onlyIf}`,
  );
}

/** The owner's e-mail about a new order, when they asked for one per order. */
export function newOrderEmailJob(deps: { db: Database; origin: string }) {
  return defineJob({
    kind: NEW_ORDER_EMAIL_JOB,
    payload: NewOrderEmailPayloadSchema,
    run: sendNewOrderEmail(deps),
  });
}

function sendNewOrderEmail({ db, origin }: { db: Database; origin: string }) {
  return async ({ storeId, orderId }: z.infer<typeof NewOrderEmailPayloadSchema>) => {
    await inTransaction(db, async (tx) => {
      const [order] = await tx
        .select({
          number: orders.id,
          customerName: orders.customerName,
          total: orders.total,
          discounts: orders.discounts,
          tip: orders.tip,
          tipPercent: orders.tipPercent,
          deliveryType: orders.deliveryType,
          to: authUser.email,
          wanted: storeOwners.emailNewOrders,
          storeName: storeSettings.displayName,
        })
        .from(orders)
        .innerJoin(storeOwners, eq(storeOwners.storeId, orders.storeId))
        .innerJoin(authUser, eq(authUser.id, storeOwners.userId))
        .innerJoin(storeSettings, eq(storeSettings.storeId, orders.storeId))
        .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId)));
      // The store closed, or the owner turned the e-mails off meanwhile.
      if (!order?.wanted) return;
      const lines = await tx
        .select({
          name: orderLines.name,
          quantity: orderLines.quantity,
          unit: orderLines.unit,
          choices: orderLines.choices,
        })
        .from(orderLines)
        .where(and(eq(orderLines.storeId, storeId), eq(orderLines.orderId, orderId)))
        .orderBy(asc(orderLines.position));
      const message = newOrderMail(
        order.to,
        { ...order, storeName: order.storeName || storeId, lines },
        `${origin}${PENDING_ORDERS_URL}`,
      );
      await queueMail(tx, message, { orderRef: `${storeId}/${orderId}` });
    });
  };
}

/** The owner's switch for these e-mails. */
export async function setNewOrderEmails(db: Executor, storeId: string, userId: string, enabled: boolean) {
  await db
    .update(storeOwners)
    .set({ emailNewOrders: enabled })
    .where(and(eq(storeOwners.storeId, storeId), eq(storeOwners.userId, userId)));
}

export async function wantsNewOrderEmails(db: Executor, storeId: string) {
  const [owner] = await db
    .select({ enabled: storeOwners.emailNewOrders })
    .from(storeOwners)
    .where(eq(storeOwners.storeId, storeId));
  return owner?.enabled ?? false;
}
