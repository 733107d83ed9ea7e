import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";
import { UNIT_TESTS } from "./vitest.config";
import UnloadedFileFails from "./tests/support/unloaded-file-fails";

/**
 * What `npm run test:mutation` runs against each mutant: the unit project alone. StrykerJS's
 * Vitest runner starts every project of the config it is given, and the other projects start
 * databases, servers and browsers that no pure rule needs. A test file that fails to load counts
 * as one failed test (tests/support/unloaded-file-fails.ts), as it fails `npm test`.
 */
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: { name: "unit", ...UNIT_TESTS, reporters: ["default", new UnloadedFileFails()] },
});
