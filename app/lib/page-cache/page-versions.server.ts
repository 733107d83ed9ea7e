import type pg from "pg";
import { pageVersionReads } from "~/lib/metrics.server";

export type Versions = ReadonlyMap<string, number>;

/** The name the versions read is prepared under on each connection of a pool that keeps its sessions. */
export const PAGE_VERSIONS_STATEMENT = "tianguis-page-versions";

/**
 * Reads the current versions of page scopes for the rendered-page cache, in shared batches: every
 * request waits for a read that *began after it arrived* (so a write committed before the request
 * is always seen, on every instance), but all the requests that arrive while one read is under way
 * share the next one, started once the event loop has taken in every request that was waiting.
 * Under a burst, one small indexed query (prepared once per connection, sent by `pg` directly: it
 * runs for every page served) answers dozens of pages. A pool behind PgBouncer in transaction
 * mode sends it unnamed (`createPool`): there the name would not outlive one transaction.
 */
export function createPageVersionReader(pool: pg.Pool) {
  type Waiter = { resolve: (versions: Versions) => void; reject: (error: unknown) => void };
  let next: { scopes: Set<string>; waiters: Waiter[] } | null = null;
  let reading = false;

  const readBatch = async () => {
    reading = true;
    const batch = next!;
    next = null;
    try {
      pageVersionReads.inc();
      const { rows } = await pool.query<{ scope: string; version: string }>({
        name: PAGE_VERSIONS_STATEMENT,
        text: "select scope, version from page_versions where scope = any($1::text[])",
        values: [[...batch.scopes]],
      });
      const versions = new Map(rows.map((row) => [row.scope, Number(row.version)]));
      for (const waiter of batch.waiters) waiter.resolve(versions);
    } catch (error) {
      for (const waiter of batch.waiters) waiter.reject(error);
    } finally {
      reading = false;
      if (next) setImmediate(readBatch);
    }
  };

  return {
    /** The version of each scope (0 for one never written), read after this call. */
    read(scopes: readonly string[]): Promise<Versions> {
      if (scopes.length === 0) return Promise.resolve(new Map());
      return new Promise<Versions>((resolve, reject) => {
        next ??= { scopes: new Set(), waiters: [] };
        for (const scope of scopes) next.scopes.add(scope);
        next.waiters.push({ resolve, reject });
        if (!reading && next.waiters.length === 1) setImmediate(readBatch);
      });
    },
  };
}

export type PageVersionReader = ReturnType<typeof createPageVersionReader>;

/** Whether a page rendered under `rendered` is still current under `current`. */
export function sameVersions(scopes: readonly string[], rendered: Versions, current: Versions): boolean {
  return scopes.every((scope) => (rendered.get(scope) ?? 0) === (current.get(scope) ?? 0));
}
