import { sql } from "drizzle-orm";

/**
 * "Contains this term, ignoring case and accents" as a LIKE pattern, built in SQL *after*
 * normalisation: unaccent() turns look-alikes such as "％" or "＿" into `%` and `_`, so escaping
 * before it would let them act as wildcards. `\` is LIKE's default escape character. Compare it
 * with `tianguis_search_text(<column>)`, the expression the trigram indexes are built on.
 */
export function containsPattern(term: string) {
  return sql`'%' || replace(replace(replace(tianguis_search_text(${term}::text), '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`;
}
