/**
 * Web Push, server side (issue 10): VAPID keys kept in the database, one job per device of the
 * store's owners queued in the order's own transaction, and the job that sends it. A device the
 * push service no longer knows (404, 410) is forgotten; a 5xx, a 429 or a timeout is retried.
 */
import { pushDeliveries } from "~/lib/metrics.server";
import type https from "node:https";
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import webpush from "web-push";
import type { Database, Executor } from "~/db/client.server";
import { pushSubscriptions, storeOwners } from "~/db/schema";
import { JobError, jobsInsert, type Job } from "~/domain/jobs/jobs.server";
import { loadOrCreateSecret } from "~/domain/secrets/secrets.server";
import type { Env } from "~/lib/env.server";
import type { Logger } from "~/lib/logger.server";
import type { PushMessage } from "./push-text";

export const PUSH_JOB = "push.send";
const SEND_TIMEOUT_MS = 10_000;

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/** The environment's keys, or the pair generated on first start (every instance agrees on one). */
export async function loadVapidKeys(db: Database, env: Env): Promise<VapidKeys> {
  const subject = env.VAPID_SUBJECT ?? `mailto:${env.CONTACT_EMAIL}`;
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY)
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  const stored = await loadOrCreateSecret(db, "vapid-keys", () =>
    JSON.stringify(webpush.generateVAPIDKeys()),
  );
  const keys = JSON.parse(stored) as { publicKey: string; privateKey: string };
  return { ...keys, subject };
}

/**
 * One push job per device of the store's owners, as part of the order's statement (issue 13 goal
 * 5): in its transaction, so a crash after the commit loses none. `onlyIf` is the statement's
 * condition that the order was placed.
 */
export function storePushJobsInsert(storeId: string, message: PushMessage, onlyIf: SQL) {
  return jobsInsert(
    PUSH_JOB,
    sql`jsonb_build_object('subscriptionId', ${pushSubscriptions.id}, 'message', ${JSON.stringify(message)}::jsonb)`,
    sql`from ${pushSubscriptions} join ${storeOwners} on ${storeOwners.userId} = ${pushSubscriptions.userId}
      where ${pushSubscriptions.storeId} = ${storeId} and ${storeOwners.storeId} = ${storeId} and ${onlyIf}`,
  );
}

type PushDeps = { db: Database; keys: VapidKeys; logger: Logger; agent?: https.Agent };

/** The job handler: sends one encrypted push to one device. */
export function pushJobHandler({ db, keys, logger, agent }: PushDeps) {
  return async (job: Job) => {
    const { subscriptionId, message } = job.payload as { subscriptionId: number; message: PushMessage };
    const [device] = await db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.id, subscriptionId));
    if (!device) return; // removed meanwhile: nothing to send
    try {
      await webpush.sendNotification(
        { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        JSON.stringify(message),
        {
          vapidDetails: keys,
          TTL: 24 * 60 * 60,
          urgency: "high",
          topic: message.tag.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 32),
          timeout: SEND_TIMEOUT_MS,
          ...(agent ? { agent } : {}),
        },
      );
      pushDeliveries.inc({ outcome: "sent" });
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status === 404 || status === 410) {
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
        logger.info("push subscription gone, removed", { device: device.id, status });
        pushDeliveries.inc({ outcome: "gone" });
        return;
      }
      // Notification errors are only logged (spec §8); server errors, throttling and timeouts retry.
      const retry = status === undefined || status >= 500 || status === 429;
      pushDeliveries.inc({ outcome: "failed" });
      throw new JobError(`push failed${status ? ` with ${status}` : ""}: ${(error as Error).message}`, retry);
    }
    await db
      .update(pushSubscriptions)
      .set({ lastDeliveryAt: new Date() })
      .where(eq(pushSubscriptions.id, device.id));
  };
}

export type DeviceInput = { endpoint: string; p256dh: string; auth: string; device: string };

/** Stores (or moves to this owner and store) a browser's subscription. */
export async function saveSubscription(db: Executor, userId: string, storeId: string, input: DeviceInput) {
  const { endpoint, p256dh, auth, device } = input;
  await db
    .insert(pushSubscriptions)
    .values({ userId, storeId, endpoint, p256dh, auth, device })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, storeId, p256dh: input.p256dh, auth: input.auth, device: input.device },
    });
}

export async function listDevices(db: Executor, storeId: string, userId: string) {
  return db
    .select({
      id: pushSubscriptions.id,
      device: pushSubscriptions.device,
      endpoint: pushSubscriptions.endpoint,
      createdAt: pushSubscriptions.createdAt,
      lastDeliveryAt: pushSubscriptions.lastDeliveryAt,
    })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.storeId, storeId), eq(pushSubscriptions.userId, userId)))
    .orderBy(pushSubscriptions.createdAt);
}

/** Removes devices by id or endpoint, only the owner's own; says how many went. */
export async function removeDevices(
  db: Executor,
  storeId: string,
  userId: string,
  which: { ids?: number[]; endpoint?: string },
) {
  const mine = and(eq(pushSubscriptions.storeId, storeId), eq(pushSubscriptions.userId, userId));
  const target = which.endpoint
    ? eq(pushSubscriptions.endpoint, which.endpoint)
    : inArray(pushSubscriptions.id, which.ids ?? []);
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(mine, target))
    .returning({ id: pushSubscriptions.id });
  return removed.length;
}
