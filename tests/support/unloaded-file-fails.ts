import type { RunnerTestCase } from "vitest";
import type { Reporter, Vitest } from "vitest/node";

/**
 * The mutation run's reporter (vitest.mutation.config.ts): a test file that failed to load becomes
 * one failed test, "the file loads". A mutant in a module's top level can make it throw as it is
 * imported (an `Intl.NumberFormat` given `currency: ""`, a zod schema given an empty enum), and
 * then every test file importing it fails — `npm test` catches it. But StrykerJS's Vitest runner
 * (9.x) builds a mutant's result from the tests it collected, and a file that never loaded
 * collected none, so it scored that mutant as survived. Files that loaded are left as they are.
 */
export default class UnloadedFileFails implements Reporter {
  private vitest: Vitest | undefined;

  onInit(vitest: Vitest) {
    this.vitest = vitest;
  }

  onTestRunEnd() {
    for (const file of this.vitest?.state.getFiles() ?? []) {
      if (file.result?.state !== "fail" || file.tasks.length > 0) continue;
      const loads = {
        type: "test",
        id: `${file.id}_loads`,
        name: "the file loads",
        mode: "run",
        meta: {},
        file,
        suite: file,
        timeout: 0,
        annotations: [],
        artifacts: [],
        result: { state: "fail", errors: file.result.errors ?? [] },
      };
      // The runner's own test type also holds a context, made only while a test runs; nothing
      // reads it once the run has ended.
      file.tasks.push(loads as unknown as RunnerTestCase);
    }
  }
}
