// `npm test`: every test (unit, integration on real PostgreSQL, browser in Chromium), then one
// closing line "tests: N passed, N failed". Extra arguments go to Vitest (e.g. --project unit).
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { checkNodeVersion, ensureBuilt, ensureInstalled, root } from "./prepare.mjs";

checkNodeVersion();
ensureInstalled();
ensureBuilt();

const report = path.join(os.tmpdir(), `tianguis-vitest-${process.pid}.json`);
const started = Date.now();
const result = spawnSync("npx", ["vitest", "run", ...process.argv.slice(2)], {
  stdio: "inherit",
  cwd: root,
  env: { ...process.env, VITEST_JSON: report, NODE_ENV: "test" },
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
  rmSync(report, { force: true });
}
console.log(`\nSuite time: ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
// Vitest 4.1 exits 0 when a failure is in a later project group (sequence.groupOrder), so the
// report decides too: any failed test or file, or no report at all, fails the run.
process.exit(result.status === 0 && success && failed === 0 ? 0 : 1);
