/**
 * The payments sweep, a periodic job (every PAYMENTS_SWEEP_SECONDS): each card order still waiting
 * is asked about at Mercado Pago (payments/search by its external reference), so a lost webhook
 * changes nothing; one still unpaid after CARD_PAYMENT_EXPIRY_MINUTES is cancelled as expired
 * through the cancel every order takes, which gives back its stock and its code's use. An order
 * Mercado Pago could not be asked about is left for the next run: it may have been paid. A payment
 * approved for an order already cancelled is refunded.
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { orders } from "~/db/schema";
import { defineJob, NO_PAYLOAD } from "~/domain/jobs/define-job.server";
import { enqueue } from "~/domain/jobs/jobs.server";
import { cancelOrder } from "~/domain/orders/owner-orders.server";
import { AppError } from "~/lib/errors";
import type { Logger } from "~/lib/logger.server";
import { reconcileOrder } from "./mercadopago.server";
import { storeCredentials, type Payments, type StoreCredentials } from "./payments.server";
import { refundOrphanPayments } from "./refund.server";

export const PAYMENTS_SWEEP_JOB = "payments.sweep";
/** What the shopper reads on the tracking page of an order whose payment never came. */
export const EXPIRED_REASON = "Pago expirado: no se completó a tiempo.";
const BATCH = 200;

export async function sweepPayments(db: Database, payments: Payments, logger: Logger, now = new Date()) {
  const waiting = await db
    .select({ storeId: orders.storeId, id: orders.id, createdAt: orders.createdAt })
    .from(orders)
    .where(and(eq(orders.paymentMethod, "mercadopago"), eq(orders.status, "pending"), isNull(orders.paidAt)))
    .orderBy(asc(orders.createdAt))
    .limit(BATCH);
  const result = { paid: 0, expired: 0, failed: 0, refunded: 0 };
  // Read (and decrypted, renewed when due) once per store in a run, not once per waiting order.
  const credentials = new Map<string, Promise<StoreCredentials | null>>();
  for (const order of waiting) {
    try {
      let read = credentials.get(order.storeId);
      if (!read) credentials.set(order.storeId, (read = storeCredentials(db, payments, order.storeId, now)));
      if ((await reconcileOrder(db, payments, order.storeId, order.id, await read)) === "paid") {
        result.paid++;
        continue;
      }
    } catch (error) {
      result.failed++;
      logger.warn("card order not reconciled", {
        storeId: order.storeId,
        orderId: order.id,
        error: String(error),
      });
      continue;
    }
    if (now.getTime() - order.createdAt.getTime() < payments.expiryMs) continue;
    try {
      await cancelOrder(db, order.storeId, order.id, now, EXPIRED_REASON);
      result.expired++;
    } catch (error) {
      // Paid, completed or cancelled meanwhile: no longer the sweep's.
      if (!(error instanceof AppError)) throw error;
    }
  }
  // Paid after it was cancelled: the money goes back. A refusal is tried again on the next run.
  try {
    result.refunded = await refundOrphanPayments(db, payments, now);
  } catch (error) {
    logger.warn("payment of a cancelled order not refunded", { error: String(error) });
  }
  return result;
}

export function paymentsSweepJob(db: Database, payments: Payments, logger: Logger) {
  const schedule = (queue: Database, at = new Date()) => schedulePaymentsSweep(queue, payments.sweepMs, at);
  return defineJob({
    kind: PAYMENTS_SWEEP_JOB,
    payload: NO_PAYLOAD,
    schedule,
    run: async () => {
      const now = new Date();
      const result = await sweepPayments(db, payments, logger, now);
      if (result.paid + result.expired + result.failed + result.refunded > 0)
        logger.info("payments swept", result);
      await schedule(db, new Date(now.getTime() + payments.sweepMs));
    },
  });
}

/** One run per period, whichever instance asks: keyed by the period it falls in. */
async function schedulePaymentsSweep(db: Database, everyMs: number, at: Date) {
  const slot = new Date(Math.ceil(at.getTime() / everyMs) * everyMs);
  await enqueue(db, PAYMENTS_SWEEP_JOB, {}, { key: `payments-sweep:${slot.toISOString()}`, runAt: slot });
}
