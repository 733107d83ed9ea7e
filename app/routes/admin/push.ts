import { data } from "react-router";
import { z } from "~/lib/zod";
import { requireAccess } from "~/lib/entry-access.server";
import { enqueue } from "~/domain/jobs/jobs.server";
import { PUSH_SUBSCRIPTION_FIELDS } from "~/domain/push/push-endpoint";
import { PUSH_MESSAGES } from "~/domain/push/push-messages";
import { testPush } from "~/domain/push/push-text";
import { listDevices, PUSH_JOB, removeDevices, saveSubscription } from "~/domain/push/push.server";
import { AppError } from "~/lib/errors";
import { answering } from "~/lib/http-errors.server";
import type { Route } from "./+types/push";
import { inTransaction } from "~/db/after-commit.server";

/**
 * /i/admin/push: GET gives the VAPID public key and the owner's devices (with whether
 * the last notification arrived); POST subscribes this browser (an endpoint on a push service
 * only), unsubscribes it, removes a device, or sends a test to every device. Only the store's
 * owner; another owner's devices are "not found".
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, store } = await requireAccess(request, context, "admin-push");
  const devices = await listDevices(context.services.db, store.id, user.id);
  return {
    publicKey: context.services.vapid.publicKey,
    devices: devices.map(({ lastDeliveryAt, lastFailureAt, ...device }) => ({
      ...device,
      createdAt: device.createdAt.toISOString(),
      lastNotification: lastNotification(lastDeliveryAt, lastFailureAt),
    })),
  };
}

/** Whether the last notification arrived, and when: all the owner learns of a push service's answer. */
function lastNotification(delivered: Date | null, failed: Date | null) {
  if (failed && (!delivered || failed > delivered)) return { delivered: false, at: failed.toISOString() };
  return delivered ? { delivered: true, at: delivered.toISOString() } : null;
}

const { endpoint } = PUSH_SUBSCRIPTION_FIELDS;
const Command = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("subscribe"),
    ...PUSH_SUBSCRIPTION_FIELDS,
    device: z.string().max(120).default(""),
  }),
  z.object({ intent: z.literal("unsubscribe"), endpoint }),
  z.object({ intent: z.literal("remove"), id: z.coerce.number().int().positive() }),
  z.object({ intent: z.literal("test") }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const { user, store } = await requireAccess(request, context, "admin-push");
  const parsed = Command.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ ok: false as const, message: PUSH_MESSAGES.invalid }, 400);
  const { db, jobs } = context.services;
  const command = parsed.data;
  const options = { logger: context.logger, fallback: PUSH_MESSAGES.failed, logLine: "push settings failed" };
  return answering(options, async () => {
    switch (command.intent) {
      case "subscribe":
        await saveSubscription(db, user.id, store.id, command, context.services.env.pushServiceHosts);
        return { ok: true as const, message: PUSH_MESSAGES.enabled };
      case "unsubscribe":
        await removeDevices(db, store.id, user.id, { endpoint: command.endpoint });
        return { ok: true as const, message: PUSH_MESSAGES.disabled };
      case "remove":
        if ((await removeDevices(db, store.id, user.id, { ids: [command.id] })) === 0)
          throw new AppError("NOT_FOUND", "No encontramos ese dispositivo.");
        return { ok: true as const, message: PUSH_MESSAGES.removed };
      case "test": {
        const devices = await listDevices(db, store.id, user.id);
        if (devices.length === 0) throw new AppError("VALIDATION", PUSH_MESSAGES.noDevices);
        const message = testPush();
        await inTransaction(db, async (tx) => {
          for (const device of devices) await enqueue(tx, PUSH_JOB, { subscriptionId: device.id, message });
        });
        jobs.nudge();
        return { ok: true as const, message: PUSH_MESSAGES.testSent(devices.length) };
      }
    }
  });
}
