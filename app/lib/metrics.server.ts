import client from "prom-client";

/**
 * The server's Prometheus metrics, served at GET /metrics to the addresses in
 * METRICS_ALLOW. One registry per process; the server's own gauges (pool, streams) are read
 * when scraped.
 */
export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry, prefix: "tianguis_" });

type AnswerLabels = { method: string; route: string; status: string };

/**
 * The requests of one method, route pattern and status, counted as plain numbers: every answer
 * adds to them (a kept page's hit among them, thousands a second) without the label checks and
 * hashing prom-client does per call, and a scrape reads them (`httpRequests`, `httpDuration`).
 */
export type AnswerSeries = { labels: AnswerLabels; count: number; sum: number; buckets: number[] };

const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Bounded: methods, the entry points' patterns and statuses, never anything a visitor writes. */
const answerSeries = new Map<string, AnswerSeries>();

/** The series of a label set, the same object for the same labels. */
export function answerSeriesFor(labels: AnswerLabels): AnswerSeries {
  const key = `${labels.method} ${labels.route} ${labels.status}`;
  let series = answerSeries.get(key);
  if (!series) {
    series = { labels, count: 0, sum: 0, buckets: DURATION_BUCKETS.map(() => 0) };
    answerSeries.set(key, series);
  }
  return series;
}

/** One answer of the series, given in `seconds`. */
export function recordAnswer(series: AnswerSeries, seconds: number) {
  series.count += 1;
  series.sum += seconds;
  const at = DURATION_BUCKETS.findIndex((bound) => seconds <= bound);
  if (at !== -1) series.buckets[at]! += 1;
}

export const httpRequests = new client.Counter({
  name: "tianguis_http_requests_total",
  help: "HTTP requests answered, by method, route pattern and status.",
  labelNames: ["method", "route", "status"] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const { labels, count } of answerSeries.values()) this.inc(labels, count);
  },
});

const DURATION = {
  name: "tianguis_http_request_duration_seconds",
  help: "Time to answer an HTTP request, by method, route pattern and status.",
};

/** prom-client's types declare the metric types as a numeric enum it does not export; its value is the word. */
const HISTOGRAM = "histogram" as unknown as client.MetricType;

/** The answers' histogram, read from their series when scraped. */
class AnswerDuration extends client.Histogram<"method" | "route" | "status"> {
  override async get(): Promise<client.MetricObjectWithValues<client.MetricValueWithName<string>>> {
    const values: client.MetricValueWithName<string>[] = [];
    for (const { labels, count, sum, buckets } of answerSeries.values()) {
      let below = 0;
      for (const [at, le] of DURATION_BUCKETS.entries()) {
        below += buckets[at]!;
        values.push({ labels: { le, ...labels }, value: below, metricName: `${DURATION.name}_bucket` });
      }
      values.push(
        { labels: { le: "+Inf", ...labels }, value: count, metricName: `${DURATION.name}_bucket` },
        { labels, value: sum, metricName: `${DURATION.name}_sum` },
        { labels, value: count, metricName: `${DURATION.name}_count` },
      );
    }
    return { ...DURATION, type: HISTOGRAM, values, aggregator: "sum", collect: () => {} };
  }

  getForPromString() {
    return this.get();
  }

  override reset() {
    super.reset();
    for (const series of answerSeries.values()) {
      series.count = 0;
      series.sum = 0;
      series.buckets.fill(0);
    }
  }
}

export const httpDuration = new AnswerDuration({
  ...DURATION,
  labelNames: ["method", "route", "status"] as const,
  buckets: DURATION_BUCKETS,
  registers: [registry],
});

export const ordersPlaced = new client.Counter({
  name: "tianguis_orders_placed_total",
  help: "Orders placed by shoppers (a retried order counts once).",
  registers: [registry],
});

export const pushDeliveries = new client.Counter({
  name: "tianguis_push_deliveries_total",
  help: "Web Push sends, by outcome: sent, gone (device removed), failed (retried), refused (an endpoint the server will not connect to).",
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
  help: "Pages asked for, by how the rendered-page cache answered: hit, miss (rendered and kept), bypass (signed in), unknown-store (the 404 of an address no store ever had), panel-hit and panel-miss (a signed-in pending tab, decision 037).",
  labelNames: ["result"] as const,
  registers: [registry],
});

