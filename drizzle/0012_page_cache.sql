CREATE TABLE "page_versions" (
	"scope" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The rendered-page cache (docs/decisions/021): every write to what the public pages show bumps the
-- versions of the pages it changes, in the writer's own transaction, so a cached page is never
-- served after the change commits. Statement-level triggers: a bulk write (a seed, the featured
-- rotation) bumps each scope once. Scopes are bumped in sorted order, so writers queue instead of
-- deadlocking.
CREATE FUNCTION tianguis_touch_pages(scopes text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO page_versions AS current_version (scope, version)
  SELECT DISTINCT scope, 1 FROM unnest(scopes) AS scope WHERE scope IS NOT NULL ORDER BY 1
  ON CONFLICT (scope) DO UPDATE SET version = current_version.version + 1
$$;
--> statement-breakpoint
-- A store's own page, and the page of the city that lists it.
CREATE FUNCTION tianguis_touch_store_pages(store_ids text[]) RETURNS void LANGUAGE sql AS $$
  SELECT tianguis_touch_pages(ARRAY(
    SELECT 'store:' || id FROM unnest(store_ids) AS id
    UNION SELECT 'city:' || s.city_id FROM stores s WHERE s.id = ANY(store_ids)
  ))
$$;
--> statement-breakpoint
CREATE FUNCTION tianguis_pages_of_store_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM tianguis_touch_store_pages(ARRAY(SELECT DISTINCT store_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM tianguis_touch_store_pages(ARRAY(SELECT store_id FROM new_rows UNION SELECT store_id FROM old_rows));
  ELSE
    PERFORM tianguis_touch_store_pages(ARRAY(SELECT DISTINCT store_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION tianguis_pages_of_stores() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM tianguis_touch_pages(ARRAY(
      SELECT 'store:' || id FROM new_rows UNION SELECT 'city:' || city_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM tianguis_touch_pages(ARRAY(
      SELECT 'store:' || id FROM new_rows UNION SELECT 'city:' || city_id FROM new_rows
      UNION SELECT 'store:' || id FROM old_rows UNION SELECT 'city:' || city_id FROM old_rows));
  ELSE
    PERFORM tianguis_touch_pages(ARRAY(
      SELECT 'store:' || id FROM old_rows UNION SELECT 'city:' || city_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION tianguis_pages_of_cities() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM tianguis_touch_pages(ARRAY(SELECT 'city:' || id FROM old_rows));
  ELSE
    PERFORM tianguis_touch_pages(ARRAY(SELECT 'city:' || id FROM new_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Category names head every city's carousels.
CREATE FUNCTION tianguis_pages_of_directory() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM tianguis_touch_pages(ARRAY['directory']);
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  target record;
BEGIN
  FOR target IN
    SELECT * FROM (VALUES
      ('stores', 'tianguis_pages_of_stores'),
      ('store_settings', 'tianguis_pages_of_store_rows'),
      ('products', 'tianguis_pages_of_store_rows'),
      ('custom_domains', 'tianguis_pages_of_store_rows'),
      ('featured_products', 'tianguis_pages_of_store_rows'),
      ('cities', 'tianguis_pages_of_cities'),
      ('store_categories', 'tianguis_pages_of_directory')
    ) AS t(table_name, function_name)
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()',
      target.table_name || '_pages_inserted', target.table_name, target.function_name);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()',
      target.table_name || '_pages_updated', target.table_name, target.function_name);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()',
      target.table_name || '_pages_deleted', target.table_name, target.function_name);
  END LOOP;
END $$;
