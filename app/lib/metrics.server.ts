import client from "prom-client";

/**
 * The server's Prometheus metrics (issue 12), served at GET /metrics to the addresses in
 * METRICS_ALLOW. One registry per process; the server's own gauges (pool, streams) are read
 * when scraped.
 */
export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry, prefix: "tianguis_" });

export const httpRequests = new client.Counter({
  name: "tianguis_http_requests_total",
  help: "HTTP requests answered, by method, route pattern and status.",
  labelNames: ["method", "route", "status"] as const,
  registers: [registry],
});

export const httpDuration = new client.Histogram({
  name: "tianguis_http_request_duration_seconds",
  help: "Time to answer an HTTP request, by method, route pattern and status.",
  labelNames: ["method", "route", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const ordersPlaced = new client.Counter({
  name: "tianguis_orders_placed_total",
  help: "Orders placed by shoppers (a retried order counts once).",
  registers: [registry],
});

export const pushDeliveries = new client.Counter({
  name: "tianguis_push_deliveries_total",
  help: "Web Push sends, by outcome: sent, gone (device removed), failed.",
  labelNames: ["outcome"] as const,
  registers: [registry],
});

export const mailDeliveries = new client.Counter({
  name: "tianguis_mail_deliveries_total",
  help: "E-mails handed on, by transport (smtp, or file when no SMTP is configured) and outcome: sent, failed (retried), rejected (given up).",
  labelNames: ["transport", "outcome"] as const,
  registers: [registry],
});

export const pageCacheRequests = new client.Counter({
  name: "tianguis_page_cache_requests_total",
  help: "Anonymous public pages asked for, by how the rendered-page cache answered: hit, miss (rendered and kept), bypass (signed in).",
  labelNames: ["result"] as const,
  registers: [registry],
});

/** A gauge read at scrape time from the given function. */
export function gaugeOf(name: string, help: string, read: () => number) {
  return new client.Gauge({
    name,
    help,
    registers: [registry],
    collect() {
      this.set(read());
    },
  });
}

/** Pages whose last segment is a secret token from an e-mail (issue 15). */
const TOKEN_ROUTES: [RegExp, string][] = [
  [/^\/i\/restablecer\/[^/]+$/, "/i/restablecer/:token"],
  [/^\/i\/reclamar\/[^/]+$/, "/i/reclamar/:token"],
  [/^\/i\/cuenta\/correo\/[^/]+$/, "/i/cuenta/correo/:token"],
];

/** A request path with any e-mailed token replaced, so that logs never hold a working link. */
export function redactTokens(path: string): string {
  const [pathname = "", query] = path.split("?");
  const clean = pathname.replace(/\.data$/, "");
  const match = TOKEN_ROUTES.find(([pattern]) => pattern.test(clean));
  const redacted = match ? pathname.replace(/\/[^/]+?(\.data)?$/, "/…$1") : pathname;
  return query === undefined ? redacted : `${redacted}?${query}`;
}

/**
 * The route pattern of a path, so labels stay few: store ids, product ids and order numbers become
 * placeholders, assets and media one label each.
 */
export function routePattern(path: string): string {
  const clean = path.replace(/\.data$/, "");
  const rules: [RegExp, string][] = [
    [/^\/$/, "/"],
    [/^\/assets\//, "/assets/*"],
    [/^\/media\//, "/media/*"],
    [/^\/icons\//, "/icons/*"],
    [/^\/i\/og\//, "/i/og/*"],
    [/^\/c\/[^/]+$/, "/c/:city"],
    [/^\/s\/[^/]+\/api$/, "/s/:storeId/api"],
    [/^\/s\/[^/]+\/pedido\/[^/]+$/, "/s/:storeId/pedido/:number"],
    [/^\/sitemaps\/[^/]+$/, "/sitemaps/:file"],
    // Links sent by e-mail carry a secret token: one label each, never the token.
    ...TOKEN_ROUTES,
    [/^\/(s\/)?[^/]+\/p\/[^/]+$/, "/:storeId/p/:productId"],
  ];
  for (const [pattern, label] of rules) if (pattern.test(clean)) return label;
  // Our own pages live under /i/ (a fixed set); any other single segment is a store's page.
  if (/^\/i\/[\w/-]+$/.test(clean) && clean.length < 60) return clean;
  if (/^\/(s\/)?[^/]+$/.test(clean)) return /\.\w+$/.test(clean) ? clean.slice(0, 40) : "/:storeId";
  return "other";
}
