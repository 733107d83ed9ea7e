/**
 * "As fast as a static file": a bare Node `http` server in its own process that answers each path
 * with the very bytes and headers captured from ours, so a bench can measure Tianguis against the
 * same bytes served static, side by side in one run. It runs as many node:cluster workers as the
 * server it stands beside (`workers`), so that both sides have the same cores to use.
 *
 * Two load generators: `load` (autocannon in this process, as the older benches measure) and
 * `loadApart` (wrk in its own process, else autocannon's worker threads in a process of their own).
 * A generator sharing a process with the bench, or with the twin, becomes the bottleneck under a
 * fast server and makes both sides read alike.
 */
import { execFile, fork, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import autocannon from "autocannon";

const STATIC_SERVER = `
const cluster = require("node:cluster");
const http = require("node:http");
const [pagesFile, workers] = [process.argv[2], Number(process.argv[3] || 1)];
if (cluster.isPrimary && workers > 1) {
  let listening = 0;
  for (let n = 0; n < workers; n++) cluster.fork();
  // Workers listening on port 0 share the one port the primary opened.
  cluster.on("listening", (_worker, address) => {
    if (++listening === workers) process.send(address.port);
  });
  process.on("disconnect", () => process.exit(0));
} else {
  const pages = new Map(JSON.parse(require("node:fs").readFileSync(pagesFile, "utf8"))
    .map(([path, headers, body]) => [path, { headers, body: Buffer.from(body, "base64") }]));
  const server = http.createServer((req, res) => {
    const page = pages.get(req.url);
    if (!page) { res.statusCode = 404; return res.end(); }
    res.writeHead(200, { ...page.headers, "content-length": page.body.length });
    res.end(page.body);
  });
  server.listen(0, "127.0.0.1", () => process.send?.(server.address().port));
}
`;

export const GZIP = { "accept-encoding": "gzip" };

/** Headers of the connection and the transfer, which the bare server writes for itself. */
const TRANSFER_HEADERS = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length"]);

/**
 * The response to `url` as it went over the wire (still compressed), with every header but the
 * transfer's: the bare server sends as many bytes as ours.
 */
export async function capture(url: string, headers: Record<string, string> = {}) {
  const { get } = await import("node:http");
  return new Promise<{ headers: Record<string, string>; body: Buffer }>((resolve, reject) => {
    get(url, { headers: { ...GZIP, ...headers } }, (res) => {
      const kept: Record<string, string> = {};
      for (const [name, value] of Object.entries(res.headers)) {
        if (typeof value === "string" && !TRANSFER_HEADERS.has(name)) kept[name] = value;
      }
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ headers: kept, body: Buffer.concat(chunks) }));
    }).on("error", reject);
  });
}

/**
 * Starts the bare server with the captured pages (path → response) in `workers` processes; returns
 * its origin, its process id (its workers are that process's children) and a stop.
 */
export async function startStaticTwin(
  dir: string,
  pages: [path: string, response: { headers: Record<string, string>; body: Buffer }][],
  { workers = 1 }: { workers?: number } = {},
): Promise<{ origin: string; pid: number; stop: () => void }> {
  const pagesFile = path.join(dir, "static-pages.json");
  await writeFile(
    pagesFile,
    JSON.stringify(pages.map(([at, { headers, body }]) => [at, headers, body.toString("base64")])),
  );
  const scriptFile = path.join(dir, "static-server.cjs");
  await writeFile(scriptFile, STATIC_SERVER);
  const child: ChildProcess = fork(scriptFile, [pagesFile, String(workers)], {
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  const port = await new Promise<number>((resolve) => child.once("message", resolve as never));
  return { origin: `http://127.0.0.1:${port}`, pid: child.pid!, stop: () => child.kill() };
}

/** Requests/s, p99 and failed answers of `url` under load (autocannon, gzip). */
export async function load(
  url: string,
  {
    connections,
    seconds,
    headers = {},
  }: { connections: number; seconds: number; headers?: Record<string, string> },
) {
  const result = await autocannon({ url, connections, duration: seconds, headers: { ...GZIP, ...headers } });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

/** A run of `loadApart`: requests/s, latency percentiles in ms, requests made, failed answers. */
export type LoadRun = {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  tool: "wrk" | "autocannon";
};

export const WRK = process.env.WRK_PATH ?? "/usr/bin/wrk";

/**
 * `url` under load from a process of its own: wrk (two threads, `connections` connections, gzip),
 * or, without wrk, autocannon's command with two worker threads. Neither shares a core's event
 * loop with the bench or the servers it measures.
 */
export async function loadApart(
  url: string,
  { connections, seconds }: { connections: number; seconds: number },
): Promise<LoadRun> {
  return existsSync(WRK) ? wrk(url, connections, seconds) : autocannonApart(url, connections, seconds);
}

async function wrk(url: string, connections: number, seconds: number): Promise<LoadRun> {
  const args = ["-t2", `-c${connections}`, `-d${seconds}s`, "--latency", "-H", "Accept-Encoding: gzip", url];
  const { stdout } = await promisify(execFile)(WRK, args, { maxBuffer: 1 << 20 });
  const figures = wrkFigures(stdout);
  return { ...figures, p50: figures.latencyMs("50"), p99: figures.latencyMs("99"), tool: "wrk" };
}

/** What wrk printed (run with `--latency`): requests/s, requests, errors, and a latency percentile. */
export function wrkFigures(stdout: string) {
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(stdout)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout);
  const socketErrors = socket ? socket.slice(1).reduce((sum, value) => sum + Number(value), 0) : 0;
  /** A percentile as wrk wrote it ("84.63ms"). */
  const latencyText = (percent: string) =>
    new RegExp(`^\\s+${percent}%\\s+(\\S+)`, "m").exec(stdout)?.[1] ?? "?";
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1] ?? 0),
    requests: Number(/(\d+) requests in/.exec(stdout)?.[1] ?? 0),
    errors: non2xx + socketErrors,
    latencyText,
    /** The same in milliseconds. */
    latencyMs(percent: string) {
      const [, value = "0", unit = "ms"] = /^([\d.]+)(us|ms|s)$/.exec(latencyText(percent)) ?? [];
      return Number(value) * { us: 0.001, ms: 1, s: 1000 }[unit as "us" | "ms" | "s"];
    },
  };
}

async function autocannonApart(url: string, connections: number, seconds: number): Promise<LoadRun> {
  const bin = path.resolve("node_modules/.bin/autocannon");
  const args = [
    "-c",
    `${connections}`,
    "-d",
    `${seconds}`,
    "-w",
    "2",
    "-H",
    "accept-encoding=gzip",
    "-j",
    url,
  ];
  const { stdout } = await promisify(execFile)(bin, args, { maxBuffer: 16 << 20 });
  const result = JSON.parse(stdout) as autocannon.Result;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.non2xx,
    tool: "autocannon",
  };
}
