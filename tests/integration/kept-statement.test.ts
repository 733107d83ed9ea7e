import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { connectDatabase, type Executor } from "~/db/client.server";
import { inTransaction } from "~/db/after-commit.server";
import { executeKept } from "~/db/kept-statement.server";
import { createTestDatabaseUrl } from "../support/database";

const url = await createTestDatabaseUrl();
const sessions = connectDatabase(url, { max: 1 });
const pooled = connectDatabase(url, { max: 1, namedStatements: false });
afterAll(async () => {
  await sessions.close();
  await pooled.close();
});

/** The statements prepared by name on the connection the executor runs on. */
async function preparedOn(db: Executor) {
  const { rows } = await db.execute<{ name: string; statement: string }>(
    sql`select name, statement from pg_prepared_statements order by name`,
  );
  return rows;
}

const square = (value: number) => sql`select ${value}::int * ${value}::int as square`;

describe("a kept statement", () => {
  it("is prepared once by name on its connection and answers each run's values", async () => {
    const answers = await inTransaction(sessions.db, async (tx) => {
      const found = [];
      for (const value of [2, 3, 4])
        found.push((await executeKept<{ square: number }>(tx, square(value))).rows);
      return { found, prepared: await preparedOn(tx) };
    });
    expect(answers.found).toEqual([[{ square: 4 }], [{ square: 9 }], [{ square: 16 }]]);
    expect(answers.prepared).toEqual([
      {
        name: expect.stringMatching(/^tianguis-kept-[\w-]{22}$/),
        statement: "select $1::int * $2::int as square",
      },
    ]);
  });

  it("takes a name of its own for each text", async () => {
    await executeKept(sessions.db, sql`select ${1}::int as one`);
    await executeKept(sessions.db, sql`select ${1}::int as other`);
    const names = (await preparedOn(sessions.db))
      .filter((row) => row.statement.includes("as one") || row.statement.includes("as other"))
      .map((row) => row.name);
    expect(names).toHaveLength(2);
    expect(new Set(names).size).toBe(2);
  });

  it("is sent unnamed on a pool behind a transaction pooler, and prepares nothing", async () => {
    const { rows } = await executeKept<{ square: number }>(pooled.db, square(5));
    expect(rows).toEqual([{ square: 25 }]);
    expect(await preparedOn(pooled.db)).toEqual([]);
  });
});
