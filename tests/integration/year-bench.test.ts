/**
 * The city-year bench (scripts/bench/year.bench.ts) keeps working as the app changes: at YEAR_SCALE
 * 0.01 (100 stores, 30,000 orders) it generates its data, every request it makes answers 2xx (it
 * exits 1 otherwise) and it prints every figure beside its target. The figures themselves are not
 * checked: benches print speed, tests never assert it. Needs the build (`npm run build`).
 */
import { spawn } from "node:child_process";
import { expect, it } from "vitest";
import { describeOnOwnCluster } from "../support/database";
import { ROOT } from "../support/server-process";

const REQUESTS = [
  "city page",
  "city search",
  "store page",
  "product page",
  "order tracking",
  "Resumen, 30 days",
  "pending orders tab",
  "super-admin stores",
  "super-admin next page",
  "super-admin ownerless",
  "super-admin search",
];
const TABLES = [
  "stores",
  "products",
  "orders",
  "order_lines",
  "order_events",
  "page_view_days",
  "analytics_events",
];

function runBench(env: Record<string, string>) {
  const { BENCH_DATA_DIR: _kept, ...inherited } = process.env;
  const child = spawn("npx", ["tsx", "scripts/bench/year.bench.ts"], {
    cwd: ROOT,
    env: { ...inherited, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on("close", (code) => resolve({ code, output })),
  );
}

describeOnOwnCluster("the city-year bench", () => {
  it("runs at YEAR_SCALE 0.01 and prints every figure beside its target", { timeout: 180_000 }, async () => {
    const { code, output } = await runBench({ YEAR_SCALE: "0.01", BENCH_RUNS: "5", BENCH_SECONDS: "1" });
    expect(output).toContain("100 stores in 30 cities");
    for (const table of TABLES)
      expect(output).toMatch(new RegExp(`^ +${table} +[\\d,]+ rows +[\\d.]+ s$`, "m"));
    for (const label of REQUESTS) {
      expect(output).toMatch(
        new RegExp(
          `^ +${label} +p50 +[\\d.]+ ms +p95 +[\\d.]+ ms +\\(target p95 ≤ \\d+ ms\\) +(ok|OVER)$`,
          "m",
        ),
      );
    }
    expect(output).toMatch(/^ +orders placed +[\d.]+ orders\/s .*\(no target\)$/m);
    expect(output).toMatch(/^ +database before retention +\d+ MB/m);
    expect(output).toMatch(/^ +retention run +[\d.]+ s/m);
    expect(output).toMatch(/^ +database after retention +\d+ MB/m);
    expect(code, output).toBe(0);
  });
});
