/**
 * What a new order sets off: a push to each of the owner's devices, the e-mail for an owner who
 * asked for one per order ("Avisarme por correo de cada pedido nuevo") and the change the owner's
 * open panels follow. They are queued by the order's own statement, so a crash after the commit
 * loses none and an order that does not commit leaves none; the workers and the panels are told
 * once it commits.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { announceJobs } from "~/domain/jobs/jobs.server";
import { NEW_ORDER_EMAIL_JOB, newOrderEmailJobInsert } from "~/domain/orders/new-order-mail.server";
import { newOrderPush } from "../new-order-notices";
import { PUSH_JOB, storePushJobsInsert } from "~/domain/push/push.server";
import { announceOrderChange, orderChangeInsert, type OrderEvent } from "../order-events.server";
import type { NewOrder } from "./write.server";

type Placed = Pick<NewOrder, "storeId" | "number" | "form" | "total" | "tip">;

/** The side effects as parts of the write statement: its CTEs and the columns that report them. */
export type SideEffects = {
  /** `pushes`, `emails` and `changed`, each written only when `ifPlaced` holds. */
  ctes: (ifPlaced: SQL) => SQL;
  columns: SQL;
};

/** What the statement reports it queued, for `announceSideEffects`. */
export type QueuedSideEffects = { change_id: string; pushes: number; emails: number };

export function queueSideEffects(order: Placed): SideEffects {
  const push = newOrderPush({
    number: order.number,
    customerName: order.form.customerName,
    total: order.total,
    tip: order.tip,
    deliveryType: order.form.deliveryType,
  });
  return {
    ctes: (ifPlaced) => sql`
      pushes as (${storePushJobsInsert(order.storeId, push, ifPlaced)}),
      emails as (${newOrderEmailJobInsert(order.storeId, order.number, ifPlaced)}),
      changed as (${orderChangeInsert(created(order), ifPlaced)})`,
    columns: sql`(select id from changed) as change_id,
        (select count(*) from pushes)::int as pushes, (select count(*) from emails)::int as emails`,
  };
}

/** Wakes the job workers that have something to send and tells the panels, after the commit. */
export async function announceSideEffects(tx: Executor, order: Placed, queued: QueuedSideEffects) {
  if (queued.pushes > 0) await announceJobs(tx, PUSH_JOB);
  if (queued.emails > 0) await announceJobs(tx, NEW_ORDER_EMAIL_JOB);
  await announceOrderChange(tx, created(order), Number(queued.change_id));
}

const created = (order: Placed): OrderEvent => ({
  type: "order.created",
  storeId: order.storeId,
  orderId: order.number,
});
