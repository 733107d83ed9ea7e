// The store page's budgets (docs/decisions/003), on the demo store, on this machine:
//   JavaScript transferred ≤ 100 KB gzip; median server render ≤ 15 ms;
//   Lighthouse 12 mobile performance ≥ 95 and accessibility 100.
// Starts its own built server (BUILD_DIR, default `build`; built first if missing) with a
// temporary DATA_DIR and embedded PostgreSQL, and stops it at the end.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../../tests/support/chromium";
import { ROOT, startServerProcess } from "../../tests/support/server-process";

const STORE_PATH = "/panaderia-la-espiga";
const RENDER_RUNS = 200;
const LIGHTHOUSE_RUNS = 3;

const buildDir = process.env.BUILD_DIR ?? "build";
if (!existsSync(path.join(ROOT, buildDir, "server/index.js"))) {
  console.log(`building into ${buildDir}/ …`);
  const built = spawnSync("npx", ["react-router", "build"], {
    cwd: ROOT,
    stdio: "ignore",
    env: { ...process.env, BUILD_DIR: buildDir, NODE_ENV: "production" },
  });
  if (built.status !== 0) throw new Error("build failed");
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), "tianguis-bench-storefront-"));
const server = await startServerProcess({
  env: { BUILD_DIR: buildDir, DATA_DIR: dataDir, DEMO_DATA: "true", LOG_LEVEL: "warn" },
});

/** One GET, body read to the end; the size is of the bytes on the wire. */
function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; bytes: number; ms: number; encoding: string }>((resolve, reject) => {
    const started = process.hrtime.bigint();
    http
      .get(url, { headers, agent: keepAlive }, (response) => {
        let bytes = 0;
        response.on("data", (chunk: Buffer) => (bytes += chunk.length));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            bytes,
            ms: Number(process.hrtime.bigint() - started) / 1e6,
            encoding: String(response.headers["content-encoding"] ?? "identity"),
          }),
        );
      })
      .on("error", reject);
  });
}
const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[(sorted.length - 1) >> 1]! + sorted[sorted.length >> 1]!) / 2;
};

try {
  const url = `${server.url}${STORE_PATH}`;

  // 1. JavaScript the page loads in a real browser, each file measured as gzip on the wire.
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
  const scripts = new Set<string>();
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.add(response.url());
  });
  await page.goto(url, { waitUntil: "networkidle" });
  await browser.close();
  let gzipTotal = 0;
  let rawTotal = 0;
  for (const script of scripts) {
    const gzip = await get(script, { "Accept-Encoding": "gzip" });
    const raw = await get(script);
    // (compression leaves files under 1 KB as they are: their bytes count as sent)
    gzipTotal += gzip.bytes;
    rawTotal += raw.bytes;
  }
  console.log(
    `JavaScript for ${STORE_PATH}: ${(gzipTotal / 1024).toFixed(1)} KB gzip ` +
      `(${(rawTotal / 1024).toFixed(1)} KB uncompressed, ${scripts.size} files) — budget ≤ 100 KB gzip`,
  );

  // 2. Server render over loopback: full HTML response, gzip as a browser asks for it.
  for (let i = 0; i < 20; i++) await get(url, { "Accept-Encoding": "gzip" });
  const times: number[] = [];
  for (let i = 0; i < RENDER_RUNS; i++) {
    const response = await get(url, { "Accept-Encoding": "gzip" });
    if (response.status !== 200) throw new Error(`status ${response.status}`);
    times.push(response.ms);
  }
  console.log(
    `server render of ${STORE_PATH}: median ${median(times).toFixed(1)} ms, p95 ${[...times].sort((a, b) => a - b)[Math.floor(RENDER_RUNS * 0.95)]!.toFixed(1)} ms ` +
      `over ${RENDER_RUNS} requests (loopback, time to last byte) — budget ≤ 15 ms`,
  );

  // 3. Lighthouse 12, mobile (its default: emulated mid-range phone, simulated slow 4G).
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
  try {
    const performance: number[] = [];
    const accessibility: number[] = [];
    for (let run = 0; run < LIGHTHOUSE_RUNS; run++) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility"],
      });
      const categories = result!.lhr.categories;
      performance.push(Math.round((categories.performance!.score ?? 0) * 100));
      accessibility.push(Math.round((categories.accessibility!.score ?? 0) * 100));
      if (run === 0) {
        const audits = result!.lhr.audits;
        const metric = (id: string) => audits[id]?.displayValue ?? "?";
        console.log(
          `  Lighthouse run 1: FCP ${metric("first-contentful-paint")}, LCP ${metric("largest-contentful-paint")}, ` +
            `TBT ${metric("total-blocking-time")}, CLS ${metric("cumulative-layout-shift")}`,
        );
        const failing = Object.values(audits).filter(
          (audit) =>
            audit.score !== null &&
            audit.score < 1 &&
            result!.lhr.categories.accessibility!.auditRefs.some((ref) => ref.id === audit.id),
        );
        if (failing.length > 0)
          console.log(`  accessibility audits not passed: ${failing.map((a) => a.id).join(", ")}`);
      }
    }
    console.log(
      `Lighthouse 12 mobile ${STORE_PATH}: performance ${median(performance)} (runs ${performance.join(", ")}) — budget ≥ 95; ` +
        `accessibility ${median(accessibility)} (runs ${accessibility.join(", ")}) — budget 100`,
    );
  } finally {
    chrome.kill();
  }
} finally {
  keepAlive.destroy();
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
