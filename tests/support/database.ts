import pg from "pg";
import { afterAll, inject } from "vitest";
import { connectDatabase, type DatabaseConnection } from "~/db/client.server";
import { withDatabase } from "./global-database";

/**
 * A fresh database for one test file, cloned from the migrated template, dropped afterwards.
 * Call it at the top level of a test file (or in beforeAll).
 */
export async function createTestDatabase(): Promise<DatabaseConnection & { url: string }> {
  const adminUrl = inject("databaseAdminUrl");
  const template = inject("templateDatabase");
  const name = `tianguis_test_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  const url = withDatabase(adminUrl, name);
  const connection = connectDatabase(url, { max: 30 });
  afterAll(async () => {
    await connection.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
  return { ...connection, url };
}
