/**
 * The storefront's JSON endpoint, `POST /s/<storeId>/api`, one named intent per request: the
 * shopper's order, the check of a discount code typed in the cart, the order look-up, the page-view beacon, "Avísame cuando haya" and the push key its
 * browser channel subscribes with. Public (shoppers have no account):
 * no guard; every intent is scoped to the store in the URL. Answers are the one form-result shape
 * (app/lib/form-result.ts).
 *
 * Express answers it without React Router (docs/decisions/022): the store page's island calls it
 * with plain fetch (docs/decisions/003), so nothing of the router is needed, and the router's
 * matching and request conversion were a seventh of an order's cost. It runs after the same edge
 * as every route: the site by host, the origin guard, the body limit and the control characters.
 */
import { amountToPay } from "~/domain/orders/tips";
import type { Request, RequestHandler, Response } from "express";
import { z } from "~/lib/zod";
import { recordLimitedEvent } from "~/domain/analytics/events.server";
import { lookupOrder } from "~/domain/orders/lookup.server";
import { placedOnThisDevice, placingDeviceCookie } from "~/domain/orders/order-device.server";
import { withoutStreetAddress } from "~/domain/orders/order-privacy";
import { ORDER_MESSAGES, parseOrderForm } from "~/domain/orders/order-form";
import { placeOrder } from "~/domain/orders/place-order/index.server";
import type { OrderSummary } from "~/domain/orders/order-summary";
import { CHECKOUT_MESSAGES } from "~/domain/payments/checkout";
import { providerOf } from "~/domain/payments/providers.server";
import { checkCoupon } from "~/domain/orders/check-coupon.server";
import { parseRestockForm, RESTOCK_WORDS, restockCancelPath } from "~/domain/products/restock";
import { requestRestock } from "~/domain/products/restock.server";
import { findStore } from "~/domain/stores/store.server";
import { isValidStoreId } from "~/domain/stores/store-id";
import type { AppServices } from "~/lib/context.server";
import { invalidForm } from "~/lib/form-result";
import { errorAnswer, type ErrorResponseOptions } from "~/lib/http-errors.server";
import type { Logger } from "~/lib/logger.server";
import { ordersPlaced } from "~/lib/metrics.server";
import { readJson, sendJson } from "./json-body";

const RequestSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("place-order"), form: z.unknown() }),
  z.object({ intent: z.literal("lookup-order"), number: z.string() }),
  z.object({ intent: z.literal("view") }),
  z.object({ intent: z.literal("restock-notice"), form: z.unknown() }),
  z.object({ intent: z.literal("push-key") }),
  z.object({
    intent: z.literal("check-coupon"),
    code: z.string().max(64),
    phone: z.string().max(20).optional(),
    form: z.unknown(),
  }),
]);

export const STOREFRONT_API_PATH = "/s/:storeId/api";
const API_PATH = /^\/s\/[^/]+\/api$/;
export const isStorefrontApiPath = (path: string) => API_PATH.test(path);

