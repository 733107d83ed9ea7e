import { sql, type SQL } from "drizzle-orm";
import type { NodePgQueryResultHKT } from "drizzle-orm/node-postgres";
import type { PgRaw } from "drizzle-orm/pg-core/query-builders/raw";
import type { PgQueryResultKind } from "drizzle-orm/pg-core/session";
import type { Database } from "./client.server";

declare const declaredRead: unique symbol;

/**
 * SQL written as a read (`readSql`): the only raw SQL a `ReadDatabase` runs. The brand is a
 * declaration a reviewer checks, not a parser: a replica's connections refuse writes themselves
 * (`connectReplica`, docs/decisions/047).
 */
export type ReadSql = SQL & { readonly [declaredRead]: true };

/** `sql` for a statement that only reads: what `ReadDatabase.execute` takes. */
export function readSql(strings: TemplateStringsArray, ...params: unknown[]): ReadSql {
  return sql(strings, ...params) as ReadSql;
}

/**
 * What the public reads need and nothing that writes (docs/decisions/047): Drizzle's select and
 * relational query builders, its count, and raw SQL declared as a read. No insert, update,
 * delete, transaction or arbitrary `execute`, and no pool. A `Database` and a transaction are
 * both one, so a read function that takes it runs on the primary or, through the read routing
 * (app/db/replica.server.ts), on the read replica; `replica.insert(…)` does not compile
 * (app/db/read-database.typetest.ts).
 */
export type ReadDatabase = Pick<
  Database,
  "select" | "selectDistinct" | "selectDistinctOn" | "query" | "$count"
> & {
  execute<TRow extends Record<string, unknown> = Record<string, unknown>>(
    query: ReadSql,
  ): PgRaw<PgQueryResultKind<NodePgQueryResultHKT, TRow>>;
};

/**
 * A database handle narrowed to its reads at run time too: the object has no `insert`, no
 * `transaction` and no `$client`, whatever a cast says.
 */
export function readsOf(db: Database): ReadDatabase {
  return {
    select: db.select.bind(db),
    selectDistinct: db.selectDistinct.bind(db),
    selectDistinctOn: db.selectDistinctOn.bind(db),
    $count: db.$count.bind(db),
    query: db.query,
    execute: (query) => db.execute(query),
  };
}
