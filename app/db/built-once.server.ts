import type { ReadDatabase } from "./read-database.server";

/**
 * A query whose SQL text is built once per database handle instead of once per call
 * (docs/decisions/022): Drizzle's query building was a tenth of the server's time on the order path, for the
 * same text every time. `build` makes the query with `sql.placeholder(...)` for its values and
 * prepares it with an empty name, so PostgreSQL still parses it as an unnamed statement, as before
 * and as `pgbench -M extended` does. A transaction is a handle of its own: there the query is
 * built as usual.
 */
export function builtOnce<Prepared>(build: (db: ReadDatabase) => Prepared) {
  const built = new WeakMap<ReadDatabase, Prepared>();
  return (db: ReadDatabase): Prepared => {
    let prepared = built.get(db);
    if (!prepared) {
      prepared = build(db);
      built.set(db, prepared);
    }
    return prepared;
  };
}
