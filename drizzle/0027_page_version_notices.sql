-- The rendered-page cache keeps every instance's copy of page_versions in memory, kept current by
-- these notices (app/lib/page-cache/version-mirror.server.ts). Triggers on page_versions itself, not
-- in the functions that bump it: whatever writes the table — the bumps, a migration, an operator's
-- SQL — is announced. A notice is sent at commit, in commit order, and only if the writer commits.
-- Its payload is a JSON object of the scopes written and their new versions (null: deleted); one too
-- long for a notice (8000 bytes) is "*", "read the whole table again", as a TRUNCATE is.
CREATE FUNCTION tianguis_announce_page_versions() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  payload text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    payload := '*';
  ELSIF TG_OP = 'DELETE' THEN
    SELECT json_object_agg(scope, NULL)::text INTO payload FROM gone;
  ELSE
    SELECT json_object_agg(scope, version)::text INTO payload FROM written;
  END IF;
  IF payload IS NULL THEN
    RETURN NULL;
  END IF;
  IF octet_length(payload) > 7900 THEN
    payload := '*';
  END IF;
  PERFORM pg_notify('tianguis_page_versions', payload);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER page_versions_inserted AFTER INSERT ON page_versions
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION tianguis_announce_page_versions();
--> statement-breakpoint
CREATE TRIGGER page_versions_updated AFTER UPDATE ON page_versions
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION tianguis_announce_page_versions();
--> statement-breakpoint
CREATE TRIGGER page_versions_deleted AFTER DELETE ON page_versions
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION tianguis_announce_page_versions();
--> statement-breakpoint
CREATE TRIGGER page_versions_truncated AFTER TRUNCATE ON page_versions
  FOR EACH STATEMENT EXECUTE FUNCTION tianguis_announce_page_versions();
