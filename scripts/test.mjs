// `npm test`: every test (unit, integration on real PostgreSQL, browser in Chromium), then one
// closing line "tests: N passed, N failed". Extra arguments go to Vitest (e.g. --project unit).
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { checkNodeVersion, ensureBuilt, ensureInstalled, ensureTestPrograms, root } from "./prepare.mjs";

checkNodeVersion();
const args = process.argv.slice(2);
/** The projects asked for (`--project unit`, `--project=e2e`); none named: all of them. */
const projects = args.flatMap((arg, i) =>
  arg === "--project" ? [args[i + 1]] : arg.startsWith("--project=") ? [arg.slice(10)] : [],
);
ensureTestPrograms(projects);
await ensureInstalled();
await ensureBuilt();

const report = path.join(os.tmpdir(), `tianguis-vitest-${process.pid}.json`);
const started = Date.now();
const result = spawnSync("npx", ["vitest", "run", ...args], {
  stdio: "inherit",
  cwd: root,
  // The servers tests start with `npm start` run from this build as it is: never reinstalled or
  // rebuilt in place under another test file's running servers (scripts/prepare.mjs).
  env: { ...process.env, VITEST_JSON: report, NODE_ENV: "test", TIANGUIS_NO_PREPARE: "1" },
});

let passed = 0;
let failed = 0;
let skipped = 0;
let success = false;
if (existsSync(report)) {
  const summary = JSON.parse(readFileSync(report, "utf8"));
  passed = summary.numPassedTests;
  failed = summary.numFailedTests;
  skipped = summary.numPendingTests + summary.numTodoTests;
  success = summary.success && summary.numFailedTestSuites === 0;
  printTimes(summary.testResults);
  rmSync(report, { force: true });
}
console.log(`\nSuite time: ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
/**
 * Where the time went: each layer from its first file's start to its last file's end (layers may
 * overlap), and the ten files that took longest (their tests, after their imports and set-up).
 */
function printTimes(files) {
  const layerOf = (name) =>
    name.includes("/tests/e2e/") ? "e2e" : name.includes("/tests/integration/") ? "integration" : "unit";
  const layers = new Map();
  for (const file of files) {
    const layer = layers.get(layerOf(file.name)) ?? { start: Infinity, end: 0, files: 0 };
    layer.start = Math.min(layer.start, file.startTime);
    layer.end = Math.max(layer.end, file.endTime);
    layer.files += 1;
    layers.set(layerOf(file.name), layer);
  }
  console.log("\nLayers:");
  for (const name of ["unit", "integration", "e2e"].filter((layer) => layers.has(layer))) {
    const { start, end, files: count } = layers.get(name);
    console.log(`  ${name.padEnd(12)} ${((end - start) / 1000).toFixed(1).padStart(6)} s  (${count} files)`);
  }
  console.log("Slowest files:");
  for (const file of [...files]
    .sort((a, b) => b.endTime - b.startTime - (a.endTime - a.startTime))
    .slice(0, 10)) {
    const seconds = ((file.endTime - file.startTime) / 1000).toFixed(1);
    console.log(`  ${seconds.padStart(6)} s  ${path.relative(root, file.name)}`);
  }
}

// Vitest 4.1 exits 0 when a failure is in a later project group (sequence.groupOrder), so the
// report decides too: any failed test or file, or no report at all, fails the run.
process.exit(result.status === 0 && success && failed === 0 ? 0 : 1);
