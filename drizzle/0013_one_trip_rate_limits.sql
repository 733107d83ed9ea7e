-- Fewer round trips per order (docs/decisions/022): a rate limit's hit in one round trip instead of
-- five. The keys are locked in a fixed order for the transaction (two callers never deadlock),
-- every window is counted, and the hits are recorded only when no limit is full: the same rule as
-- before, now inside the database, so an order's transaction waits on one statement for it.
CREATE FUNCTION tianguis_consume_rate_limits(keys text[], windows_ms bigint[], limits integer[], at_time timestamptz)
RETURNS TABLE (retry_after_seconds integer, hit_ids bigint[]) LANGUAGE plpgsql AS $$
DECLARE
  locked_key text;
  retry integer := 0;
  hits bigint;
  oldest timestamptz;
  ids bigint[];
BEGIN
  FOR locked_key IN SELECT DISTINCT k FROM unnest(keys) AS k ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock(hashtextextended(locked_key, 7));
  END LOOP;
  FOR i IN 1 .. coalesce(array_length(keys, 1), 0) LOOP
    SELECT count(*), min(h.at) INTO hits, oldest
    FROM rate_limit_hits h
    WHERE h.key = keys[i] AND h.at > at_time - windows_ms[i] * interval '1 millisecond';
    IF hits >= limits[i] AND oldest IS NOT NULL THEN
      retry := greatest(retry, 1, ceil(extract(epoch FROM (oldest + windows_ms[i] * interval '1 millisecond' - at_time)))::integer);
    END IF;
  END LOOP;
  IF retry > 0 THEN
    RETURN QUERY SELECT retry, ARRAY[]::bigint[];
    RETURN;
  END IF;
  WITH inserted AS (
    INSERT INTO rate_limit_hits (key, at) SELECT k, at_time FROM unnest(keys) AS k RETURNING id
  )
  SELECT array_agg(id ORDER BY id) INTO ids FROM inserted;
  RETURN QUERY SELECT 0, coalesce(ids, ARRAY[]::bigint[]);
END $$;