export function storefrontApi({
  db,
  env,
  vapid,
  payments,
}: Pick<AppServices, "db" | "env" | "vapid" | "payments">): RequestHandler {
  const secure = env.publicOrigin.startsWith("https://");
  return (req, res, next) => {
    answer(req, res).catch(next);
  };

  async function answer(req: Request, res: Response) {
    const logger = res.locals.logger as Logger;
    const storeId = String(req.params.storeId);
    const clientIp = req.ip ?? req.socket.remoteAddress ?? "unknown";
    const parsed = RequestSchema.safeParse(readJson(res.locals.body as Buffer | undefined));
    if (!parsed.success || !isValidStoreId(storeId)) {
      return sendJson(res, 400, { ok: false, message: ORDER_MESSAGES.failure });
    }
    const input = parsed.data;
    switch (input.intent) {
      case "view": {
        if (await findStore(db, storeId)) {
          const limits = [
            { name: "viewPerAddress", subject: `${clientIp}|${storeId}` },
            { name: "viewsPerStore", subject: storeId },
          ] as const;
          await recordLimitedEvent(db, [...limits], "view_store_page", storeId);
        }
        return void res.status(204).end();
      }
      case "lookup-order":
        return sendJsonAnswer(
          res,
          { logger, fallback: ORDER_MESSAGES.lookupError, logLine: "order lookup failed" },
          async () => {
            const order = await lookupOrder(db, { storeId, number: input.number, clientIp });
            const cookieHeader = req.get("cookie");
            const here = await placedOnThisDevice(db, { storeId, number: order.number, cookieHeader });
            return { ok: true as const, order: here ? order : withoutStreetAddress(order) };
          },
        );
      case "push-key":
        // The same VAPID key as the owners' devices: "Avísame" by push subscribes with it.
        return sendJson(res, 200, { ok: true, publicKey: vapid.publicKey });
      case "restock-notice": {
        const form = parseRestockForm(input.form);
        if (!form.success) return sendJson(res, 400, invalidForm(form.message, form.fieldErrors));
        return sendJsonAnswer(
          res,
          { logger, fallback: RESTOCK_WORDS.failure, logLine: "restock request failed" },
          async () => {
            const origin = env.publicOrigin;
            const { pushServiceHosts } = env;
            const request = { storeId, form: form.data, clientIp, origin, pushServiceHosts };
            const { token } = await requestRestock(db, request);
            // On the platform's address: a store's own domain serves only the store's pages.
            return { ok: true as const, cancelUrl: token ? `${origin}${restockCancelPath(token)}` : null };
          },
        );
      }
      case "check-coupon": {
        // The cart's lines, read as the order form reads them.
        const lines = readCartLines(input.form);
        return sendJsonAnswer(
          res,
          { logger, fallback: ORDER_MESSAGES.failure, logLine: "coupon check failed" },
          async () => {
            const checked = await checkCoupon(db, {
              storeId,
              code: input.code,
              phone: input.phone ?? "",
              lines,
              clientIp,
            });
            return { ok: true as const, ...checked };
          },
        );
      }
      case "place-order": {
        const form = parseOrderForm(input.form);
        if (!form.success) {
          return sendJson(res, 400, { ok: false, message: ORDER_MESSAGES.failure, fieldErrors: form.errors });
        }
        return sendJsonAnswer(
          res,
          {
            logger,
            fallback: ORDER_MESSAGES.failure,
            unavailable: ORDER_MESSAGES.busy,
            logLine: "order failed",
          },
          async () => {
            const { order, created } = await placeOrder(db, storeId, form.data, { clientIp });
            // This browser placed it: its tracking page and "Mi Pedido" show it the address.
            res.append(
              "Set-Cookie",
              await placingDeviceCookie(db, { storeId, number: order.number, secure }),
            );
            if (created) {
              logger.info("order placed", { storeId, orderId: order.number });
              ordersPlaced.inc();
            }
            // Placed and waiting for its payment: the shopper goes on to pay (docs/decisions/052).
            const checkoutUrl = await checkoutOf(db, payments, storeId, order, logger);
            return { ok: true as const, order, ...checkoutUrl };
          },
        );
      }
    }
  }
}

/**
 * Where the shopper pays an order that waits for an online payment: the provider's page, or, when
 * it cannot be reached, nothing but a sentence — the order stands, and its tracking page offers to
 * pay again.
 */
async function checkoutOf(
  db: AppServices["db"],
  payments: AppServices["payments"],
  storeId: string,
  order: OrderSummary,
  logger: Logger,
): Promise<{ checkoutUrl?: string; checkoutError?: string }> {
  const provider = providerOf(order.paymentMethod);
  if (!provider?.online || order.paid || order.status !== "pending") return {};
  try {
    const store = await findStore(db, storeId);
    const url = await provider.start(db, payments, {
      storeId,
      storeName: store?.settings.displayName || storeId,
      id: order.number,
      amount: amountToPay(order),
      createdAt: new Date(order.createdAt),
    });
    return url ? { checkoutUrl: url } : {};
  } catch (error) {
    logger.warn("checkout not started", { storeId, orderId: order.number, error: String(error) });
    return { checkoutError: CHECKOUT_MESSAGES.unavailable };
  }
}

/** The lines of a cart sent with a code check, as the order form parses them; none when malformed. */
function readCartLines(form: unknown) {
  const parsed = parseOrderForm({
    ...(typeof form === "object" && form !== null ? form : {}),
    customerName: "-",
    customerPhone: "",
    deliveryType: "pickup",
    paymentMethod: "",
    scheduledFor: "",
    idempotencyKey: "check-coupon",
  });
  return parsed.success ? parsed.data.lines : [];
}

/**
 * Sends what `body` returns as JSON; whatever it throws becomes the one error answer
 * (`errorAnswer`). The routes' `answering` (app/lib/http-errors.server.ts) returns the same answer
 * for React Router to send; Express sends this one itself.
 */
async function sendJsonAnswer(res: Response, options: ErrorResponseOptions, body: () => Promise<unknown>) {
  let result: unknown;
  try {
    result = await body();
  } catch (error) {
    const failure = errorAnswer(error, options);
    if (failure.headers) res.set(failure.headers);
    return sendJson(res, failure.status, failure.body);
  }
  sendJson(res, 200, result);
}
