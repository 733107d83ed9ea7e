/**
 * A flood of made-up store addresses (`/<random id>`, every request a different one), side by side
 * in one run with the very same 404 bytes served static; target ≥ 0.3 of static. While the flood
 * runs, /healthz is asked every 200 ms: its slowest answer and any failure are printed.
 * autocannon, BENCH_CONNECTIONS (50) connections, gzip, BENCH_SECONDS (10) each, the server as
 * `npm start` runs it (a worker per core). Prints figures; asserts nothing.
 *
 *   npm run build && npm run bench -- unknown-store
 */
import autocannon from "autocannon";
import { startDemoServer } from "./demo-server";
import { capture, GZIP, load, startStaticTwin } from "./static-twin";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const TARGET = 0.3;
const randomId = () => `nadie-${Math.random().toString(36).slice(2, 12)}`;

const server = await startDemoServer("unknown");
let twin: Awaited<ReturnType<typeof startStaticTwin>> | undefined;
try {
  const sample = `/${randomId()}`;
  const captured = await capture(`${server.url}${sample}`);
  twin = await startStaticTwin(server.dataDir, [[sample, captured]]);

  const probes: number[] = [];
  let probeFailures = 0;
  let flooding = true;
  const probing = (async () => {
    while (flooding) {
      const started = performance.now();
      const answer = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(5_000) }).catch(
        () => null,
      );
      probes.push(performance.now() - started);
      if (answer?.status !== 200) probeFailures += 1;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  const flood = await autocannon({
    url: server.url,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: GZIP,
    requests: [{ method: "GET", setupRequest: (request) => ({ ...request, path: `/${randomId()}` }) }],
  });
  flooding = false;
  await probing;
  const bare = await load(`${twin.origin}${sample}`, { connections: CONNECTIONS, seconds: SECONDS });
  const ours = flood.requests.average;
  const ratio = ours / bare.rps;
  console.log(
    `Made-up store addresses, ${CONNECTIONS} connections, gzip, ${SECONDS} s each (autocannon); the page is ${captured.body.length} bytes`,
  );
  console.log(
    `  Tianguis ${ours.toFixed(0).padStart(6)} req/s (p99 ${flood.latency.p99} ms, ${flood["4xx"]} answered 404, ${flood.errors + flood["5xx"]} errors)` +
      ` · static ${bare.rps.toFixed(0).padStart(6)} req/s (p99 ${bare.p99} ms)` +
      ` · ratio ${ratio.toFixed(2)} ${ratio >= TARGET ? "✓" : `✗ below ${TARGET}`}`,
  );
  console.log(
    `  /healthz during the flood: ${probes.length} probes, slowest ${Math.max(...probes).toFixed(0)} ms, ${probeFailures} not 200`,
  );
} finally {
  twin?.stop();
  await server.stop();
}
