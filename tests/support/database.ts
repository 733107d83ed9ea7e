import { afterAll, inject } from "vitest";
import { connectDatabase, type DatabaseConnection, createClient } from "~/db/client.server";
import { withDatabase } from "./global-database";

/**
 * A fresh database for one test file, cloned from the migrated template, dropped afterwards.
 * Call it at the top level of a test file (or in beforeAll).
 */
export async function createTestDatabase(): Promise<DatabaseConnection & { url: string }> {
  const { url, drop } = await cloneTemplate();
  const connection = connectDatabase(url, { max: 8 });
  afterAll(async () => {
    await connection.close();
    await drop();
  });
  return { ...connection, url };
}

/**
 * The same fresh database, without a pool of the test's own kept open on it: for a test that
 * counts every connection the database has.
 */
export async function createTestDatabaseUrl(): Promise<string> {
  const { url, drop } = await cloneTemplate();
  afterAll(drop);
  return url;
}

async function cloneTemplate() {
  const adminUrl = inject("databaseAdminUrl");
  const template = inject("templateDatabase");
  const name = `tianguis_test_${Math.random().toString(36).slice(2, 10)}`;
  const admin = createClient({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  return {
    url: withDatabase(adminUrl, name),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
