import { createHash } from "node:crypto";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { QueryResult, QueryResultRow } from "pg";
import type { Executor } from "./client.server";

const dialect = new PgDialect();

/**
 * Runs a statement prepared by name on its connection, so that PostgreSQL parses it once per
 * connection and, after five runs, keeps its plan instead of planning it again. For the few hot
 * statements whose planning costs more than their running (placing an order: the order's
 * statements take half the time in pgbench's extended protocol that they take prepared). The
 * name is the text's hash, so a statement must take few forms: values as parameters, lists as
 * arrays, never text that grows with the data. On a pool behind PgBouncer the name is dropped
 * (`createPool`), and the statement is parsed each time as any other.
 */
export async function executeKept<Row extends QueryResultRow>(
  db: Executor,
  query: SQL,
): Promise<QueryResult<Row>> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const prepared = db._.session.prepareQuery<{ execute: QueryResult<Row>; all: unknown; values: unknown }>(
    { sql: text, params },
    undefined,
    keptName(text),
    false,
  );
  return prepared.execute();
}

const names = new Map<string, string>();

/** The statement's name: "tianguis-kept-" and its text's hash, worked out once per text. */
function keptName(text: string) {
  let name = names.get(text);
  if (!name) {
    name = `tianguis-kept-${createHash("sha256").update(text).digest("base64url").slice(0, 22)}`;
    // A statement with more forms than expected still runs; only its names are no longer remembered.
    if (names.size < 1_000) names.set(text, name);
  }
  return name;
}
