import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

/** The unit project: pure rules and components, no database, server or browser. */
export const UNIT_TESTS = { include: ["app/**/*.test.{ts,tsx}"], environment: "node" as const };

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    // expect.poll waits for something observable (a row, an attribute, a delivery); it returns as
    // soon as that holds. Vitest's 1 s default is shorter than a page's hydration on a loaded 2-core
    // machine, so it only bounds how long a real failure takes to report.
    expect: { poll: { timeout: 15_000 } },
    reporters: process.env.VITEST_JSON
      ? ["default", ["json", { outputFile: process.env.VITEST_JSON }]]
      : ["default"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          ...UNIT_TESTS,
          // Re-encoding a phone photo takes seconds of one core when the machine is busy: the
          // time-out only bounds how long a real failure takes to report.
          testTimeout: 30_000,
          // Beside the integration files, which mostly wait on databases and servers (a group
          // shares one number of workers).
          sequence: { groupOrder: 1 },
          maxWorkers: 4,
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          // The browser tests come after: each layer starts servers and databases of its own.
          sequence: { groupOrder: 1 },
          // Files mostly wait on their databases and server processes: four at once fill two
          // cores (Vitest's default is one fewer than the cores, one file at a time here).
          maxWorkers: 4,
          // Modules load once per worker, not once per file: each file makes its own database.
          isolate: false,
          include: ["tests/integration/**/*.test.ts"],
          globalSetup: ["tests/support/global-database.ts"],
          setupFiles: ["tests/support/hash-cost.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          sequence: { groupOrder: 2 },
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/support/global-server.ts"],
          setupFiles: ["tests/support/hash-cost.ts"],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // Files mostly wait on Chromium and the server: four at once keep two cores busy.
          maxWorkers: 4,
          // Each file's own modules (Playwright, the factories, the schema) load once per worker
          // rather than once per file; files share nothing else (each makes its own stores).
          isolate: false,
        },
      },
    ],
  },
});
