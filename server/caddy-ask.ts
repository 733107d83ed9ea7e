/**
 * GET /i/caddy/ask?domain=<name>: Caddy's on-demand TLS asks here before it requests a
 * certificate for a name it has not seen (docs/deploy.md). 200 only for a store's verified domain
 * whose plan includes it; 404 for anything else, so nobody can make the proxy request
 * certificates for names of their choosing. Read from the database, never from a cache: a
 * domain verified a moment ago on another instance gets its certificate on the first visit.
 */
import type { RequestHandler } from "express";
import type { Database } from "~/db/client.server";
import { mayCertify } from "~/domain/domains/custom-domains.server";

export function caddyAsk(db: Database): RequestHandler {
  return async (req, res, next) => {
    const domain = typeof req.query.domain === "string" ? req.query.domain : "";
    try {
      const allowed = domain.length > 0 && domain.length <= 253 && (await mayCertify(db, domain));
      res
        .status(allowed ? 200 : 404)
        .set("Cache-Control", "no-store")
        .type("text/plain")
        .send(allowed ? "ok" : "unknown domain");
    } catch (error) {
      next(error);
    }
  };
}
