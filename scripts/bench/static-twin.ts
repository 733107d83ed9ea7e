/**
 * "As fast as a static file": a bare Node `http` server in its own process that answers each path
 * with the very bytes and headers captured from ours, so a bench can measure Tianguis against the
 * same bytes served static, side by side in one run.
 */
import { fork, type ChildProcess } from "node:child_process";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import autocannon from "autocannon";

const STATIC_SERVER = `
const http = require("node:http");
const pages = new Map(JSON.parse(require("node:fs").readFileSync(process.argv[2], "utf8"))
  .map(([path, headers, body]) => [path, { headers, body: Buffer.from(body, "base64") }]));
const server = http.createServer((req, res) => {
  const page = pages.get(req.url);
  if (!page) { res.statusCode = 404; return res.end(); }
  res.writeHead(200, { ...page.headers, "content-length": page.body.length });
  res.end(page.body);
});
server.listen(0, "127.0.0.1", () => process.send(server.address().port));
`;

export const GZIP = { "accept-encoding": "gzip" };

/** The response to `url` as it went over the wire (still compressed), with the headers that matter. */
export async function capture(url: string, headers: Record<string, string> = {}) {
  const { get } = await import("node:http");
  return new Promise<{ headers: Record<string, string>; body: Buffer }>((resolve, reject) => {
    get(url, { headers: { ...GZIP, ...headers } }, (res) => {
      const kept: Record<string, string> = {};
      for (const name of ["content-type", "content-encoding", "cache-control", "etag", "vary"]) {
        const value = res.headers[name];
        if (typeof value === "string") kept[name] = value;
      }
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ headers: kept, body: Buffer.concat(chunks) }));
    }).on("error", reject);
  });
}

/** Starts the bare server with the captured pages (path → response); returns its origin and a stop. */
export async function startStaticTwin(
  dir: string,
  pages: [path: string, response: { headers: Record<string, string>; body: Buffer }][],
): Promise<{ origin: string; stop: () => void }> {
  const pagesFile = path.join(dir, "static-pages.json");
  await writeFile(
    pagesFile,
    JSON.stringify(pages.map(([at, { headers, body }]) => [at, headers, body.toString("base64")])),
  );
  const scriptFile = path.join(dir, "static-server.cjs");
  await writeFile(scriptFile, STATIC_SERVER);
  const child: ChildProcess = fork(scriptFile, [pagesFile], {
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  const port = await new Promise<number>((resolve) => child.once("message", resolve as never));
  return { origin: `http://127.0.0.1:${port}`, stop: () => child.kill() };
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
