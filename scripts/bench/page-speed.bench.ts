/**
 * What a shopper's phone pays for the public pages, on the built server
 * with the demo marketplace:
 * - JavaScript each page loads in Chromium on its first load, no tap, as Lighthouse counts it: the
 *   transfer sizes Chromium reports (the encoding it negotiates, brotli, and the headers) (targets:
 *   landing and login ≤ 20 KB, city ≤ 60 KB, store ≤ 80 KB, docs/decisions/003), with the files' gzip
 *   beside it for a browser without brotli;
 * - Lighthouse 12 mobile (emulated mid-range phone, simulated slow 4G), median of 3 runs: LCP
 *   (target ≤ 1.0 s), performance (target ≥ 98), and what the LCP element is.
 * The pages are asked for as a phone reaches them in production: through Caddy on the Caddyfile of
 * docs/deploy.md, over HTTPS and HTTP/2 (installed like wrk when missing; without it, straight to the
 * server over HTTP/1.1, which Lighthouse's simulation gives a connection, and a handshake, for each
 * request at once, and the bench says so).
 * Prints figures; asserts nothing. The browser test `tests/e2e/store-page-code.test.ts` holds the
 * store page to its budget.
 *
 *   npm run build && npm run bench -- page-speed      (BENCH_LIGHTHOUSE_RUNS=5 for more runs)
 */
import { spawnSync } from "node:child_process";
import http from "node:http";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium, type Page } from "playwright-core";
import { findFreePort } from "~/db/embedded.server";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../../tests/support/chromium";
import { startCaddy } from "../../tests/support/city-burst";
import { startServerProcess } from "../../tests/support/server-process";

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const LCP_TARGET_S = 1.0;
const PAGES = [
  { path: "/", js: 20 },
  { path: "/panaderia-la-espiga", js: 80 },
  { path: "/jabones-luna", js: 80 },
  { path: "/c/aguascalientes", js: 60 },
  { path: "/i/login", js: 20 },
];

/** Bytes of a response body as sent with the given Accept-Encoding. */
function sentBytes(url: string, encoding: string) {
  return new Promise<number>((resolve, reject) => {
    http
      .get(url, { headers: { "Accept-Encoding": encoding } }, (response) => {
        let bytes = 0;
        response.on("data", (chunk: Buffer) => (bytes += chunk.length));
        response.on("end", () => resolve(bytes));
      })
      .on("error", reject);
  });
}

/** A header of CDP's response, whose names keep the server's own case over HTTP/1.1. */
const headerOf = (headers: Record<string, string>, name: string) =>
  Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];

/** Each script the tab receives: the bytes Chromium counted for it (body as sent, and headers), and its encoding. */
async function recordScripts(tab: Page) {
  const cdp = await tab.context().newCDPSession(tab);
  await cdp.send("Network.enable");
  const received = new Map<string, { address: string; encoding: string }>();
  const scripts = new Map<string, { bytes: number; encoding: string }>();
  cdp.on("Network.responseReceived", ({ requestId, type, response }) => {
    if (type === "Script")
      received.set(requestId, {
        address: response.url,
        encoding: headerOf(response.headers, "content-encoding") ?? "identity",
      });
  });
  cdp.on("Network.loadingFinished", ({ requestId, encodedDataLength }) => {
    const script = received.get(requestId);
    if (script) scripts.set(script.address, { bytes: encodedDataLength, encoding: script.encoding });
  });
  return scripts;
}

