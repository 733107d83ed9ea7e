// @ts-check
/**
 * Mutation testing of the pure domain rules (`npm run test:mutation`; docs/testing.md). Slow, so
 * it is not part of `npm test` or CI: run it when you change a rule and read the survivors.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: "vitest",
  vitest: { configFile: "vitest.mutation.config.ts" },
  // The rules shared by browser and server; `*.server.ts` (database, secrets) and tests are not.
  // `*.fixture.ts` is test data shared by unit tests.
  mutate: [
    "app/domain/**/*.ts",
    "!app/domain/**/*.server.ts",
    "!app/domain/**/*.test.ts",
    "!app/domain/**/*.fixture.ts",
  ],
  coverageAnalysis: "perTest",
  // Not copied into the sandbox: builds, local data and reports nothing here reads.
  ignorePatterns: ["build", "build-*", "data", ".bench", "test-results", "playwright-report"],
  // Two workers: the machines here have two cores shared with other work. `-c 4` on a bigger one.
  concurrency: 2,
  // scrypt at its full cost runs in one unit test: a mutant's run may take that long.
  timeoutMS: 60_000,
  reporters: ["clear-text", "progress", "html"],
  htmlReporter: { fileName: "reports/mutation/index.html" },
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
  thresholds: { high: 90, low: 85, break: null },
};
