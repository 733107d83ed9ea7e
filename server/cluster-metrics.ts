/**
 * One set of metrics for the whole instance, whichever worker a scrape lands on. A worker that
 * takes `GET /metrics` asks the primary, which collects every worker's registry over node:cluster's
 * channel and sums them (prom-client's aggregation: counters and histograms add up, gauges read at
 * scrape time add up, a few process facts take the first or the largest). A worker that died or
 * was replaced leaves its last counters behind in the primary, so that no counter of the instance
 * ever goes backwards between two scrapes: a rate Prometheus computes stays right across a
 * respawn. With one process (WEB_CONCURRENCY=1) the process's own registry is the instance's.
 */
import cluster, { type Worker } from "node:cluster";
import client, { AggregatorRegistry } from "prom-client";
import { registry } from "~/lib/metrics.server";

export const PROMETHEUS_CONTENT_TYPE = registry.contentType;

type MetricsJson = Awaited<ReturnType<typeof registry.getMetricsAsJSON>>;

/** A worker asks the primary for the instance's metrics. */
const ASK = "tianguis:metrics:ask";
/** The primary asks a worker for its own registry. */
const COLLECT = "tianguis:metrics:collect";
/** A worker's own registry, to the primary. */
const COLLECTED = "tianguis:metrics:collected";
/** The instance's metrics, from the primary to the worker that asked. */
const ANSWER = "tianguis:metrics:answer";

/** How long the primary waits for a worker's registry before using the last one it had. */
const WORKER_BOUND_MS = 1_000;
/** How long a worker waits for the primary's answer before saying it cannot. */
const PRIMARY_BOUND_MS = 3_000;

type Message = { type?: unknown; id?: unknown; metrics?: unknown; text?: unknown };

/** Counters and histograms only grow; what a gone worker counted is kept in the instance's totals. */
const kept = (metrics: MetricsJson): MetricsJson =>
  metrics.filter((metric) => ["counter", "histogram"].includes(String(metric.type)));

/**
 * The primary's side: answers workers' questions with the instance's sum, and its own metrics
 * about the workers (how many run, how many were replaced).
 */
export function servePrimaryMetrics() {
  const own = new client.Registry();
  new client.Gauge({
    name: "tianguis_workers",
    help: "Worker processes serving requests in this instance.",
    registers: [own],
    collect() {
      this.set(Object.values(cluster.workers ?? {}).filter((worker) => worker?.isConnected()).length);
    },
  });
  const restarts = new client.Counter({
    name: "tianguis_worker_restarts_total",
    help: "Workers that died and were replaced.",
    registers: [own],
  });

  /** Each live worker's last registry, and what the gone ones had counted. */
  const last = new Map<number, MetricsJson>();
  let gone: MetricsJson = [];
  let nextRequest = 0;
  const waiting = new Map<number, { worker: Worker; resolve: (metrics: MetricsJson) => void }>();

  cluster.on("message", (worker, message: Message) => {
    if (message?.type === COLLECTED && typeof message.id === "number") {
      const entry = waiting.get(message.id);
      if (entry && entry.worker === worker) {
        waiting.delete(message.id);
        entry.resolve(message.metrics as MetricsJson);
      }
    } else if (message?.type === ASK && typeof message.id === "number") {
      const id = message.id;
      void instanceMetrics().then(
        (text) => send(worker, { type: ANSWER, id, text }),
        (error: unknown) => send(worker, { type: ANSWER, id, error: String(error) }),
      );
    }
  });
  cluster.on("exit", (worker) => {
    const metrics = last.get(worker.id);
    last.delete(worker.id);
    if (metrics) gone = sumOf([gone, kept(metrics)]);
  });

  /** One worker's registry, or its last one when it does not answer within the bound. */
  function collect(worker: Worker): Promise<MetricsJson | undefined> {
    const id = nextRequest++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        waiting.delete(id);
        resolve(last.get(worker.id));
      }, WORKER_BOUND_MS);
      waiting.set(id, {
        worker,
        resolve: (metrics) => {
          clearTimeout(timer);
          last.set(worker.id, metrics);
          resolve(metrics);
        },
      });
      if (!send(worker, { type: COLLECT, id })) {
        clearTimeout(timer);
        waiting.delete(id);
        resolve(last.get(worker.id));
      }
    });
  }

  async function instanceMetrics(): Promise<string> {
    const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => !!worker);
    const each = await Promise.all(workers.map(collect));
    const all = [...each.filter((metrics): metrics is MetricsJson => !!metrics), gone];
    all.push(await own.getMetricsAsJSON());
    return AggregatorRegistry.aggregate(all).metrics();
  }

  return {
    /** A worker died and another takes its place. */
    workerReplaced: () => restarts.inc(),
  };
}

/**
 * Several registries' metrics added up, as one registry's. The aggregate registry's metrics hand
 * back their sums synchronously (prom-client wraps each in a `get` that returns it).
 */
function sumOf(parts: MetricsJson[]): MetricsJson {
  return AggregatorRegistry.aggregate(parts)
    .getMetricsAsArray()
    .map((metric) => (metric as unknown as { get: () => MetricsJson[number] }).get());
}

/**
 * The worker's side: hands its registry to the primary when asked, and asks the primary for the
 * instance's metrics when a scrape lands here. Outside a worker, the process's own registry.
 */
export function workerMetrics() {
  if (!cluster.isWorker) return () => registry.metrics();
  let nextRequest = 0;
  const waiting = new Map<number, { resolve: (text: string) => void; reject: (error: Error) => void }>();
  process.on("message", (message: Message) => {
    if (message?.type === COLLECT) {
      void registry
        .getMetricsAsJSON()
        .then((metrics) => send(process, { ...message, type: COLLECTED, metrics }));
    } else if (message?.type === ANSWER && typeof message.id === "number") {
      const entry = waiting.get(message.id);
      waiting.delete(message.id);
      if (typeof message.text === "string") entry?.resolve(message.text);
      else entry?.reject(new Error("the primary could not collect the workers' metrics"));
    }
  });
  return () =>
    new Promise<string>((resolve, reject) => {
      const id = nextRequest++;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error("the primary did not answer with the workers' metrics"));
      }, PRIMARY_BOUND_MS);
      waiting.set(id, {
        resolve: (text) => (clearTimeout(timer), resolve(text)),
        reject: (error) => (clearTimeout(timer), reject(error)),
      });
      if (!send(process, { type: ASK, id })) {
        clearTimeout(timer);
        waiting.delete(id);
        reject(new Error("the primary is gone"));
      }
    });
}

/**
 * Sends over the cluster channel; false when it is closed. A send on a closed channel reports
 * EPIPE or ERR_IPC_CHANNEL_CLOSED through its callback instead of as an unhandled error.
 */
function send(to: Worker | NodeJS.Process, message: object): boolean {
  const connected = "isConnected" in to ? to.isConnected() : to.connected;
  if (!connected || !to.send) return false;
  to.send(message, undefined, {}, () => {});
  return true;
}
