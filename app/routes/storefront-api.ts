import { z } from "zod";
import { recordEvent } from "~/domain/analytics/events.server";
import { lookupOrder } from "~/domain/orders/lookup.server";
import { ORDER_MESSAGES, parseOrderForm } from "~/domain/orders/order-form";
import { placeOrder, ProductUnavailableError } from "~/domain/orders/place-order.server";
import { consume } from "~/domain/rate-limit/rate-limit.server";
import { findStore } from "~/domain/stores/store.server";
import { isValidStoreId } from "~/domain/stores/store-id";
import { AppError } from "~/lib/errors";
import type { Route } from "./+types/storefront-api";

/**
 * The storefront's JSON endpoint, `POST /s/<storeId>/api`, one named intent per action.
 * Public (shoppers have no account): no guard; every intent is scoped to the store in the URL.
 */
const RequestSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("place-order"), form: z.unknown() }),
  z.object({ intent: z.literal("lookup-order"), number: z.string() }),
  z.object({ intent: z.literal("view") }),
]);

const MAX_BODY = 64 * 1024;
/** Orders one address may place in ten minutes: a family's phone, not a script. */
const ORDER_WINDOW = { limit: 30, windowMs: 10 * 60 * 1000 };

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db } = context.services;
  const storeId = params.storeId;
  const body = await readJson(request);
  const parsed = RequestSchema.safeParse(body);
  if (!parsed.success || !isValidStoreId(storeId)) {
    return Response.json({ ok: false, message: ORDER_MESSAGES.failure }, { status: 400 });
  }
  const input = parsed.data;

  switch (input.intent) {
    case "view": {
      if (await findStore(db, storeId)) await recordEvent(db, "view_store_page", storeId);
      return new Response(null, { status: 204 });
    }
    case "lookup-order": {
      try {
        const order = await lookupOrder(db, { storeId, number: input.number, clientIp: context.clientIp });
        return Response.json({ ok: true, order });
      } catch (error) {
        return errorResponse(error, ORDER_MESSAGES.lookupError, context.logger);
      }
    }
    case "place-order": {
      const form = parseOrderForm(input.form);
      if (!form.success)
        return Response.json(
          { ok: false, message: ORDER_MESSAGES.failure, errors: form.errors },
          { status: 400 },
        );
      const limit = await consume(db, `place-order:ip:${context.clientIp}`, ORDER_WINDOW);
      if (limit.exceeded)
        return errorResponse(new AppError("RATE_LIMITED", ORDER_MESSAGES.failure, limit), "", context.logger);
      try {
        const { order, created } = await placeOrder(db, storeId, form.data);
        if (created) context.logger.info("order placed", { storeId, orderId: order.number });
        return Response.json({ ok: true, order });
      } catch (error) {
        if (error instanceof ProductUnavailableError) {
          return Response.json(
            {
              ok: false,
              message: error.message,
              errors: { form: error.message },
              unavailable: { productId: error.productId, variation: error.variation },
            },
            { status: 409 },
          );
        }
        return errorResponse(error, ORDER_MESSAGES.failure, context.logger);
      }
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

/** Expected failures keep their message and status; anything else is logged and generic. */
function errorResponse(error: unknown, fallback: string, logger: Route.ActionArgs["context"]["logger"]) {
  if (error instanceof AppError) {
    const headers = error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : undefined;
    const errors = error.field ? { [error.field]: error.message } : undefined;
    return Response.json({ ok: false, message: error.message, errors }, { status: error.status, headers });
  }
  logger.error("storefront request failed", { error });
  return Response.json({ ok: false, message: fallback }, { status: 500 });
}
