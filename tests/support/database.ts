import { afterAll, describe, inject } from "vitest";
import { connectDatabase, type DatabaseConnection, createClient } from "~/db/client.server";
import { withDatabase } from "./global-database";

/**
 * `describe` for tests that run on a PostgreSQL cluster of their own — the embedded one a server
 * starts, a test kills, stops, backs up or restores — and never on the test database. CI's second
 * pass over the integration layer is about another PostgreSQL server (TEST_DATABASE_URL, with
 * TEST_SKIP_OWN_CLUSTERS=1): such a test would run there exactly as in the first pass, so that pass
 * skips it.
 */
export const describeOnOwnCluster = describe.skipIf(process.env.TEST_SKIP_OWN_CLUSTERS === "1");

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
