ALTER TABLE "products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (tianguis_search_text(name || ' ' || description)) STORED NOT NULL;--> statement-breakpoint
-- The city search reads the kept search text: no unaccent() per product on the way.
DROP INDEX IF EXISTS products_search_trgm_idx;
--> statement-breakpoint
CREATE INDEX products_search_trgm_idx ON products USING gin (search_text gin_trgm_ops);
--> statement-breakpoint
-- The city search as one function (docs/decisions/032): PL/pgSQL keeps the statement's plan for
-- the connection, so a search not seen before costs its execution and not a new plan. The matches
-- are gathered first, unordered, up to results_limit, and only then sorted and paged: with an
-- ORDER BY next to the LIMIT, PostgreSQL may walk products in index order testing each one.
-- A kept plan cannot look at the term, so the statement holds both ways of finding matches, and
-- by_trigrams picks one when it runs: a term with three letters or digits in a row through the
-- trigram index; a shorter one, which gives the index nothing to narrow with, store by store of
-- the city (strpos, which no index serves), stopping as soon as there are enough.
CREATE FUNCTION tianguis_city_search(city text, term text, results_limit integer, page_limit integer, page_offset integer)
RETURNS TABLE ("storeId" text, id text, name text, price float8, unit text, "imageKey" text, "storeName" text)
LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
DECLARE
  needle text := tianguis_search_text(term);
  pattern text := '%' || replace(replace(replace(needle, '\', '\\'), '%', '\%'), '_', '\_') || '%';
  by_trigrams boolean := needle ~ '[[:alnum:]]{3}';
BEGIN
  RETURN QUERY
  WITH matches AS MATERIALIZED (
    (SELECT p.store_id, p.id, p.name, p.price, p.unit, p.image_key
     FROM products p
     JOIN stores s ON s.id = p.store_id
     WHERE by_trigrams AND s.city_id = city AND NOT s.is_hidden AND p.available AND p.search_text LIKE pattern
     LIMIT results_limit)
    UNION ALL
    (SELECT p.store_id, p.id, p.name, p.price, p.unit, p.image_key
     FROM stores s
     CROSS JOIN LATERAL (
       SELECT p.store_id, p.id, p.name, p.price, p.unit, p.image_key
       FROM products p
       WHERE p.store_id = s.id AND p.available AND strpos(p.search_text, needle) > 0
       LIMIT results_limit
     ) p
     WHERE NOT by_trigrams AND s.city_id = city AND NOT s.is_hidden
     LIMIT results_limit)
  )
  SELECT m.store_id, m.id, m.name, m.price::float8, m.unit, m.image_key, ss.display_name
  FROM matches m
  JOIN store_settings ss ON ss.store_id = m.store_id
  ORDER BY m.store_id, m.id
  LIMIT page_limit OFFSET page_offset;
END $$;
