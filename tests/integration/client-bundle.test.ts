import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { ROOT } from "../support/server-process";

/**
 * What the browser downloads must not carry the database: no Drizzle table objects, so none
 * of the schema's table names (`auth_session`, `push_subscriptions`, …), in any script of the
 * production build (`npm test` builds it first).
 */
describe("the production client bundle", () => {
  it("contains none of the schema's table names", async () => {
    const tables = Object.values(schema)
      .filter((value) => is(value, PgTable))
      .map((table) => getTableName(table as PgTable));
    expect(tables).toContain("auth_session");
    expect(tables).toContain("push_subscriptions");

    const dir = path.join(ROOT, "build/client");
    const files = (await readdir(dir, { recursive: true })).filter((file) => /\.(m?js)$/.test(file));
    expect(files.length).toBeGreaterThan(5);
    // One-word names ("orders", "products") are also ordinary words in the storefront's code;
    // the compound names and Drizzle's own marker are what a shipped table object carries.
    const distinctive = tables.filter((table) => table.includes("_"));
    const leaks: string[] = [];
    for (const file of files) {
      const text = await readFile(path.join(dir, file), "utf8");
      if (text.includes("drizzle:")) leaks.push(`${file}: drizzle`);
      for (const table of distinctive) if (text.includes(table)) leaks.push(`${file}: ${table}`);
    }
    expect(leaks).toEqual([]);
  });
});
