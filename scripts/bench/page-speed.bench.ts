/**
 * What a shopper's phone pays for the public pages, on the built server
 * with the demo marketplace:
 * - JavaScript each page loads in Chromium, gzip as sent (targets: landing and login ≤ 20 KB, city
 *   ≤ 60 KB, store ≤ 75 KB), with brotli beside it;
 * - Lighthouse 12 mobile (emulated mid-range phone, simulated slow 4G), median of 3 runs: LCP
 *   (target ≤ 1.5 s), performance (target ≥ 98), and what the LCP element is.
 * Prints figures; asserts nothing.
 *
 *   npm run build && npm run bench -- page-speed      (BENCH_LIGHTHOUSE_RUNS=5 for more runs)
 */
import http from "node:http";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../../tests/support/chromium";
import { startServerProcess } from "../../tests/support/server-process";

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const PAGES = [
  { path: "/", js: 20 },
  { path: "/panaderia-la-espiga", js: 75 },
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

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[(sorted.length - 1) >> 1]!;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const dataDir = await mkdtemp(path.join(os.tmpdir(), "tianguis-bench-speed-"));
const server = await startServerProcess({ env: { DATA_DIR: dataDir, DEMO_DATA: "true", LOG_LEVEL: "warn" } });
try {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  console.log("JavaScript loaded by each page (Chromium, 360 × 740), as sent:");
  for (const page of PAGES) {
    const tab = await browser.newPage({ viewport: { width: 360, height: 740 } });
    const scripts = new Set<string>();
    tab.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.add(response.url());
    });
    await tab.goto(`${server.url}${page.path}`, { waitUntil: "networkidle" });
    await tab.close();
    let gzip = 0;
    let brotli = 0;
    for (const script of scripts) {
      gzip += await sentBytes(script, "gzip");
      brotli += await sentBytes(script, "br, gzip");
    }
    const inline = await sentBytes(`${server.url}${page.path}`, "gzip");
    console.log(
      `  ${page.path.padEnd(22)} ${kb(gzip).padStart(9)} gzip (${kb(brotli)} brotli), ${scripts.size} files` +
        ` — target ≤ ${page.js} KB ${gzip / 1024 <= page.js ? "✓" : "✗"} · HTML ${kb(inline)} gzip`,
    );
  }
  await browser.close();

  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
  try {
    console.log(`Lighthouse 12 mobile, median of ${RUNS} runs (targets: LCP ≤ 1.5 s, performance ≥ 98):`);
    for (const page of PAGES) {
      const scores: number[] = [];
      const lcps: number[] = [];
      let element = "";
      for (let run = 0; run < RUNS; run++) {
        // A page people visit is in the page cache: the run measures that, not its first render.
        await fetch(`${server.url}${page.path}`).then((response) => response.arrayBuffer());
        const result = await lighthouse(`${server.url}${page.path}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance"],
        });
        const lhr = result!.lhr;
        scores.push(Math.round((lhr.categories.performance!.score ?? 0) * 100));
        lcps.push(lhr.audits["largest-contentful-paint"]!.numericValue ?? Number.NaN);
        const details = lhr.audits["largest-contentful-paint-element"]?.details as
          { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined;
        element ||= details?.items?.[0]?.items?.[0]?.node?.snippet?.slice(0, 70) ?? "";
      }
      const lcp = median(lcps) / 1000;
      const score = median(scores);
      console.log(
        `  ${page.path.padEnd(22)} LCP ${lcp.toFixed(2)} s ${lcp <= 1.5 ? "✓" : "✗"} · performance ${score} ${score >= 98 ? "✓" : "✗"}` +
          ` (runs ${scores.join(", ")}) · LCP element ${element}`,
      );
    }
  } finally {
    chrome.kill();
  }
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
