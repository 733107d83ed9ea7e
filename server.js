// Runs Tianguis. Production (the default) serves the build made by `npm run build`;
// NODE_ENV=development serves the sources through Vite with hot reloading.
const development = process.env.NODE_ENV === "development";

if (development) {
  const vite = await import("vite").then(({ createServer }) =>
    createServer({ server: { middlewareMode: true }, appType: "custom" }),
  );
  const { startTianguis } = await vite.ssrLoadModule("./server/app.ts");
  await startTianguis({ vite });
} else {
  const buildDirectory = process.env.BUILD_DIR ?? "build";
  const { startTianguis } = await import(
    new URL(`./${buildDirectory}/server/index.js`, import.meta.url).href
  );
  await startTianguis();
}
