/**
 * While the database cannot be reached, whatever needed it is answered 503 with `Retry-After`,
 * never 500: a balancer, a browser's retry and an operator all read 503 as "try again shortly".
 * Errors are classified where they are caught (`isDatabaseUnavailable`): the one error answer of
 * forms and the storefront API answers 503 itself; a loader or a render that failed on the
 * database marks its response here (through the load context), and the status is changed just
 * before the headers go out, whatever part of React Router wrote them (a page, its data, a
 * resource route).
 */
import type { ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import onHeaders from "on-headers";
import { OUTAGE_RETRY_AFTER_SECONDS } from "~/db/outage.server";

const hitByOutage = new WeakSet<ServerResponse>();

/** Records that this response failed because the database was unreachable. */
export function markDatabaseUnavailable(res: ServerResponse) {
  hitByOutage.add(res);
}

export const outageStatus: RequestHandler = (_req, res, next) => {
  onHeaders(res, () => {
    if (!hitByOutage.has(res) || res.statusCode < 500) return;
    res.statusCode = 503;
    res.setHeader("Retry-After", String(OUTAGE_RETRY_AFTER_SECONDS));
  });
  next();
};
