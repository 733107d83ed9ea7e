/**
 * The built server as `npm start` runs it (a worker per core) on its own embedded database with the
 * demo marketplace, for the benches that load it; `stop` also removes its data.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { startServerProcess } from "../../tests/support/server-process";

export async function startDemoServer(name: string) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `tianguis-bench-${name}-`));
  const server = await startServerProcess({
    env: {
      DATA_DIR: dataDir,
      DEMO_DATA: "true",
      LOG_LEVEL: "warn",
      WEB_CONCURRENCY: String(os.availableParallelism()),
    },
    timeoutMs: 180_000,
  });
  return {
    url: server.url,
    dataDir,
    stop: async () => {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
