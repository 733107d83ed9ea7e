/**
 * Browser tests drive the built app as a user would: one server process with the demo
 * marketplace. Its database is a real PostgreSQL that the tests can also reach
 * (`inject("e2eDatabaseUrl")`) to set up their own stores with the shared factories; each test
 * creates its own stores and users, so tests can run in parallel against one server.
 */
import { chmod, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "~/db/embedded.server";
import { createLogger } from "~/lib/logger.server";
import { withDatabase } from "./global-database";
import { startServerProcess } from "./server-process";
import { createClient } from "~/db/client.server";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    e2eDatabaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "tianguis-e2e-"));
  await chmod(dataDir, 0o755);
  let stopDatabase: (() => Promise<void>) | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const embedded = await startEmbeddedPostgres({
      dataDir,
      logger: createLogger("warn"),
      databaseName: "postgres",
      throwaway: true,
    });
    adminUrl = embedded.url;
    stopDatabase = embedded.stop;
  }
  const name = `tianguis_e2e_${process.pid}`;
  const admin = createClient({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const databaseUrl = withDatabase(adminUrl, name);

  const server = await startServerProcess({
    env: {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      DEMO_DATA: "true",
      SIGNUP_LIMIT_PER_HOUR: "1000",
      TRUST_PROXY: "loopback",
      // Every browser file shares this server: a worker per core, as `npm start` runs it.
      WEB_CONCURRENCY: "2",
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
    },
  });
  project.provide("baseUrl", server.url);
  project.provide("e2eDatabaseUrl", databaseUrl);
  return async () => {
    await server.stop();
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end();
    await stopDatabase?.();
    await rm(dataDir, { recursive: true, force: true });
  };
}
