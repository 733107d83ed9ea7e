/**
 * A city search with a term never asked before (every request a new four-letter term, so the page
 * cache cannot answer any), side by side in one run with the very same bytes served static; target
 * ≥ 0.10 of static. autocannon, BENCH_CONNECTIONS (50) connections, gzip, BENCH_SECONDS (10) each,
 * on the demo city, the server as `npm start` runs it (a worker per core). Prints figures; asserts
 * nothing.
 *
 *   npm run build && npm run bench -- uncached-search
 */
import autocannon from "autocannon";
import { startDemoServer } from "./demo-server";
import { capture, GZIP, load, startStaticTwin } from "./static-twin";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const TARGET = 0.1;
const CITY = "/c/aguascalientes";
const LETTERS = "abcdefghijklmnopqrstuvwxyz";
const randomTerm = () =>
  Array.from({ length: 4 }, () => LETTERS[Math.floor(Math.random() * LETTERS.length)]).join("");

const server = await startDemoServer("uncached-search");
let twin: Awaited<ReturnType<typeof startStaticTwin>> | undefined;
try {
  const sample = `${CITY}?q=${randomTerm()}`;
  const captured = await capture(`${server.url}${sample}`);
  twin = await startStaticTwin(server.dataDir, [[sample, captured]]);

  const seen = new Set<string>();
  let repeated = 0;
  const searches = await autocannon({
    url: server.url,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: GZIP,
    requests: [
      {
        method: "GET",
        setupRequest: (request) => {
          const term = randomTerm();
          if (seen.has(term)) repeated += 1;
          seen.add(term);
          return { ...request, path: `${CITY}?q=${term}` };
        },
      },
    ],
  });
  const bare = await load(`${twin.origin}${sample}`, { connections: CONNECTIONS, seconds: SECONDS });
  const ours = searches.requests.average;
  const ratio = ours / bare.rps;
  console.log(
    `City searches with unseen terms, ${CONNECTIONS} connections, gzip, ${SECONDS} s each (autocannon); a page is ${captured.body.length} bytes`,
  );
  console.log(
    `  Tianguis ${ours.toFixed(0).padStart(6)} req/s (p50 ${searches.latency.p50} ms, p99 ${searches.latency.p99} ms, ` +
      `${searches.errors + searches.non2xx} errors, ${repeated} terms asked twice)` +
      ` · static ${bare.rps.toFixed(0).padStart(6)} req/s (p99 ${bare.p99} ms)` +
      ` · ratio ${ratio.toFixed(2)} ${ratio >= TARGET ? "✓" : `✗ below ${TARGET}`}`,
  );
} finally {
  twin?.stop();
  await server.stop();
}
