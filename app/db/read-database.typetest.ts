/**
 * A read replica's handle cannot write: each line under `@ts-expect-error` must fail to compile,
 * and `npm run typecheck` fails when one compiles (an unused `@ts-expect-error` is an error). Never
 * run; tsc checks it. The replica's connections refuse writes at run time too
 * (tests/integration/read-replica.test.ts).
 */
import { sql } from "drizzle-orm";
import { inTransaction } from "./after-commit.server";
import type { Database } from "./client.server";
import { readSql } from "./read-database.server";
import type { ReplicaDatabase } from "./replica.server";
import { products } from "./schema";

export async function replicaCannotWrite(replica: ReplicaDatabase, primary: Database) {
  // What it is for compiles: selects, relational queries, counts and SQL declared as a read.
  await replica.select({ id: products.id }).from(products);
  await replica.query.products.findFirst();
  await replica.$count(products);
  await replica.execute(readSql`select 1`);
  // The primary is a ReadDatabase too, so a read function runs on either.
  const reads: ReplicaDatabase = primary;

  // @ts-expect-error -- no insert
  replica.insert(products);
  // @ts-expect-error -- no update
  replica.update(products);
  // @ts-expect-error -- no delete
  await replica.delete(products);
  /* eslint-disable no-restricted-syntax -- what must not compile is the point here */
  // @ts-expect-error -- no transaction
  await replica.transaction(async () => {});
  /* eslint-enable no-restricted-syntax */
  // @ts-expect-error -- no raw SQL that was not declared a read
  await replica.execute(sql`delete from products`);
  // @ts-expect-error -- no raw SQL as text
  await replica.execute("delete from products");
  // @ts-expect-error -- no pool to go round it
  await replica.$client.query("delete from products");
  // @ts-expect-error -- no refreshing a materialized view
  await replica.refreshMaterializedView;
  // @ts-expect-error -- not a Database: the write helpers refuse it
  await inTransaction(replica, async () => {});
  // @ts-expect-error -- nor can it stand for one
  const writable: Database = reads;
  return writable;
}