/** The transfer size of the scripts in Lighthouse's own list of the page's requests. */
function lighthouseScriptBytes(details: unknown) {
  const items = (details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)
    ?.items;
  return (items ?? [])
    .filter((item) => item.resourceType === "Script")
    .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[(sorted.length - 1) >> 1]!;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * Caddy in front of the server as docs/deploy.md sets it up, at an HTTPS address of its own; null
 * when Caddy is missing and cannot be installed here.
 */
async function startFront(dir: string, serverUrl: string) {
  const found = spawnSync("node", ["scripts/prepare.mjs", "bench-programs", "page-speed"], {
    stdio: "inherit",
  });
  if (found.status !== 0) return null;
  const upstream = Number(new URL(serverUrl).port);
  return startCaddy(path.join(dir, "caddy"), [upstream], await findFreePort(), { secure: true });
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), "tianguis-bench-speed-"));
const server = await startServerProcess({ env: { DATA_DIR: dataDir, DEMO_DATA: "true", LOG_LEVEL: "warn" } });
const front = await startFront(dataDir, server.url);
const origin = front?.url ?? server.url;
console.log(
  front
    ? `Through Caddy at ${origin} (HTTPS, HTTP/2, the Caddyfile of docs/deploy.md), as a phone reaches the pages.`
    : `Straight to the server at ${origin} (HTTP/1.1): Caddy is missing, and Lighthouse simulates a connection per request in flight.`,
);
try {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  console.log("JavaScript loaded by each page on its first load (Chromium, 360 × 740), as sent:");
  for (const page of PAGES) {
    // Caddy's certificate is from its own local CA, which this browser does not trust.
    const tab = await browser.newPage({ viewport: { width: 360, height: 740 }, ignoreHTTPSErrors: true });
    const scripts = await recordScripts(tab);
    await tab.goto(`${origin}${page.path}`, { waitUntil: "networkidle" });
    await tab.close();
    const transfer = [...scripts.values()].reduce((sum, script) => sum + script.bytes, 0);
    const encodings = new Set([...scripts.values()].map((script) => script.encoding));
    let gzip = 0;
    // Asked of the server itself: Caddy passes its bodies through as they are.
    for (const address of scripts.keys())
      gzip += await sentBytes(address.replace(origin, server.url), "gzip");
    const inline = await sentBytes(`${server.url}${page.path}`, "gzip");
    console.log(
      `  ${page.path.padEnd(22)} ${kb(transfer).padStart(9)} transfer (${[...encodings].join(", ") || "—"}; ${kb(gzip)} gzip),` +
        ` ${scripts.size} files — target ≤ ${page.js} KB ${transfer / 1024 <= page.js ? "✓" : "✗"} · HTML ${kb(inline)} gzip`,
    );
  }
  await browser.close();

  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [...CHROMIUM_FLAGS, "--ignore-certificate-errors"],
  });
  try {
    console.log(
      `Lighthouse 12 mobile, median of ${RUNS} runs (targets: LCP ≤ ${LCP_TARGET_S} s, performance ≥ 98):`,
    );
    for (const page of PAGES) {
      const scores: number[] = [];
      const lcps: number[] = [];
      const scriptBytes: number[] = [];
      let element = "";
      for (let run = 0; run < RUNS; run++) {
        // A page people visit is in the page cache: the run measures that, not its first render.
        await fetch(`${server.url}${page.path}`).then((response) => response.arrayBuffer());
        const result = await lighthouse(`${origin}${page.path}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance"],
        });
        const lhr = result!.lhr;
        scores.push(Math.round((lhr.categories.performance!.score ?? 0) * 100));
        lcps.push(lhr.audits["largest-contentful-paint"]!.numericValue ?? Number.NaN);
        scriptBytes.push(lighthouseScriptBytes(lhr.audits["network-requests"]?.details));
        const details = lhr.audits["largest-contentful-paint-element"]?.details as
          { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined;
        element ||= details?.items?.[0]?.items?.[0]?.node?.snippet?.slice(0, 70) ?? "";
      }
      const lcp = median(lcps) / 1000;
      const score = median(scores);
      console.log(
        `  ${page.path.padEnd(22)} LCP ${lcp.toFixed(2)} s ${lcp <= LCP_TARGET_S ? "✓" : "✗"} · performance ${score} ${score >= 98 ? "✓" : "✗"}` +
          ` (runs ${scores.join(", ")}) · JS ${kb(median(scriptBytes))} · LCP element ${element}`,
      );
    }
  } finally {
    chrome.kill();
  }
} finally {
  await front?.stop();
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
