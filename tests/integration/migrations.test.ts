import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { runMigrations } from "~/db/migrate.server";
import { createTestDatabase } from "../support/database";

const { db, url } = await createTestDatabase();
/** Every migration the journal lists is applied once, however many there are. */
const journal = JSON.parse(
  readFileSync(new URL("../../drizzle/meta/_journal.json", import.meta.url), "utf8"),
) as {
  entries: unknown[];
};

describe("migrations", () => {
  it("running them again, even concurrently, changes nothing", async () => {
    const tables = async () =>
      (
        await db.execute(
          sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
        )
      ).rows[0]!.n;
    const before = await tables();
    await Promise.all([runMigrations(url), runMigrations(url), runMigrations(url)]);
    await runMigrations(url);
    expect(await tables()).toBe(before);
    const applied = await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(applied.rows[0]!.n).toBe(journal.entries.length);
    const categories = await db.execute(sql`select id from store_categories order by position`);
    expect(categories.rows.map((row) => row.id)).toEqual(["sweets", "takeout", "gifts", "beauty"]);
  });

  it("installs accent- and case-insensitive search text", async () => {
    const result = await db.execute(sql`select tianguis_search_text('Café CAFÉ Ñandú') as text`);
    expect(result.rows[0]!.text).toBe("cafe cafe nandu");
  });
});
