/**
 * Web Push, server side (docs/decisions/004, docs/decisions/024): VAPID keys kept in the database,
 * one job per device of the store's owners queued in the order's own transaction, and the job that
 * sends it. A device the push service no longer knows (404, 410) is forgotten; a 5xx, a 429 or a
 * timeout is retried; an endpoint that is not a push service's is never connected to.
 */
import https from "node:https";
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import webpush from "web-push";
import type { Database, Executor } from "~/db/client.server";
import { pushSubscriptions, storeMembers, storeOwners } from "~/db/schema";
import { defineJob, ERASED_PAYLOAD, isErased } from "~/domain/jobs/define-job.server";
import { enqueue, JobError, jobsInsert } from "~/domain/jobs/jobs.server";
import { z } from "~/lib/zod";
import { loadOrCreateSecret } from "~/domain/secrets/secrets.server";
import type { Env } from "~/lib/env.server";
import { AppError } from "~/lib/errors";
import type { Logger } from "~/lib/logger.server";
import { pushDeliveries } from "~/lib/metrics.server";
import {
  checkedAddresses,
  createHostResolver,
  OutboundRefused,
  pinnedLookup,
  type ResolvedAddress,
} from "~/lib/outbound.server";
import { acceptPushEndpoint, type PushServiceHost } from "./push-endpoint";
import { PUSH_MESSAGES } from "./push-messages";
import type { PushMessage } from "./push-text";

export const PUSH_JOB = "push.send";
const PushMessageSchema = z.object({ title: z.string(), body: z.string(), tag: z.string(), url: z.string() });
/** A browser's subscription carried in the job itself: a shopper's, whose request is already forgotten. */
const SubscriptionSchema = z.object({ endpoint: z.string(), p256dh: z.string(), auth: z.string() });
export type PushTarget = z.infer<typeof SubscriptionSchema>;
/**
 * One push to one owner's device (by its row), one push to a shopper's browser (its subscription
 * itself: "Avísame cuando haya", docs/decisions/030), or what erasing the shopper's data left of it.
 */
export const PushPayloadSchema = z
  .object({ subscriptionId: z.number().int(), message: PushMessageSchema })
  .or(z.object({ subscription: SubscriptionSchema, message: PushMessageSchema }))
  .or(ERASED_PAYLOAD);
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
 * One push job per device of the store's owner and members (each person's own alarm,
 * docs/decisions/033), as part of the order's statement
 * (docs/decisions/022): in its transaction, so a crash after the commit loses none. `onlyIf` is the
 * statement's condition that the order was placed.
 */
export function storePushJobsInsert(storeId: string, message: PushMessage, onlyIf: SQL) {
  return jobsInsert(
    PUSH_JOB,
    sql`jsonb_build_object('subscriptionId', ${pushSubscriptions.id}, 'message', ${JSON.stringify(message)}::jsonb)`,
    sql`from ${pushSubscriptions}
      where ${pushSubscriptions.storeId} = ${storeId}
        and (exists (select 1 from ${storeOwners} where ${storeOwners.userId} = ${pushSubscriptions.userId}
                       and ${storeOwners.storeId} = ${storeId})
          or exists (select 1 from ${storeMembers} where ${storeMembers.userId} = ${pushSubscriptions.userId}
                       and ${storeMembers.storeId} = ${storeId}))
        and ${onlyIf}`,
  );
}

type PushDeps = {
  db: Database;
  keys: VapidKeys;
  logger: Logger;
  /** Which push services endpoints may name, and the DNS servers to resolve them at. */
  env: Pick<Env, "pushServiceHosts" | "dnsServers">;
  agent?: https.Agent;
};

/**
 * The job handler: sends one encrypted push to one device. The endpoint must be on an accepted
 * push service (app/domain/push/push-endpoint.ts) and its name must resolve to public addresses
 * (a host the operator listed excepted); the request then goes to exactly the addresses checked.
 * A refusal is final and makes no connection. The owner sees only whether the last push arrived.
 */
export function pushJob(deps: PushDeps) {
  return defineJob({ kind: PUSH_JOB, payload: PushPayloadSchema, run: pushJobHandler(deps) });
}