/**
 * At the kept page's door (server/kept-page-door.ts), counted as plain numbers (a hit adds one,
 * thousands a second): requests it answered itself, connections it handed over to Node's server.
 */
export const doorCounts = { answered: 0, handedOver: 0 };
export const keptPageDoor = new client.Counter({
  name: "tianguis_kept_page_door_total",
  help: "At the kept page's door (decision 056): requests answered from memory on the connection itself (answered), and connections handed over to Node's HTTP server (handed-over), at a request the door does not answer or a client that does not read its answers.",
  labelNames: ["way"] as const,
  registers: [registry],
  collect() {
    this.reset();
    this.inc({ way: "answered" }, doorCounts.answered);
    this.inc({ way: "handed-over" }, doorCounts.handedOver);
  },
});

export const pageVersionReads = new client.Counter({
  name: "tianguis_page_version_reads_total",
  help: "Reads of page_versions from the database for the rendered-page cache (each serves a batch of answers), made instead of answering from memory: before the listener first caught up, while it is down or behind, and right after a write on this worker (decision 051).",
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

/** Pages whose last segment is a secret token from an e-mail: metric labels never carry it. */
const TOKEN_ROUTES: RegExp[] = [
  /^\/i\/restablecer\/[^/]+$/,
  /^\/i\/reclamar\/[^/]+$/,
  /^\/i\/cuenta\/correo\/[^/]+$/,
  /^\/i\/avisame\/baja\/[^/]+$/,
];

/** A request path with any e-mailed token replaced, so that logs never hold a working link. */
export function redactTokens(path: string): string {
  // Every page with a token is under /i/: any other path (a kept page's) comes back as it came,
  // unless a second "?" makes the split below drop what follows it.
  if (!path.startsWith("/i/") && path.indexOf("?") === path.lastIndexOf("?")) return path;
  const [pathname = "", query] = path.split("?");
  const clean = pathname.replace(/\.data$/, "");
  const match = TOKEN_ROUTES.some((pattern) => pattern.test(clean));
  const redacted = match ? pathname.replace(/\/[^/]+?(\.data)?$/, "/…$1") : pathname;
  return query === undefined ? redacted : `${redacted}?${query}`;
}

export const retentionDeleted = new client.Counter({
  name: "tianguis_retention_deleted_total",
  help: "Rows and files the daily retention run deleted, by what they were.",
  labelNames: ["what"] as const,
  registers: [registry],
});

export const replicaReads = new client.Counter({
  name: "tianguis_db_replica_reads_total",
  help: "Public reads (a city page, a search, a store page, the sitemap, Resumen) served by the read replica (docs/decisions/047).",
  registers: [registry],
});

export const replicaFallbacks = new client.Counter({
  name: "tianguis_db_replica_fallbacks_total",
  help: "Public reads sent back to the primary although a read replica is set, by reason: behind (it had not replayed what the page shows), lagging (past DATABASE_REPLICA_MAX_LAG_SECONDS), down, not-a-replica (its URL reaches a primary or another cluster), starting (not checked yet), failed (the read failed on it and ran again on the primary).",
  labelNames: ["reason"] as const,
  registers: [registry],
});

export const failoversSeen = new client.Counter({
  name: "tianguis_db_failovers_total",
  help: "Failovers this instance saw on DATABASE_URL, by evidence: new-timeline (the primary's WAL timeline changed between two checks), new-system (another cluster's system identifier), primary-in-recovery (the primary's URL reached a server in recovery).",
  labelNames: ["seen"] as const,
  registers: [registry],
});

export const replicaLag = new client.Gauge({
  name: "tianguis_db_replica_lag_seconds",
  help: "How long the read replica has been behind the primary, as of its last check (0: it has replayed all the primary had flushed); the largest over the instance's workers.",
  aggregator: "max",
  registers: [registry],
});
