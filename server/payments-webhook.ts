/**
 * `POST /i/pagos/mercadopago/<storeId>`: Mercado Pago's notification of one of the store's payments
 * (docs/decisions/052). Public, since Mercado Pago calls it, and trusted for nothing: the signature
 * is checked with the store's secret, then the payment is read from Mercado Pago's API
 * (app/domain/payments/webhook.server.ts). 200 once handled, so Mercado Pago stops sending it; 401
 * for a forged or stale one; 502 when Mercado Pago could not be asked, so that it sends it again.
 */
import type { Request, RequestHandler, Response } from "express";
import { receiveNotification } from "~/domain/payments/webhook.server";
import { isValidStoreId } from "~/domain/stores/store-id";
import type { AppServices } from "~/lib/context.server";
import type { Logger } from "~/lib/logger.server";
import { readJson, sendJson } from "./json-body";

export function mercadoPagoWebhook({ db, payments }: Pick<AppServices, "db" | "payments">): RequestHandler {
  return (req, res, next) => {
    answer(req, res).catch(next);
  };

  async function answer(req: Request, res: Response) {
    const logger = res.locals.logger as Logger;
    const storeId = String(req.params.storeId);
    if (!isValidStoreId(storeId)) return sendJson(res, 401, { ok: false });
    const parsed = readJson(res.locals.body as Buffer | undefined);
    const body = typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : null;
    const query = req.query as Record<string, unknown>;
    const fromQuery = typeof query["data.id"] === "string" ? query["data.id"] : null;
    const fromBody =
      body?.data && typeof body.data === "object" ? (body.data as { id?: unknown }).id : undefined;
    const dataId =
      fromQuery ?? (typeof fromBody === "string" || typeof fromBody === "number" ? String(fromBody) : null);
    const type =
      typeof query.type === "string" ? query.type : typeof body?.type === "string" ? body.type : null;
    try {
      const outcome = await receiveNotification(db, payments, {
        storeId,
        dataId: dataId && /^[\w-]{1,64}$/.test(dataId) ? dataId : null,
        type,
        requestId: req.get("x-request-id") ?? null,
        signature: req.get("x-signature") ?? null,
      });
      if (outcome.status === 401) logger.warn("payment notification refused", { storeId });
      return sendJson(res, outcome.status, { ok: outcome.status === 200 });
    } catch (error) {
      logger.warn("payment notification not handled", { storeId, error: String(error) });
      return sendJson(res, 502, { ok: false });
    }
  }
}
