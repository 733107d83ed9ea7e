// `npm run bench`: runs every scripts/bench/*.bench.ts in turn; each prints its own figures.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const dir = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const all = readdirSync(dir).filter((file) => file.endsWith(".bench.ts"));
const nameOf = (file: string) => file.slice(0, -".bench.ts".length);
/**
 * A bench's own name runs it alone (`failover`, not `db-failover` too); any other word runs every
 * bench whose name contains it (`page` runs page-cache and page-speed).
 */
const chosen = (file: string, name: string) =>
  all.some((each) => nameOf(each) === name) ? nameOf(file) === name : file.includes(name);
const benches = all.filter((file) => only.length === 0 || only.some((name) => chosen(file, name))).sort();

let failed = false;
for (const file of benches) {
  console.log(`\n=== ${file} ===`);
  const result = spawnSync("npx", ["tsx", path.join(dir, file)], { stdio: "inherit" });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
