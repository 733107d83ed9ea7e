import { data } from "react-router";
import { z } from "~/lib/zod";
import { recordLimitedEvent } from "~/domain/analytics/events.server";
import { lookupOrder } from "~/domain/orders/lookup.server";
import { ORDER_MESSAGES, parseOrderForm } from "~/domain/orders/order-form";
import { placeOrder } from "~/domain/orders/place-order.server";
import { findStore } from "~/domain/stores/store.server";
import { isValidStoreId } from "~/domain/stores/store-id";
import { answering } from "~/lib/http-errors.server";
import { ordersPlaced } from "~/lib/metrics.server";
import type { Route } from "./+types/storefront-api";

/**
 * The storefront's JSON endpoint, `POST /s/<storeId>/api`, one named intent per action.
 * Public (shoppers have no account): no guard; every intent is scoped to the store in the URL.
 * Answers are the one form-result shape (app/lib/form-result.ts).
 */
const RequestSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("place-order"), form: z.unknown() }),
  z.object({ intent: z.literal("lookup-order"), number: z.string() }),
  z.object({ intent: z.literal("view") }),
]);

const MAX_BODY = 64 * 1024;

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db } = context.services;
  const storeId = params.storeId;
  const parsed = RequestSchema.safeParse(await readJson(request));
  if (!parsed.success || !isValidStoreId(storeId)) {
    return data({ ok: false as const, message: ORDER_MESSAGES.failure }, 400);
  }
  const input = parsed.data;
  const { logger, clientIp } = context;

  switch (input.intent) {
    case "view": {
      if (await findStore(db, storeId)) {
        const limits = [
          { name: "viewPerAddress", subject: `${clientIp}|${storeId}` },
          { name: "viewsPerStore", subject: storeId },
        ] as const;
        await recordLimitedEvent(db, [...limits], "view_store_page", storeId);
      }
      return new Response(null, { status: 204 });
    }
    case "lookup-order":
      return answering(
        { logger, fallback: ORDER_MESSAGES.lookupError, logLine: "order lookup failed" },
        async () => {
          const order = await lookupOrder(db, { storeId, number: input.number, clientIp });
          return { ok: true as const, order };
        },
      );
    case "place-order": {
      const form = parseOrderForm(input.form);
      if (!form.success) {
        return data(
          {
            ok: false as const,
            message: ORDER_MESSAGES.failure,
            fieldErrors: form.errors as Record<string, string>,
          },
          400,
        );
      }
      return answering({ logger, fallback: ORDER_MESSAGES.failure, logLine: "order failed" }, async () => {
        const { order, created } = await placeOrder(db, storeId, form.data, { clientIp });
        if (created) {
          logger.info("order placed", { storeId, orderId: order.number });
          ordersPlaced.inc();
        }
        return { ok: true as const, order };
      });
    }
  }
}

async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.length > MAX_BODY) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
