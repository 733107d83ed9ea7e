// Runs Tianguis. Production (the default) serves the build made by `npm run build`, on one
// worker process per core unless WEB_CONCURRENCY says otherwise (server/cluster.ts);
// NODE_ENV=development serves the sources through Vite with hot reloading, in one process.
import { fileURLToPath } from "node:url";

const development = process.env.NODE_ENV === "development";

if (development) {
  const vite = await import("vite").then(({ createServer }) =>
    createServer({ server: { middlewareMode: true }, appType: "custom" }),
  );
  const { startTianguis } = await vite.ssrLoadModule("./server/app.ts");
  await startTianguis({ vite });
} else {
  const buildDirectory = process.env.BUILD_DIR ?? "build";
  const { runTianguis } = await import(new URL(`./${buildDirectory}/server/index.js`, import.meta.url).href);
  await runTianguis(fileURLToPath(import.meta.url));
}
