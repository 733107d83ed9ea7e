// `npm start`: from a fresh clone to a running marketplace. Installs dependencies when the
// lock file changed since the last install, builds when the sources are newer than the build,
// then serves with the embedded database and demo data.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);

const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`Tianguis necesita Node 20.19 o más reciente (tienes ${process.versions.node}).`);
  process.exit(1);
}

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// 1. Dependencies: reinstall only when package-lock.json differs from the installed one.
const lockHash = createHash("sha256").update(readFileSync("package-lock.json")).digest("hex");
const stamp = path.join("node_modules", ".tianguis-lock-hash");
if (!existsSync(stamp) || readFileSync(stamp, "utf8") !== lockHash) {
  console.log("Instalando dependencias…");
  run("npm", ["install", "--no-audit", "--no-fund", "--include=dev"]);
  writeFileSync(stamp, lockHash);
}

// 2. Build: when any source is newer than the last build.
function newest(entry) {
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(stats.mtimeMs, ...readdirSync(entry).map((name) => newest(path.join(entry, name))));
}
const sources = ["app", "server", "public", "drizzle", "vite.config.ts", "react-router.config.ts", "package-lock.json"];
const builtAt = existsSync("build/server/index.js") ? statSync("build/server/index.js").mtimeMs : 0;
if (Math.max(...sources.filter((entry) => existsSync(entry)).map(newest)) > builtAt) {
  console.log("Construyendo Tianguis…");
  run("npx", ["react-router", "build"], { NODE_ENV: "production" });
}

// 3. Serve (in this process, so signals reach the server directly).
process.env.NODE_ENV ??= "production";
await import(path.join(root, "server.js"));
