/**
 * JSON in and out for the Express layers that answer JSON themselves (the storefront's API, the
 * payment notifications), with the body as server/security.ts read it.
 */
import type { Response } from "express";

/**
 * The answer as JSON, without Express's ETag: every answer is new (an order, a look-up), so a
 * hash of each body bought nothing.
 */
export function sendJson(res: Response, status: number, body: unknown) {
  res.status(status).type("application/json; charset=utf-8").end(JSON.stringify(body));
}

/** The body read as JSON; null when there is none or it is not JSON. */
export function readJson(body: Buffer | undefined): unknown {
  if (!body) return null;
  try {
    return JSON.parse(body.toString("utf8"));
  } catch {
    return null;
  }
}
