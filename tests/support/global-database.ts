/**
 * Integration tests run on a real PostgreSQL: TEST_DATABASE_URL when set (CI also runs them on
 * the PostgreSQL 15 server), otherwise an embedded one in a temporary directory. The schema is
 * migrated once into a template database that each test file clones.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "~/db/embedded.server";
import { runMigrations } from "~/db/migrate.server";
import { createLogger } from "~/lib/logger.server";
import { createClient } from "~/db/client.server";

declare module "vitest" {
  export interface ProvidedContext {
    databaseAdminUrl: string;
    templateDatabase: string;
  }
}

export default async function setup(project: TestProject) {
  const logger = createLogger("warn");
  let dataDir: string | undefined;
  let stop: (() => Promise<void>) | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "tianguis-test-db-"));
    const embedded = await startEmbeddedPostgres({
      dataDir,
      logger,
      databaseName: "postgres",
      throwaway: true,
    });
    adminUrl = embedded.url;
    stop = embedded.stop;
  }
  const templateDatabase = `tianguis_template_${process.pid}_${Date.now().toString(36)}`;
  const admin = createClient({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${templateDatabase}`);
  await runMigrations(withDatabase(adminUrl, templateDatabase));
  project.provide("databaseAdminUrl", adminUrl);
  project.provide("templateDatabase", templateDatabase);

  return async () => {
    await admin.query(`drop database if exists ${templateDatabase} with (force)`).catch(() => {});
    await admin.end();
    await stop?.();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
