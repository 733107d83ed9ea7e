/**
 * Browser tests drive the built app as a user would: one server process with its own embedded
 * PostgreSQL and the demo marketplace. Tests create their own stores and users, so they can run
 * in parallel against it.
 */
import { chmod, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startServerProcess } from "./server-process";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "tianguis-e2e-"));
  await chmod(dataDir, 0o755);
  const server = await startServerProcess({
    env: { DATA_DIR: dataDir, DEMO_DATA: "true", SIGNUP_LIMIT_PER_HOUR: "1000", LOG_LEVEL: "warn" },
  });
  project.provide("baseUrl", server.url);
  return async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