function pushJobHandler({ db, keys, logger, env, agent }: PushDeps) {
  const resolve = createHostResolver(env.dnsServers);

  /**
   * Sends one push; "gone" when the push service no longer knows the subscription (404, 410).
   * Throws the job's error otherwise: final for a refused endpoint or a push service's refusal,
   * retried for an unreachable service, a 5xx or a 429.
   */
  async function deliver(target: PushTarget, message: PushMessage, log: object): Promise<"sent" | "gone"> {
    let status: number;
    try {
      const accepted = acceptPushEndpoint(target.endpoint, env.pushServiceHosts);
      if (!accepted) throw new OutboundRefused("the endpoint is not on an accepted push service");
      const addresses = await checkedAddresses(resolve, accepted.host, { anyAddress: accepted.listed });
      const request = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(message),
        {
          vapidDetails: keys,
          TTL: 24 * 60 * 60,
          urgency: "high",
          topic: message.tag.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 32),
        },
      );
      status = await post(target.endpoint, request, { addresses, agent });
    } catch (error) {
      if (error instanceof OutboundRefused) {
        pushDeliveries.inc({ outcome: "refused" });
        logger.warn("push refused", { ...log, reason: error.message });
        throw new JobError(`push refused: ${error.message}`, false);
      }
      // The push service could not be reached or did not answer: tried again later.
      pushDeliveries.inc({ outcome: "failed" });
      throw new JobError(`push failed: ${(error as Error).message}`, true);
    }
    if (status === 404 || status === 410) {
      pushDeliveries.inc({ outcome: "gone" });
      return "gone";
    }
    if (status < 200 || status > 299) {
      // A push service's refusal is only logged; its server errors and throttling are retried.
      pushDeliveries.inc({ outcome: "failed" });
      throw new JobError(`push failed with ${status}`, status >= 500 || status === 429);
    }
    pushDeliveries.inc({ outcome: "sent" });
    return "sent";
  }

  return async (payload: z.infer<typeof PushPayloadSchema>) => {
    // Erased meanwhile (the shopper's data of a closed store): nothing left to send.
    if (isErased(payload)) return;
    if ("subscription" in payload) {
      // A shopper's one message: the request was forgotten when it was queued, so a subscription
      // its push service no longer knows is simply dropped.
      const outcome = await deliver(payload.subscription, payload.message, { shopper: true });
      if (outcome === "gone")
        logger.info("shopper's push subscription gone, dropped", { tag: payload.message.tag });
      return;
    }
    const { subscriptionId, message } = payload;
    const [device] = await db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.id, subscriptionId));
    if (!device) return; // removed meanwhile: nothing to send
    let outcome: "sent" | "gone";
    try {
      outcome = await deliver(device, message, { device: device.id });
    } catch (error) {
      await db
        .update(pushSubscriptions)
        .set({ lastFailureAt: new Date() })
        .where(eq(pushSubscriptions.id, device.id));
      throw error;
    }
    if (outcome === "gone") {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
      logger.info("push subscription gone, removed", { device: device.id });
      return;
    }
    await db
      .update(pushSubscriptions)
      .set({ lastDeliveryAt: new Date() })
      .where(eq(pushSubscriptions.id, device.id));
  };
}

/** Queues one push to a browser's subscription, in the caller's transaction. */
export function queuePush(tx: Executor, subscription: PushTarget, message: PushMessage) {
  return enqueue(tx, PUSH_JOB, { subscription, message });
}

type PushRequest = ReturnType<typeof webpush.generateRequestDetails>;

/** Posts the encrypted push to the endpoint at the checked addresses; resolves with the status. */
function post(
  endpoint: string,
  request: PushRequest,
  { addresses, agent }: { addresses: ResolvedAddress[]; agent?: https.Agent },
): Promise<number> {
  const url = new URL(endpoint);
  return new Promise((resolve, reject) => {
    const outgoing = https.request(
      {
        hostname: url.hostname,
        port: url.port === "" ? 443 : Number(url.port),
        path: `${url.pathname}${url.search}`,
        method: request.method,
        headers: request.headers,
        lookup: pinnedLookup(addresses),
        timeout: SEND_TIMEOUT_MS,
        ...(agent ? { agent } : {}),
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
        response.on("error", reject);
      },
    );
    outgoing.on("timeout", () => outgoing.destroy(new Error("no answer in time")));
    outgoing.on("error", reject);
    outgoing.end(request.body ?? undefined);
  });
}

export type DeviceInput = { endpoint: string; p256dh: string; auth: string; device: string };

/**
 * Stores a browser's subscription for this owner and store. The endpoint must be on an accepted
 * push service. An endpoint another account registered is moved only by a request with the same
 * keys, which only that browser holds (the same browser, signed in to another account): knowing
 * the endpoint alone no longer silences someone else's device.
 */
export async function saveSubscription(
  db: Executor,
  userId: string,
  storeId: string,
  input: DeviceInput,
  listedHosts: readonly PushServiceHost[],
) {
  if (!acceptPushEndpoint(input.endpoint, listedHosts)) {
    throw new AppError("VALIDATION", PUSH_MESSAGES.unsupportedService, { field: "endpoint" });
  }
  const { endpoint, p256dh, auth, device } = input;
  const saved = await db
    .insert(pushSubscriptions)
    .values({ userId, storeId, endpoint, p256dh, auth, device })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, storeId, p256dh, auth, device },
      where: sql`${pushSubscriptions.userId} = excluded.user_id
        or (${pushSubscriptions.p256dh} = excluded.p256dh and ${pushSubscriptions.auth} = excluded.auth)`,
    })
    .returning({ id: pushSubscriptions.id });
  if (saved.length === 0)
    throw new AppError("ALREADY_EXISTS", PUSH_MESSAGES.otherAccount, { field: "endpoint" });
}

export async function listDevices(db: Executor, storeId: string, userId: string) {
  return db
    .select({
      id: pushSubscriptions.id,
      device: pushSubscriptions.device,
      endpoint: pushSubscriptions.endpoint,
      createdAt: pushSubscriptions.createdAt,
      lastDeliveryAt: pushSubscriptions.lastDeliveryAt,
      lastFailureAt: pushSubscriptions.lastFailureAt,
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
