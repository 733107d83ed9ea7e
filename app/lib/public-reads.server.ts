/**
 * The one seam through which a loader's public reads reach the read replica (docs/decisions/047).
 * The routing decides for each read, in app/db/replica.server.ts; a loader only says what it reads.
 * Whatever follows a user's own write, and every write, keeps `context.services.db`.
 */
import type { AppLoadContext } from "react-router";
import type { ReadDatabase } from "~/db/read-database.server";

/**
 * A public page's reads, given the page's scopes (`page_versions` rows, app/lib/page-cache/
 * cacheable-page.ts): on the replica when it has replayed the last write to those scopes that the
 * primary had when the request came, else on the primary. The page cache's versions for this
 * request are reused when it read them.
 */
export function publicReads<T>(
  context: AppLoadContext,
  scopes: readonly string[],
  read: (db: ReadDatabase) => Promise<T>,
): Promise<T> {
  return context.services.reads.page({ scopes, versions: context.pageVersions }, read);
}

/**
 * Reads that no page version covers (the sitemap, the owner's Resumen): on the replica when it has
 * replayed the primary's WAL up to where it was when the request came, else on the primary.
 */
export function recentReads<T>(context: AppLoadContext, read: (db: ReadDatabase) => Promise<T>): Promise<T> {
  return context.services.reads.recent(read);
}
