// Shared by `npm start` and `npm test`: a fresh clone needs only Node and npm.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", cwd: root, env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

export function checkNodeVersion() {
  const [major, minor] = process.versions.node.split(".").map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    console.error(`Tianguis necesita Node 20.19 o más reciente (tienes ${process.versions.node}).`);
    process.exit(1);
  }
}

/** Installs dependencies when package-lock.json differs from the one last installed. */
export function ensureInstalled() {
  const lockHash = createHash("sha256")
    .update(readFileSync(path.join(root, "package-lock.json")))
    .digest("hex");
  const stamp = path.join(root, "node_modules", ".tianguis-lock-hash");
  if (existsSync(stamp) && readFileSync(stamp, "utf8") === lockHash) return;
  console.log("Instalando dependencias…");
  run("npm", ["install", "--no-audit", "--no-fund", "--include=dev"]);
  writeFileSync(stamp, lockHash);
}

function newest(entry) {
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(stats.mtimeMs, ...readdirSync(entry).map((name) => newest(path.join(entry, name))));
}

/** Builds when any source is newer than the last build. */
export function ensureBuilt() {
  const sources = [
    "app",
    "server",
    "public",
    "drizzle",
    "vite.config.ts",
    "react-router.config.ts",
    "package-lock.json",
  ]
    .map((entry) => path.join(root, entry))
    .filter((entry) => existsSync(entry));
  const output = path.join(root, process.env.BUILD_DIR ?? "build", "server/index.js");
  const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0;
  if (Math.max(...sources.map(newest)) <= builtAt) return;
  console.log("Construyendo Tianguis…");
  run("npx", ["react-router", "build"], { NODE_ENV: "production" });
  run("node", ["scripts/compress-assets.mjs"]);
}
